// The order lists as a dispatcher reads them, on the running portal at 1366 × 900 and on a 390 px phone: the
// identifying columns (order ID, dates, vendor, destination, status) show whole without hovering, the rest scroll
// with the order ID pinned, Delete stays on screen; drivers and vehicles by name, Manifest No. the manifest's number;
// an order ID searched is found outside the week shown (no "Show All History"); the user's hidden columns and widths
// come back after a reload; and no console error (ag-grid's "error #200" among them).
import { Role, switchValue } from '@portal/contracts';
import { test, expect, APP, placeOrder, type Page, type ApiClient } from '@portal/e2e/fixtures';
import { dayFrom, testRoute } from './helpers.ts';

const IDENTIFYING = [
  'orderId',
  'createdAt',
  'pickupDate',
  'deliveryDate',
  'vendor',
  'destName',
  'destination',
  'status',
];
const SHOTS = '/tmp/shots-orders-grid';

/**
 * Every identifying cell and header that does not show its whole text (scrollWidth past clientWidth, or a wrapped
 * text taller than its row). Polled: ag-grid sets a grown row's height a frame after the rows are drawn.
 */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate((cols) => {
    const out: string[] = [];
    const cut = (el: Element) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    for (const col of cols) {
      const heads = document.querySelectorAll(
        `[data-testid="orders-table"] .ag-header-cell[col-id="${col}"] :is(.ag-header-cell-comp-wrapper, .ord-head)`,
      );
      for (const el of Array.from(heads)) if (cut(el)) out.push(`header ${col}`);
      const cells = document.querySelectorAll(`[data-testid="orders-table"] .ag-cell[col-id="${col}"]`);
      for (const cell of Array.from(cells))
        for (const el of [cell, ...Array.from(cell.querySelectorAll('.ag-cell-value, .ag-cell-wrapper'))])
          if (cut(el)) out.push(`${col}: "${(cell.textContent ?? '').trim()}"`);
    }
    return out;
  }, IDENTIFYING);
}

/** The identifying columns lie inside the window without scrolling (right edge within the viewport). */
async function offScreen(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    ({ cols, width }) =>
      cols.filter((col) => {
        const h = document.querySelector(`[data-testid="orders-table"] .ag-header-cell[col-id="${col}"]`);
        return !h || h.getBoundingClientRect().right > width;
      }),
    { cols: IDENTIFYING, width },
  );
}

async function fleetItem(admin: ApiClient, path: string, body: unknown, key: 'driver' | 'vehicle') {
  const r = await admin.call(path, body);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data[key].id as string;
}

