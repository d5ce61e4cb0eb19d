// orders §2 "Order list screens" and §6 "Configured switches" on the lists: the informational text from config,
// Show All History without a search (the server pages it), orders.showPickupDriver (the pickup driver with the
// 24-hour change mark, else the order's driver only), orders.showVin (the vehicle with its VIN), orders.isInternalDist
// with orders.internal.alwaysShow (the Order Def filter starts on External unless internal orders always show).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { admin, me, row, rowPage } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VIN = '1HGCM82633A004352';
const page1 = rowPage(
  [
    row(1),
    row(2, {
      pickupDriver: 'drv-1',
      deliveryDriver: 'drv-2',
      driver: 'drv-2',
      pickupVehicle: 'veh-1',
      deliveryVehicle: 'veh-1',
      pickupDriverChange: '2026-11-24T08:00:00.000Z',
    }),
  ],
  null,
  2,
);
let ui: Mounted;
const urls: URL[] = [];
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/lists.tsx'), exportName: 'AdminOrders' },
    {
      'GET /api/orders': (_b, url) => {
        urls.push(url);
        return [200, page1];
      },
      'GET /api/users/me': () => [200, me(1)],
      'GET /api/drivers': () => [
        200,
        {
          data: {
            drivers: [
              { id: 'drv-1', name: 'Pat Pickup' },
              { id: 'drv-2', name: 'Dee Delivery' },
            ],
          },
        },
      ],
      'GET /api/vehicles': () => [200, { data: { vehicles: [{ id: 'veh-1', name: 'Van 7', vin: VIN }] } }],
    },
  );
});
after(() => ui?.close());

const open = (config: Record<string, unknown>) =>
  ui.open({ path: '/dashboard/adminManageOrders', user: admin, config, width: 1366 });

test('switches off (their defaults): the order driver only, no VIN, no info text, no Order Def', async () => {
  const page = await open({});
  const table = page.getByTestId('orders-table');
  await table.getByText('G-100002').waitFor();
  const cell = table.getByTestId('order-driver-cell');
  await cell.getByText('Dee Delivery').waitFor();
  assert.equal(await cell.getByText('Pat Pickup').count(), 0, 'no pickup driver');
  assert.equal(await cell.getByText('(changed)').count(), 0);
  await table.getByText('Van 7').waitFor();
  assert.equal(await table.getByText(VIN, { exact: false }).count(), 0);
  assert.equal(await page.getByTestId('orders-info').count(), 0);
  assert.equal(await page.getByTestId('orders-def').count(), 0);
  await page.close();
});

test('orders §2 Show All History without a search asks the server for the whole history', async () => {
  const page = await open({});
  await page.getByTestId('orders-table').getByText('G-100001').waitFor();
  await page.getByTestId('orders-all').check();
  await page.waitForTimeout(300);
  const u = urls.at(-1)!;
  assert.equal(u.searchParams.get('all'), 'true');
  assert.equal(u.searchParams.get('q'), null);
  assert.equal(u.searchParams.get('week'), null);
  await page.getByTestId('orders-table').getByText('G-100001').waitFor();
  assert.equal(await page.getByTestId('orders-all-hint').count(), 0, 'no "type a search" wall');
  await page.close();
});

test('switches on: pickup driver with its change mark, the VIN, the info text, External first', async () => {
  const page = await open({
    'orders.showPickupDriver': true,
    'orders.showVin': 'true', // older settings screens wrote strings
    'orders.isInternalDist': true,
    'orders.infoText': 'Orders placed after 2 pm ship the next business day.',
  });
  await page.getByTestId('orders-info').getByText('ship the next business day').waitFor();
  const table = page.getByTestId('orders-table');
  const cell = table.getByTestId('order-driver-cell');
  await cell.getByText('Pat Pickup').waitFor();
  await cell.getByText('(changed)').waitFor();
  await cell.getByText('Dee Delivery').waitFor();
  await table.getByText(`Van 7 (VIN ${VIN})`).waitFor();
  assert.equal(urls.at(-1)!.searchParams.get('def'), 'ext', 'internal orders out of the way at first');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'orders-switches-on.png'), fullPage: true });
  await page.close();
});

test('orders.internal.alwaysShow: an internal distributor starts on All orders', async () => {
  const page = await open({ 'orders.isInternalDist': true, 'orders.internal.alwaysShow': true });
  await page.getByTestId('orders-table').getByText('G-100001').waitFor();
  await page.getByTestId('orders-def').waitFor();
  assert.equal(urls.at(-1)!.searchParams.get('def'), null);
  await page.close();
});
