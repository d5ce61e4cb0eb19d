// What a user must see (scan), on the running portal: a driver on a 390 × 844 phone scans a label URL, marks
// the order picked up, loses the network, takes the receiver's signature and marks it delivered (queued in the
// browser, shown waiting), comes back online and the server's ledger has both steps in order, once each; an admin
// checks an order in by scan and meets "Order not found" for an unknown label. Screenshots in /tmp/shots-scan.
import { mkdirSync } from 'node:fs';
import { OrderStatus, Role, ScanMessages as SM } from '@portal/contracts';
import { test, expect, APP, placeOrder, type ApiClient, type Page } from '@portal/e2e/fixtures';
import { TEST_ZIP } from './helpers.ts';

const SHOTS = '/tmp/shots-scan';
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
/** A 1 × 1 PNG: the driver's profile signature when the demo driver has none (Order Picked Up needs one, §4). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** An approved order between two fresh licences with the demo driver on it, made by an admin. */
async function approvedOrder(admin: ApiClient, from: string, to: string, driverId: string) {
  return placeOrder(admin, {
    from,
    to,
    weight: '2',
    invoice: 'E2E-SCAN-1',
    source: 'api',
    order: { status: OrderStatus.approved, driver: { delivery: driverId } },
    data: {
      pickupCompany: { 'Street Address': '2 Test Way', City: 'Testville', Zip: TEST_ZIP },
      destCompany: { 'Street Address': '1 Test Way', City: 'Testville', Zip: TEST_ZIP },
    },
  });
}

async function scanLabel(page: Page, text: string) {
  await page.getByTestId('scan-input').fill(text);
}

test('driver at 390 px: scan the label, picked up, offline delivered with the receiver signature (queued), online → both steps in order', async ({
  signedInAs,
  api,
  testData,
}) => {
  const admin = await api(Role.Admin);
  const driverApi = await api(Role.Driver);
  const me = (await driverApi.call('/api/users/me')).json.user;
  if (!me.signature?.image) {
    const r = await driverApi.call('/api/users/update', {
      user: { email: me.email, signature: { image: PNG, name: 'Dan Driver' } },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  const order = await approvedOrder(
    admin,
    await testData.licence('scanvendor'),
    await testData.licence('scanreceiver'),
    me.id,
  );

  const page = await signedInAs(Role.Driver);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${APP}/dashboard/scan`);
  await page.getByTestId('scan-screen').waitFor();
  await expect(page.getByTestId('scan-waiting')).toHaveText('0 waiting');
  // the label's QR code holds {app}/order/{id}: the last path segment is the order
  await scanLabel(page, `${APP}/order/${order.id}`);
  await expect(page.getByTestId('scan-order-id')).toHaveText(order.orderId);
  await snap(page, 'driver-scanned');

  await page.getByTestId('scan-pickedup').click();
  await page.getByTestId('scan-confirm-yes').click();
  await expect(page.getByText(SM.pickedUp).first()).toBeVisible();
  await expect(page.getByTestId('scan-order-status')).toHaveText('Order Picked Up');

  // --- the network drops
  await page.context().setOffline(true);
  await expect(page.getByTestId('scan-net')).toContainText('Offline');
  await page.getByTestId('scan-delivered').click();
  await page.getByTestId('scan-receiver-sig-open').click();
  await page.getByTestId('scan-receiver-sig-name').fill('Rita Receiver');
  const pad = page.getByTestId('scan-receiver-sig-canvas');
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 10, { steps: 8 });
  await page.mouse.move(box.x + box.width - 20, box.y + box.height - 10, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('scan-receiver-sig-save').click();
  await expect(page.getByTestId('scan-receiver-sig-image')).toBeVisible();
  await page.getByTestId('scan-delivered-submit').click();
  await expect(page.getByTestId('scan-waiting')).toHaveText('1 waiting');
  await expect(page.getByTestId('scan-queue-item')).toHaveText(new RegExp(`${order.orderId} · Delivered`));
  await snap(page, 'driver-offline-waiting');
  const before = (await admin.call(`/api/orders/${order.id}/history`)).json.data.entries;
  expect(before.map((e: { action: string }) => e.action)).toEqual(['created', 'picked-up']);

  // --- back online: the queue is sent, in order, once
  await page.context().setOffline(false);
  await expect(page.getByTestId('scan-waiting')).toHaveText('0 waiting', { timeout: 20_000 });
  await expect(page.getByText(`${order.orderId} · Delivered: ${SM.delivered}`)).toBeVisible();
  await snap(page, 'driver-back-online');
  const h = (await driverApi.call(`/api/orders/${order.id}/history`)).json.data.entries;
  expect(h.map((e: { action: string }) => e.action)).toEqual(['created', 'picked-up', 'delivered']);
  expect(JSON.stringify(h)).not.toContain('data:image/png');
  const o = (await admin.call(`/api/orders/${order.id}`)).json.data.order;
  expect(o.status).toBe(OrderStatus.delivered);
  expect(o.data.order.signature.customer.name).toBe('Rita Receiver');
  expect((await admin.call(`/api/orders/${order.id}/history/verify`)).json.ok).toBe(true);
});

test('admin check-in by scan: "Order not found" for an unknown label, then Check In and Remove Check In', async ({
  signedInAs,
  api,
  testData,
}) => {
  const admin = await api(Role.Admin);
  const order = await approvedOrder(
    admin,
    await testData.licence('scanvendor'),
    await testData.licence('scanreceiver'),
    'nobody',
  );
  const page = await signedInAs(Role.Admin);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${APP}/dashboard/checkin`);
  await scanLabel(page, `${APP}/order/G-0000000`);
  await expect(page.getByTestId('scan-error')).toHaveText('Order not found');
  await snap(page, 'checkin-not-found');
  // typed key by key (a keyboard wedge scanner): one lookup, 750 ms after the last key
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes('/api/orders/')) lookups.push(r.url());
  });
  await page.getByTestId('scan-input').fill('');
  await page.getByTestId('scan-input').pressSequentially(`${APP}/order/${order.orderId}/`, { delay: 40 });
  await expect(page.getByTestId('scan-order-id')).toHaveText(order.orderId);
  expect(lookups).toEqual([`${APP}/api/orders/${order.orderId}`]);
  await expect(page.getByTestId('scan-error')).toHaveCount(0);
  await page.getByTestId('scan-checkin').click();
  await expect(page.getByText('Order checked in successfully!').first()).toBeVisible();
  await expect(page.getByTestId('scan-checkin-remove')).toBeVisible();
  await snap(page, 'checkin-done');
  await page.getByTestId('scan-checkin-remove').click();
  await expect(page.getByTestId('scan-checkin')).toBeVisible();
  const h = (await admin.call(`/api/orders/${order.id}/history`)).json.data.entries;
  expect(h.map((e: { action: string }) => e.action)).toEqual(['created', 'checked-in', 'check-in-removed']);
});

