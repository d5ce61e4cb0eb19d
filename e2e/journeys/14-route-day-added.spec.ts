// Journey, late evening (after 13-…): staff add a day to a route and the order form follows it (routing → orders).
// The vendor asks for a Tuesday delivery to the receiver, whose zip only the overnight route serves (Mon/Wed/Fri):
// refused, naming the served days. A dispatcher opens that route in Manage Routes, adds Tuesday to the zip's row and
// saves. Within seconds the vendor's form names Tuesday among the zip's days and the Tuesday order is taken: orders
// keep routing's answers only until a route changes (docs/decisions/031-orders-keeps-route-days.md).
import { OrderMessages as M, RouteMessages, Role } from '@portal/contracts';
import { APP, DEMO, type Page } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { readRoutesDay, writeRoutesDay, type RoutesDay } from '../fixtures/journey-routes.ts';
import { layoverTo, submitCreate } from './routes-views.ts';

/** The vendor's order form to the receiver, Tuesday pickup and `delivery`, once the zip's days show. */
async function tuesdayOrder(page: Page, s: RoutesDay, days: string) {
  await layoverTo(page, s.receiver.licence);
  await expect(page.getByTestId('order-allowed-days')).toHaveText(
    `Delivery days for ${s.zip}: ${days}`,
    SOON,
  );
  await page.getByTestId('order-preferredPickup').fill(s.tue);
  await page.getByTestId('order-preferredDelivery').fill(s.tue);
  await page.getByTestId('order-invoice').fill(`TUE-${s.tag}`);
}

test('staff add Tuesday to a route: the vendor’s form offers it within seconds and the Tuesday order is taken', async ({
  open,
  look,
}) => {
  const s = readRoutesDay();
  const vendor = await open(s.vendor.email);
  await tuesdayOrder(vendor, s, 'Monday, Wednesday, Friday');
  await vendor.getByTestId('order-submit').click();
  await seen('before: Tuesday refused, naming the served days', async () => {
    await expect(vendor.getByTestId('order-banner')).toContainText(
      M.dayNotAllowedBanner('Monday, Wednesday, Friday'),
    );
    await expect(vendor.getByText(M.dayNotAllowed, { exact: true })).toBeVisible();
  });

  // --- the dispatcher: Manage Routes → the overnight route → its zip's row → Tuesday added → Submit
  const admin = await open(DEMO[Role.Admin]);
  await admin.goto(`${APP}/dashboard/manageRoutes`);
  await admin.getByTestId('routes-table').getByRole('link', { name: s.night.name }).click();
  await admin.getByTestId('route-rows').getByRole('button', { name: 'Edit Journeyville' }).click();
  const dialog = admin.getByTestId('row-dialog');
  await dialog.getByTestId('day-tue').click();
  await look(admin, '14-route-day-added-row');
  await dialog.getByTestId('row-save').click();
  await expect(admin.getByTestId('route-rows').getByTestId('row-days')).toContainText('Tue');
  await admin.getByTestId('route-submit').click();
  await admin.getByTestId('toast').getByText(RouteMessages.edited).waitFor();
  const saved = Date.now();

  // --- the vendor again: Tuesday among the zip's days, and the order for it taken
  await seen('the vendor’s form names Tuesday within 5 s of the save', () =>
    tuesdayOrder(vendor, s, 'Monday, Tuesday, Wednesday, Friday'),
  );
  await look(vendor, '14-route-day-added-form');
  const order = await submitCreate(vendor);
  s.orders.push(order.id);
  writeRoutesDay(s);
  expect(Date.now() - saved, 'taken within seconds of the route’s save').toBeLessThan(30_000);
  expect(order.data.order.preferredDelivery.slice(0, 10)).toBe(s.tue);
  expect(order.data.order.overnight, 'the Tuesday run of the overnight route').toBe(true);
  await expect(vendor.getByText(M.created).first()).toBeVisible();
});
