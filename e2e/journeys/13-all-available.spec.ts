// Journey, evening (after 12-…): the all-available mode (orders §4–5, data.order.showAllRoutes). The vendor orders to
// an out-of-state NM- licence no licence record lists, on a day no route serves: the form offers the mode for it, the
// licence is then accepted with the address typed; nobody can cancel the order (Cancel stays visible, disabled, with
// the reason; the service answers 409); staff are offered every route and no route-day question, and the schedule
// shows the order on the route staff chose. The mode is the order's own, not a site switch: nothing global changes.
import { OrderMessages as M, OrderStatus, ORDER_STATUS_NAMES, Role } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { readRoutesDay, writeRoutesDay } from '../fixtures/journey-routes.ts';
import { optionsOf, rowShows, submitCreate } from './routes-views.ts';
import { listRow, scheduleShows } from './views.ts';

const approved = ORDER_STATUS_NAMES[OrderStatus.approved];

test('all-available mode: an unlisted NM- destination on a day no route serves; any route for staff; Cancel disabled', async ({
  api,
  open,
  look,
}) => {
  const s = readRoutesDay();
  const { nm } = s;
  const page = await open(s.vendor.email);
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill(nm.licence);
  await page.getByTestId('order-destinationLN').blur();
  await expect(page.getByText(M.licenceNotFound, { exact: true })).toBeVisible();
  await page.getByTestId('order-destName').pressSequentially(nm.name);
  await page.getByTestId('order-destAddress').pressSequentially(nm.address);
  await page.getByTestId('order-destCity').pressSequentially(nm.city);
  await page.getByTestId('order-destZip').pressSequentially(nm.zip);
  await page.getByTestId('order-preferredPickup').fill(s.tue);
  await page.getByTestId('order-preferredDelivery').fill(s.tue); // no route serves 87501
  await page.getByTestId('order-invoice').fill(`NM-${s.tag}`);
  await look(page, '13-all-available-unlisted');
  await page.getByTestId('order-showAllRoutes').check();
  await seen('the form: every route, any day; the unlisted NM- licence accepted', async () => {
    await expect(page.getByTestId('order-allowed-days')).toHaveText(
      'All routes are available: any delivery day from today.',
    );
    await expect(page.getByText(M.licenceNotFound, { exact: true })).toHaveCount(0);
  });
  // the full-page shot starts at the top (ticking the box scrolled the page under the sticky header)
  await page.evaluate(() => window.scrollTo(0, 0));
  await look(page, '13-all-available-form');
  const order = await submitCreate(page);
  s.orders.push(order.id);
  s.allOrder = { id: order.id, orderId: order.orderId };
  writeRoutesDay(s);
  expect(order.data.order.showAllRoutes).toBe(true);
  expect(order.data.destCompany).toMatchObject({ 'Street Address': nm.address, Zip: nm.zip });
  expect(order.data.destCompany.Licensee, 'the typed name').toBe(nm.name);

  // --- the vendor: Cancel stays visible, disabled, saying why; the service refuses it too
  await page.goto(`${APP}/dashboard/orders?id=${order.id}`);
  const cancel = page.getByTestId('order-cancel');
  await seen('Cancel Order disabled with the reason', async () => {
    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAttribute('title', M.cancelAllRoutes);
  });
  await cancel.scrollIntoViewIfNeeded();
  await look(page, '13-all-available-no-cancel');
  const vendorApi = await api(s.vendor.email);
  const refused = await vendorApi.call('/api/orders/cancel', { order: { id: order.id } });
  expect([refused.status, refused.json?.detail]).toEqual([409, M.cancelAllRoutes]);

  // --- staff: every route offered; put on the pickup route (it does not serve 87501) with no day question
  const staff = await api(Role.Admin);
  const admin = await open(DEMO[Role.Admin]);
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${order.id}`);
  const modal = admin.getByTestId('order-modal');
  await expect(modal.getByRole('heading', { name: `Edit Order ${order.orderId}` })).toBeVisible();
  await expect(modal.getByTestId('order-showAllRoutes')).toBeChecked();
  await seen('the Delivery Route select offers every route', () =>
    expect
      .poll(() => optionsOf(admin, 'order-route'))
      .toEqual(expect.arrayContaining([s.night.name, s.pickup.name])),
  );
  await modal.getByTestId('order-pickupDate').fill(s.tue);
  await modal.getByTestId('order-deliveryDate').fill(s.tue);
  await modal.getByTestId('order-route').selectOption({ label: s.pickup.name });
  await modal.getByTestId('order-status').selectOption(String(OrderStatus.approved));
  await seen('staff’s Cancel is disabled too', () =>
    expect(modal.getByTestId('order-cancel')).toBeDisabled(),
  );
  await look(admin, '13-all-available-staff-modal');
  await modal.getByTestId('order-submit').click();
  await expect(admin.getByText(M.updated).first()).toBeVisible();
  await expect(admin.getByTestId('order-confirm'), 'no route-day question').toHaveCount(0);
  await admin.keyboard.press('Escape');

  await seen('the vendor’s Outgoing: approved', async () => {
    await expect
      .poll(async () => (await listRow(vendorApi, 'outgoing', order.orderId, s.mon))?.statusName, SOON)
      .toBe(approved);
    expect(await rowShows(page, '/dashboard/orders', order.orderId, approved)).toContain(nm.name);
  });
  await look(page, '13-all-available-outgoing');
  await seen('Tuesday’s schedule: the pickup route’s Deliveries', () =>
    scheduleShows(admin, staff, true, s.tue, s.pickup.id, order.id, OrderStatus.approved),
  );
  await seen('the schedule names the typed destination', () =>
    expect(
      admin.getByTestId(`section-${s.pickup.id}-deliveries`).locator('tr').filter({ hasText: order.orderId }),
    ).toContainText(nm.name),
  );
  await look(admin, '13-all-available-schedule');
});
