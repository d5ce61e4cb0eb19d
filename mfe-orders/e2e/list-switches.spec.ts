// orders §2 "Order list screens" and §6 "Configured switches" on the running portal: the informational text from
// config above Manage Orders; Show All History without a search pages the whole history from the service; with
// orders.includeAddress and orders.includeDBA on, a row's Pickup has the street address and its Vendor the DBA (the
// service's rows, through accounts' config event); Show Only Delivered never lists Order Picked Up. The switches
// are put back after: the config is shared.
import { Role, switchValue } from '@portal/contracts';
import { test, expect, APP, placeOrder } from '@portal/e2e/fixtures';

const SHOTS = '/tmp/shots-orders-lists';
const KEYS = ['orders.includeAddress', 'orders.includeDBA'] as const;

test('Manage Orders: the info text, all history without a search, address and DBA switches, delivered only', async ({
  signedInAs,
  api,
  testData,
}) => {
  const root = await api(Role.SuperAdmin);
  const admin = await api(Role.Admin);
  const was = (await root.call('/api/utils/config/all')).json.data as Record<string, unknown>;
  const info = `Orders placed after 2 pm ship the next business day (${Date.now()}).`;
  try {
    await root.call('/api/utils/config', {
      data: { 'orders.infoText': info, 'orders.includeAddress': true, 'orders.includeDBA': true },
    });
    const from = await testData.licence('switchvendor');
    const to = await testData.licence('switchreceiver');
    const order = await placeOrder(admin, { from, to, invoice: `SW-${Date.now()}` });
    // the service's rows follow the switches once accounts' config event reached orders' read model
    await expect
      .poll(
        async () => {
          const r = await admin.call(`/api/orders?list=admin&all=true&q=${order.orderId}`);
          return (r.json.data.orders[0]?.pickup as string | undefined) ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain(',');

    const page = await signedInAs(Role.Admin);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${APP}/dashboard/adminManageOrders`);
    await expect(page.getByTestId('orders-info')).toHaveText(info);
    await page.getByTestId('orders-all').check();
    const table = page.getByTestId('orders-table');
    await expect(table.locator('.ag-row').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('orders-all-hint')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/manage-orders-all-history-1366.png` });
    await page.getByTestId('orders-search').fill(order.orderId);
    const row = table.locator('.ag-center-cols-container .ag-row').first();
    await expect(row.locator('.ag-cell[col-id="vendor"]')).toContainText('(DBA', { timeout: 15_000 });
    await expect(row.locator('.ag-cell[col-id="pickup"]')).toContainText(',');
    await page.screenshot({ path: `${SHOTS}/manage-orders-switches-1366.png` });
    await page.getByTestId('orders-search').fill('');
    await page.getByTestId('orders-delivered').check();
    await page.waitForTimeout(1000);
    const statuses = await table.locator('.ag-cell[col-id="status"]').allTextContents();
    expect(statuses.filter((s) => /Picked Up/.test(s))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/manage-orders-390.png`, fullPage: true });
  } finally {
    await root.call('/api/utils/config', {
      data: {
        'orders.infoText': typeof was['orders.infoText'] === 'string' ? was['orders.infoText'] : '',
        ...Object.fromEntries(KEYS.map((k) => [k, switchValue(was, k)])),
      },
    });
  }
});
