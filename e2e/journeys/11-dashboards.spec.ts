// Journey, 17:00: the dashboards count the day. Operations (staff) shows the journey's delivery on top of what
// Friday held before it (the day is shared with other orders); the vendor's My Reports shows its company's day
// alone: 1 order, 1 delivered.
import { Role } from '@portal/contracts';
import type { OperationsDashboard, VendorDashboard } from '@portal/contracts/billing';
import { APP, DEMO, type Page } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';

async function pickDay(page: Page, day: string) {
  await page.getByTestId('db-from').fill(day);
  await page.getByTestId('db-to').fill(day);
}
const figure = (page: Page, testId: string) => page.getByTestId(testId).locator('.db-figure-value');

test('the dashboards count the day: Operations and the vendor’s My Reports', async ({
  api,
  open,
  look,
  journey: s,
}) => {
  expect(s.order, 'the order step handed over its order').toBeTruthy();
  expect(s.opsBefore, 'the approve step noted Friday’s figures before the delivery').toBeTruthy();
  const before = s.opsBefore!;
  const q = `from=${s.deliveryDay}&to=${s.deliveryDay}`;

  // staff: Operations counts the journey's delivery
  const staff = await api(Role.Admin);
  await seen('Operations (data) counts the journey’s delivery', () =>
    expect
      .poll(async () => {
        const r = await staff.call(`/api/billing/dashboard/operations?${q}`);
        const t = (r.json?.data as OperationsDashboard['data'] | undefined)?.totals;
        return (t?.delivered ?? 0) - before.delivered;
      }, SOON)
      .toBeGreaterThanOrEqual(1),
  );
  const page = await open(DEMO[Role.Admin]);
  await page.goto(`${APP}/dashboard/operations`);
  await pickDay(page, s.deliveryDay);
  await seen('Operations (screen): the day’s deliveries and its chart', async () => {
    await expect
      .poll(async () => Number(await figure(page, 'db-deliveries').textContent()))
      .toBeGreaterThanOrEqual(before.delivered + 1);
    await expect(page.getByTestId('db-per-day').locator('svg.db-chart-surface')).toBeVisible();
  });
  await look(page, '11-operations');

  // the vendor: its own company's day
  const vendorApi = await api(s.vendor.email);
  await seen('the vendor’s dashboard (data): 1 order, 1 delivered', () =>
    expect
      .poll(async () => {
        const r = await vendorApi.call(`/api/billing/dashboard/vendor?${q}`);
        const t = (r.json?.data as VendorDashboard['data'] | undefined)?.totals;
        return [t?.orders, t?.delivered];
      }, SOON)
      .toEqual([1, 1]),
  );
  const vendor = await open(s.vendor.email);
  await vendor.goto(`${APP}/dashboard/userreports`);
  await pickDay(vendor, s.deliveryDay);
  await seen('My Reports (screen): 1 order, 1 delivered', async () => {
    await expect(figure(vendor, 'db-orders')).toHaveText('1');
    await expect(figure(vendor, 'db-deliveries')).toHaveText('1');
  });
  await look(vendor, '11-vendor-my-reports');
});
