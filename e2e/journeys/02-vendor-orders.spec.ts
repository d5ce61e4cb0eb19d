// Journey, 8:00: the vendor looks up the public schedule for the receiver's zip, then places the day's order on
// Create Order. Choosing the destination's licence fills its address and zip and shows the days the route serves
// that zip; a day it does not serve is refused naming them; the Friday is taken. Then the manifest. The order shows
// at once in the vendor's Outgoing, the receiver's Incoming, staff's Manage Orders (found by its id), billing's
// projection, the new-order mail and the ledger.
import { OrderMessages as M, OrderStatus, ORDER_STATUS_NAMES, Role, type Order } from '@portal/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { APP, DEMO, uploadManifest } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { ledger, listRow, mailWithin5s, recon, searchGrid } from './views.ts';

async function manifestPdf(shipper: string, receiver: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  ['MANIFEST', `Shipper License: ${shipper}`, `Receiver License: ${receiver}`].forEach((l, i) =>
    page.drawText(l, { x: 50, y: 740 - i * 18, size: 12, font }),
  );
  return doc.save();
}

test('the vendor orders: the destination address, zip and serving days show; a wrong day is refused; the order shows everywhere', async ({
  api,
  mailbox,
  open,
  look,
  journey: s,
  handOver,
}) => {
  const { vendor, receiver } = s;
  // the public schedule (signed out) says which days the route serves the destination's zip
  const pub = await open(null);
  await pub.goto(`${APP}/dashboard/schedulesearch?q=${s.zip}`);
  await seen('the public schedule: the zip served Mon, Wed, Fri by the journey route', async () => {
    const row = pub.getByTestId('ss-row').filter({ hasText: s.route.name });
    await expect(row).toHaveCount(1);
    const days = await row.locator('td[data-label="Days"]').innerText();
    expect([/Mon/.test(days), /Tue/.test(days), /Wed/.test(days), /Fri/.test(days)], days).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
  await look(pub, '02-public-schedule');
  const page = await open(vendor.email);
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
  await expect(page.getByTestId('order-pickupLN')).toHaveValue(vendor.licence);
  await page.getByTestId('order-orderType').selectOption('layover');
  await page.getByTestId('order-destinationLN').fill(receiver.licence);
  await page.getByTestId('order-destinationLN-option').filter({ hasText: receiver.licence }).first().click();

  // the destination's licence brings its address and zip, and the zip its serving days
  const days = 'Monday, Wednesday, Friday';
  await seen('the destination’s address and zip on the form', async () => {
    await expect(page.getByTestId('order-destAddress')).toHaveValue(new RegExp(receiver.address), SOON);
    await expect(page.getByTestId('order-destZip')).toHaveValue(s.zip, SOON);
  });
  await seen('the zip’s serving days on the form', () =>
    expect(page.getByTestId('order-allowed-days')).toHaveText(`Delivery days for ${s.zip}: ${days}`, SOON),
  );
  await look(page, '02-order-destination');

  // a Tuesday: refused, naming the days the route serves
  await page.getByTestId('order-preferredPickup').fill(s.pickupDay);
  await page.getByTestId('order-preferredDelivery').fill(s.wrongDay);
  await page.getByTestId('order-invoice').fill(`JRN-${s.tag}`);
  await page.getByTestId('order-amount').fill('125.50');
  await page.getByTestId('order-notes').fill('Journey order: dock B, ring twice');
  await page.getByTestId('order-submit').click();
  await seen('the wrong day refused, naming the served days', async () => {
    await expect(page.getByTestId('order-banner')).toContainText(M.dayNotAllowedBanner(days));
    await expect(page.getByText(M.dayNotAllowed, { exact: true })).toBeVisible();
  });
  await look(page, '02-order-wrong-day');

  // the Friday: taken
  await page.getByTestId('order-preferredDelivery').fill(s.deliveryDay);
  const since = Date.now();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/orders/create'));
  await page.getByTestId('order-submit').click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(200);
  const order = ((await answer.json()) as { data: { order: Order } }).data.order;
  s.order = { id: order.id, orderId: order.orderId };
  handOver(s);
  await expect(page.getByText(M.created).first()).toBeVisible();
  await page.waitForURL(/\/dashboard\/orders/);
  const vendorApi = await api(vendor.email);
  await uploadManifest(vendorApi, order.id, await manifestPdf(vendor.licence, receiver.licence));

  // --- everywhere it shows, within 5 s
  const received = ORDER_STATUS_NAMES[OrderStatus.received];
  const staff = await api(Role.Admin);
  const receiverApi = await api(receiver.email);
  await seen('the vendor’s Outgoing (data, then screen)', async () => {
    await expect
      .poll(async () => (await listRow(vendorApi, 'outgoing', order.orderId, s.week))?.statusName, SOON)
      .toBe(received);
    expect(await searchGrid(page, '/dashboard/orders', order.orderId)).toContain(received);
  });
  await look(page, '02-vendor-outgoing');
  const rp = await open(receiver.email);
  await seen('the receiver’s Incoming (data, then screen)', async () => {
    await expect
      .poll(async () => (await listRow(receiverApi, 'incoming', order.orderId, s.week))?.statusName, SOON)
      .toBe(received);
    expect(await searchGrid(rp, '/dashboard/incomingorders', order.orderId)).toContain(received);
  });
  await look(rp, '02-receiver-incoming');
  const admin = await open(DEMO[Role.Admin]);
  await seen('staff’s Manage Orders, found by its id (data, then screen)', async () => {
    await expect
      .poll(async () => (await listRow(staff, 'admin', order.orderId, s.week))?.destName, SOON)
      .toContain(receiver.name);
    expect(await searchGrid(admin, '/dashboard/adminManageOrders', order.orderId)).toContain(received);
  });
  await look(admin, '02-admin-manage-orders');
  await seen('billing’s projection of the vendor’s week (listed, not counted)', () =>
    expect
      .poll(async () => {
        const r = await recon(staff, vendor.licence, s.week, s.deliveryDay);
        return r.orders.find((o) => o.orderId === order.orderId)?.counted;
      }, SOON)
      .toBe(false),
  );
  for (const to of [vendor.email, receiver.email])
    await seen(`the new-order mail to ${to}`, async () => {
      const mail = await mailWithin5s(mailbox, to, new RegExp(`^New order ${order.orderId}:`), since);
      expect(mail.text).toContain(order.orderId);
    });
  await seen('the ledger (created)', () =>
    expect.poll(() => ledger(staff, order.id), SOON).toContain('created'),
  );
  s.marks.ordered = Date.now();
  handOver(s);
});
