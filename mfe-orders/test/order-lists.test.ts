// The order lists over the server (B's GET /api/orders): sort headers, debounced search, keyset pages and the count
// reach the query; a row click (or Enter) opens the Edit Order modal and sets ?id=; incoming rows open nothing; the
// admin deletes and undeletes; overnight rows show the clock and the day after; empty and error states; the public
// weekly view. Fake pages are checked against the contracts' OrderRowPage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { PublicOrderWeek } from '@portal/contracts';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { admin, history, me, order, row, rowPage, vendor } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const page1 = rowPage(
  [
    row(1),
    row(2, {
      overnight: true,
      status: 3,
      statusName: 'Delivered',
      pickupDriver: 'drv-1',
      deliveryDriver: 'drv-1',
      pickupVehicle: 'veh-1',
      deliveryVehicle: 'veh-1',
      pickupDriverChange: '2026-11-24T08:00:00.000Z',
      manifestNo: '0004471234',
    }),
    row(3, { deleted: 1 }),
  ],
  'next_1',
  120,
);
const page2 = rowPage([row(4)], null, null);
const empty = rowPage([], null, 0);
let mode: 'rows' | 'empty' | 'down' = 'rows';
const publicWeek = {
  data: {
    week: '2026-11-23',
    orders: [
      {
        orderId: 'G-100009',
        deliveryDate: '2026-11-25T12:00:00.000Z',
        preferredDelivery: null,
        vendor: 'Green Leaf LLC',
        destName: 'Harbor Goods',
        destination: 'Portland',
        status: 1,
        statusName: 'Order Approved',
        boxCount: '2',
        overnight: false,
      },
    ],
  },
};
assert.ok(Value.Check(PublicOrderWeek, publicWeek));

let ui: Mounted;
/** The list calls' URLs (the harness records paths only; the fake keeps the queries). */
const listUrls: URL[] = [];
const last = (_call: string) => listUrls.at(-1)!;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/lists.tsx'), exportName: 'AdminOrders' },
    {
      'GET /api/orders': (_b, url) => {
        listUrls.push(url);
        if (mode === 'down') return [503, { message: 'orders is unavailable' }];
        if (mode === 'empty' || url.searchParams.get('q') === 'nothing') return [200, empty];
        return [200, url.searchParams.get('cursor') === 'next_1' ? page2 : page1];
      },
      'GET /api/orders/o-1': () => [200, { data: { order: order() } }],
      'GET /api/orders/o-1/history': () => [200, { data: { orderId: 'G-100001', entries: history } }],
      'GET /api/users/me': () => [200, me(1)],
      'GET /api/drivers': () => [200, { data: { drivers: [{ id: 'drv-1', name: 'Dana Driver' }] } }],
      'GET /api/vehicles': () => [200, { data: { vehicles: [{ id: 'veh-1', name: 'Van 7' }] } }],
      'GET /api/routes': () => [200, { data: { routes: [] } }],
      'POST /api/routes/find': () => [
        200,
        { data: { zip: '97201', from: '', to: '', routes: [], dates: [] } },
      ],
      'POST /api/orders/delete': () => [200, { data: { order: order({}, { deleted: 1 }) } }],
      'POST /api/orders/undelete': () => [200, { data: { order: order() } }],
      'GET /api/orders/public': () => [200, publicWeek],
    },
  );
});
after(() => ui?.close());

test('admin: the week, sort and search go to the server; pages by cursor; the count; the overnight clock', async () => {
  mode = 'rows';
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/adminManageOrders', user: admin });
  const table = page.getByTestId('orders-table');
  await table.getByText('G-100001').waitFor();
  const first = last('GET /api/orders');
  assert.equal(first.searchParams.get('list'), 'admin');
  assert.match(first.searchParams.get('week') ?? '', /^\d{4}-\d{2}-\d{2}$/);
  assert.equal(first.searchParams.get('sort'), 'createdAt');
  assert.equal(first.searchParams.get('dir'), 'desc');
  await page.getByTestId('orders-table-range').getByText('Orders 1–3 of 120').waitFor();
  await table.getByTestId('order-overnight').getByText('2026-11-26').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'orders-admin.png'), fullPage: true });

  await page.getByTestId('sort-vendor').click();
  await page.waitForTimeout(300);
  assert.equal(last('GET /api/orders').searchParams.get('sort'), 'vendor');
  assert.equal(last('GET /api/orders').searchParams.get('dir'), 'asc');
  await page.getByTestId('sort-vendor').press('Enter');
  await page.waitForTimeout(300);
  assert.equal(last('GET /api/orders').searchParams.get('dir'), 'desc', 'the header sorts from the keyboard');

  await page.getByTestId('orders-table-next').click();
  await table.getByText('G-100004').waitFor();
  assert.equal(last('GET /api/orders').searchParams.get('cursor'), 'next_1');
  await page.getByTestId('orders-table-prev').click();
  await table.getByText('G-100001').first().waitFor();

  await page.getByTestId('orders-search').fill('nothing');
  await page.getByTestId('orders-empty').waitFor();
  assert.equal(last('GET /api/orders').searchParams.get('q'), 'nothing');
  assert.equal(
    listUrls.filter((u) => u.searchParams.get('q')?.startsWith('n')).length,
    1,
    'one call after the debounce, not one per key',
  );
  await page.close();
});