test('check-out by scan: the box count confirmation, the gate names the missing manifest, an admin overrides with a reason', async ({
  signedInAs,
  api,
  testData,
}) => {
  const admin = await api(Role.Admin);
  const order = await approvedOrder(
    admin,
    await testData.licence('scanvendor'),
    await testData.licence('scanreceiver'),
    'nobody',
  );
  const page = await signedInAs(Role.Admin);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${APP}/dashboard/checkout`);
  await scanLabel(page, order.orderId);
  await expect(page.getByTestId('scan-order-id')).toHaveText(order.orderId);
  await page.getByTestId('scan-checkout').click();
  await expect(page.getByTestId('scan-boxes')).toContainText(
    'Please confirm this is the correct box/bundle count?',
  );
  await expect(page.getByTestId('scan-boxes-count')).toHaveValue('2');
  await page.getByTestId('scan-boxes-count').fill('3');
  await page.getByTestId('scan-boxes-yes').click();
  await expect(page.getByTestId('scan-gate-message')).toHaveText(
    'Cannot check out this order: no manifest has been uploaded for this order. An admin may override with a reason.',
  );
  await page.getByTestId('scan-override-reason').fill('Paper manifest checked at the dock');
  await snap(page, 'checkout-gate');
  await page.getByTestId('scan-override').click();
  await expect(page.getByText('Order checked out successfully!').first()).toBeVisible();
  await expect(page.getByTestId('scan-order-boxes')).toHaveText('3');
  await expect(page.getByTestId('scan-checkout-remove')).toBeVisible();
  const h = (await admin.call(`/api/orders/${order.id}/history`)).json.data.entries;
  expect(h.map((e: { action: string }) => e.action)).toEqual(['created', 'gate-override', 'checked-out']);
  expect(h[1].changes[0].to.reason).toBe('Paper manifest checked at the dock');
});