test('Manage Orders at 1366 and 390 px: readable identifying columns, names, manifest number, ID search, kept layout, no console error', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const admin = await api(Role.Admin);
  // orders.showPickupDriver on for this test (the pickup driver's change mark), put back after: the config is shared
  const root = await api(Role.SuperAdmin);
  const config = (await root.call('/api/utils/config/all')).json.data as Record<string, unknown>;
  const pickupDriverWas = switchValue(config, 'orders.showPickupDriver');
  await root.call('/api/utils/config', { data: { 'orders.showPickupDriver': true } });
  const from = await testData.licence('gridvendor');
  const to = await testData.licence('gridreceiver');
  await testRoute(admin);
  const stamp = Date.now();
  const driverName = `E2E Grid Driver ${stamp}`;
  const vehicleName = `E2E Grid Van ${stamp}`;
  const driver = await fleetItem(admin, '/api/drivers/update', { driver: { name: driverName } }, 'driver');
  const vehicle = await fleetItem(
    admin,
    '/api/vehicles/create',
    { vehicle: { name: vehicleName } },
    'vehicle',
  );
  try {
    const today = `${dayFrom(0)}T12:00:00.000Z`;
    const order = await placeOrder(admin, {
      from,
      to,
      invoice: `GRID-${stamp}`,
      order: {
        preferredPickup: today,
        preferredDelivery: today,
        status: 1,
        driver: { pickup: driver, delivery: driver, pickupChange: new Date().toISOString() },
        vehicle: { pickup: vehicle, delivery: vehicle },
      },
      data: { billing: { manifest: `07${String(stamp).slice(-8)}` } },
    });
    // an order of another week: found by its ID with "Show All History" unticked
    const later = await placeOrder(admin, {
      from,
      to,
      invoice: `GRID-L-${stamp}`,
      order: {
        preferredPickup: `${dayFrom(20)}T12:00:00.000Z`,
        preferredDelivery: `${dayFrom(21)}T12:00:00.000Z`,
      },
    });

    const page = await signedInAs(Role.Admin);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage))
        if (k.startsWith('portal.orders.grid.')) localStorage.removeItem(k);
    });
    await page.goto(`${APP}/dashboard/adminManageOrders`);
    const table = page.getByTestId('orders-table');
    await table.locator('.ag-row').first().waitFor();

    // this week's page: every identifying cell whole, every identifying column on screen, Delete on screen
    await expect.poll(() => cutOff(page)).toEqual([]);
    expect(await offScreen(page, 1366)).toEqual([]);
    await page.getByTestId('orders-search').fill(order.orderId);
    const row = table.locator('.ag-pinned-left-cols-container .ag-row').filter({ hasText: order.orderId });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    const del = table.getByTestId('row-delete').first();
    await expect(del).toBeVisible();
    expect((await del.boundingBox())!.x + 40).toBeLessThan(1366);
    await expect.poll(() => cutOff(page)).toEqual([]);
    // names, not ids; the manifest's number; the pickup driver change in red with its word
    const driverCell = table.getByTestId('order-driver-cell').first();
    // the columns past the identifying ones: scrolled to (ag-grid renders the columns in view)
    await table
      .locator('.ag-body-horizontal-scroll-viewport')
      .evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect(driverCell).toContainText(driverName);
    await expect(driverCell).toContainText('(changed)');
    await expect(driverCell).not.toContainText(driver);
    await expect(driverCell.locator('.ord-driver-changed')).toHaveCSS('color', 'rgb(207, 34, 46)');
    await expect(table.getByTestId('order-vehicle-cell').first()).toHaveText(vehicleName);
    await expect(table.locator('.ag-cell[col-id="manifestNo"]').first()).toHaveText(
      `07${String(stamp).slice(-8)}`,
    );
    await page.screenshot({ path: `${SHOTS}/manage-orders-1366-scrolled.png` });
    await table.locator('.ag-body-horizontal-scroll-viewport').evaluate((el) => (el.scrollLeft = 0));
    await expect(page.getByTestId('orders-all')).not.toBeChecked();
    await page.getByTestId('orders-search').fill(later.orderId);
    await expect(table.locator('.ag-row').filter({ hasText: later.orderId }).first()).toBeVisible({
      timeout: 15_000,
    });
    await page.getByTestId('orders-search').fill('');
    // the week again (the search goes 750 ms after the last key): more than the one order found
    await expect(page.getByTestId('orders-table-range')).not.toHaveText(/–1( of 1)?$/, { timeout: 15_000 });
    await expect.poll(() => cutOff(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/manage-orders-1366.png` });
    await shot(page, 'orders-grid-1366');

    // the user's layout: hide Pickup, widen Vendor by dragging its edge; both survive a reload
    await page.getByTestId('orders-columns-toggle').click();
    await page.getByTestId('orders-columns-pickup').uncheck();
    await page.keyboard.press('Escape');
    await expect(table.locator('.ag-header-cell[col-id="pickup"]')).toHaveCount(0);
    const vendorHead = table.locator('.ag-header-cell[col-id="vendor"]');
    const before = (await vendorHead.boundingBox())!;
    const handle = (await vendorHead.locator('.ag-header-cell-resize').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 60, handle.y + handle.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await vendorHead.boundingBox())!.width).toBeGreaterThan(before.width + 40);
    await page.reload();
    await table.locator('.ag-row').first().waitFor();
    await expect(table.locator('.ag-header-cell[col-id="pickup"]')).toHaveCount(0);
    expect((await vendorHead.boundingBox())!.width).toBeGreaterThan(before.width + 40);
    await page.getByTestId('orders-columns-toggle').click();
    await expect(page.getByTestId('orders-columns-pickup')).not.toBeChecked();
    await page.getByTestId('orders-columns-reset').click();
    await page.keyboard.press('Escape');
    await expect(table.locator('.ag-header-cell[col-id="pickup"]')).toHaveCount(1);

    // a phone: the order ID pinned, the rest scrolls sideways, nothing cut
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('orders-search').fill(order.orderId);
    await expect(table.locator('.ag-pinned-left-cols-container .ag-row')).toHaveCount(1, { timeout: 15_000 });
    const pinned = table.locator('.ag-pinned-left-cols-container .ag-cell[col-id="orderId"]').first();
    await expect(pinned).toHaveText(order.orderId);
    expect((await pinned.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    const scroll = table.locator('.ag-body-horizontal-scroll-viewport');
    expect(await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect.poll(() => cutOff(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/manage-orders-390.png`, fullPage: true });
    await shot(page, 'orders-grid-390');

    expect(errors).toEqual([]);
  } finally {
    await root.call('/api/utils/config', { data: { 'orders.showPickupDriver': pickupDriverWas } });
    await admin.call('/api/drivers/delete', { driver: { id: driver } });
    await admin.call('/api/vehicles/delete', { vehicle: { id: vehicle } });
  }
});

test("a vendor's Outgoing and a receiver's Incoming at 1366 px: identifying columns whole, no fleet ids, no console error", async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const admin = await api(Role.Admin);
  const from = await testData.licence('gridout');
  const to = await testData.licence('gridin');
  const vendorEmail = await testData.signedUpUser(`e2e-gridout-${Date.now()}@test.portal`, from);
  const receiverEmail = await testData.signedUpUser(`e2e-gridin-${Date.now()}@test.portal`, to);
  await testRoute(admin);
  const order = await placeOrder(admin, { from, to, invoice: `GRID-V-${Date.now()}` });

  for (const [email, path, name] of [
    [vendorEmail, '/dashboard/orders', 'outgoing'],
    [receiverEmail, '/dashboard/incomingorders', 'incoming'],
  ] as const) {
    const page = await signedInAs(email);
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${APP}${path}`);
    const table = page.getByTestId('orders-table');
    await expect(table.locator('.ag-pinned-left-cols-container').getByText(order.orderId)).toBeVisible({
      timeout: 15_000,
    });
    await expect.poll(() => cutOff(page), { message: name }).toEqual([]);
    expect(await offScreen(page, 1366), name).toEqual([]);
    // the fleet's names are staff's to read: no Driver column rather than an id
    await expect(table.locator('.ag-header-cell[col-id="driver"]')).toHaveCount(0);
    await expect(table.getByTestId('row-delete')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
    await shot(page, `orders-grid-${name}-1366`);
    expect(errors, name).toEqual([]);
  }
});