test('admin: a row click opens Edit Order {orderId} with ?id=; delete and undelete from the row', async () => {
  mode = 'rows';
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/adminManageOrders', user: admin });
  const table = page.getByTestId('orders-table');
  await table.getByText('G-100001').click();
  const modal = page.getByTestId('order-modal');
  await modal.getByRole('heading', { name: 'Edit Order G-100001' }).waitFor();
  assert.equal(await page.evaluate(() => location.search), '?id=o-1');
  await modal.getByTestId('order-form').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'order-modal.png'), fullPage: true });
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await modal.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => location.search), '');

  // Keyboard: Enter on a focused cell opens the order as a click does.
  await table.locator('.ag-center-cols-container .ag-row[row-id="o-1"] .ag-cell').nth(1).focus();
  await page.keyboard.press('Enter');
  await modal.getByRole('heading', { name: 'Edit Order G-100001' }).waitFor();
  await modal.getByTestId('order-form').waitFor();
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });

  // the order ID is pinned left and Delete pinned right: the row's parts share its row-id
  await table.locator('.ag-row[row-id="o-1"]').getByTestId('row-delete').click();
  await page.getByText('Order G-100001 deleted.').waitFor();
  await table.locator('.ag-row[row-id="o-3"]').getByTestId('row-undelete').click();
  await page.getByText('Order G-100003 restored.').waitFor();
  assert.deepEqual(ui.calls.find((c) => c.call === 'POST /api/orders/delete')!.body, {
    order: { id: 'o-1' },
  });
  await page.close();
});

test('a deep link ?id= opens the modal; 700 px keeps the order ID pinned and scrolls the rest', async () => {
  mode = 'rows';
  const page = await ui.open({ path: '/dashboard/adminManageOrders?id=o-1', user: admin, width: 700 });
  await page.getByTestId('order-modal').getByRole('heading', { name: 'Edit Order G-100001' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('orders-table').getByText('G-100001').waitFor();
  const table = page.getByTestId('orders-table');
  await table.locator('.ag-pinned-left-cols-container').getByText('G-100001').waitFor();
  // ag-grid sizes the columns a frame after the rows: look again for up to 5 s
  const scroll = table.locator('.ag-body-horizontal-scroll-viewport');
  let scrolls = false;
  for (const until = Date.now() + 5000; !scrolls && Date.now() < until;)
    scrolls =
      (await scroll.evaluate((el) => el.scrollWidth > el.clientWidth)) ||
      (await new Promise((r) => setTimeout(r, 50)).then(() => false));
  assert.ok(scrolls, 'the other columns scroll');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'orders-admin-700.png'), fullPage: true });
  await page.close();
});

test('names, not ids; the columns a user hides come back hidden after a reload (their browser, their id)', async () => {
  mode = 'rows';
  const page = await ui.open({ path: '/dashboard/adminManageOrders', user: admin, width: 1366 });
  const table = page.getByTestId('orders-table');
  await table.getByText('G-100002').waitFor();
  await table.locator('.ag-body-horizontal-scroll-viewport').evaluate((el) => (el.scrollLeft = 5000));
  const driverCell = table.getByTestId('order-driver-cell');
  await driverCell.waitFor();
  // the order's driver; the pickup driver and its change mark come with orders.showPickupDriver (order-lists-config)
  assert.equal(await driverCell.textContent(), 'Dana Driver');
  assert.equal(await table.getByTestId('order-vehicle-cell').textContent(), 'Van 7');
  assert.ok(await table.getByText('0004471234').isVisible());
  await page.getByTestId('orders-columns-toggle').click();
  await page.getByTestId('orders-columns-boxCount').uncheck();
  await page.reload();
  await page.getByTestId('orders-table').getByText('G-100002').waitFor();
  await page.getByTestId('orders-columns-toggle').click();
  assert.equal(await page.getByTestId('orders-columns-boxCount').isChecked(), false);
  assert.deepEqual(
    await page.evaluate(() => JSON.parse(localStorage.getItem('portal.orders.grid.u-admin.admin') ?? '{}')),
    { hidden: ['boxCount'], widths: {} },
  );
  await page.getByTestId('orders-columns-reset').click();
  assert.equal(await page.getByTestId('orders-columns-boxCount').isChecked(), true);
  await page.close();
});

test('the service is down: the error with Try again; then the empty state', async () => {
  mode = 'down';
  const page = await ui.open({ path: '/dashboard/adminManageOrders', user: admin });
  await page.getByTestId('orders-error').waitFor({ timeout: 10_000 });
  mode = 'empty';
  await page.getByTestId('orders-error').getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('orders-empty').waitFor();
  await page.close();
});

test('Show All History lifts the week; a search narrows it', async () => {
  mode = 'rows';
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/adminManageOrders', user: admin });
  await page.getByTestId('orders-table').getByText('G-100001').waitFor();
  await page.getByTestId('orders-all').check();
  await page.waitForTimeout(300);
  assert.equal(last('GET /api/orders').searchParams.get('q'), null, 'all history without a search is asked');
  await page.getByTestId('orders-search').fill('harbor');
  for (let i = 0; i < 30 && last('GET /api/orders').searchParams.get('q') !== 'harbor'; i++)
    await page.waitForTimeout(100); // the search's debounce
  await page.getByTestId('orders-table').getByText('G-100001').waitFor();
  const q = last('GET /api/orders').searchParams;
  assert.equal(q.get('all'), 'true');
  assert.equal(q.get('week'), null);
  assert.equal(q.get('q'), 'harbor');
  await page.close();
});
void vendor;
