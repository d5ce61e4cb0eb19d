// Journey, 15:00, at the receiver's door with no signal: the driver scans the label, takes the receiver's signature
// and marks the order Delivered while offline (queued on the phone, shown waiting); back online the queue is sent
// once. Within 5 s the order reads Delivered on the admin's and the driver's daily schedules, in every list, in
// billing's reconciliation (counted), the receiver gets the status mail and the ledger has the step and verifies.
import { OrderStatus, ORDER_STATUS_NAMES, Role, ScanMessages as SM } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import {
  draw,
  ledger,
  ledgerVerifies,
  listRow,
  mailWithin5s,
  recon,
  scheduleShows,
  stored,
} from './views.ts';

test('the driver delivers offline with the receiver’s signature; back online it shows Delivered everywhere within 5 s', async ({
  api,
  mailbox,
  open,
  look,
  journey: s,
  handOver,
}) => {
  expect(s.order, 'the order step handed over its order').toBeTruthy();
  const { id, orderId } = s.order!;
  const staff = await api(Role.Admin);
  const phone = await open(s.driver.email, { phone: true });
  await phone.goto(`${APP}/dashboard/scan`);
  await phone.getByTestId('scan-screen').waitFor();
  await expect(phone.getByTestId('scan-waiting')).toHaveText('0 waiting');
  await phone.getByTestId('scan-input').fill(`${APP}/order/${id}`);
  await expect(phone.getByTestId('scan-order-id')).toHaveText(orderId);

  // --- no signal: the delivery with the receiver's signature waits on the phone
  await phone.context().setOffline(true);
  await expect(phone.getByTestId('scan-net')).toContainText('Offline');
  await phone.getByTestId('scan-delivered').click();
  await phone.getByTestId('scan-receiver-sig-open').click();
  await phone.getByTestId('scan-receiver-sig-name').fill('Rosa Receiver');
  await draw(phone, 'scan-receiver-sig-canvas');
  await phone.getByTestId('scan-receiver-sig-save').click();
  await expect(phone.getByTestId('scan-receiver-sig-image')).toBeVisible();
  await phone.getByTestId('scan-delivered-submit').click();
  await expect(phone.getByTestId('scan-waiting')).toHaveText('1 waiting');
  await expect(phone.getByTestId('scan-queue-item')).toHaveText(new RegExp(`${orderId} · Delivered`));
  await look(phone, '07-driver-offline-waiting-390');
  expect((await stored(staff, id)).status, 'nothing reached the server while offline').not.toBe(
    OrderStatus.delivered,
  );

  // --- back online: sent once
  const since = Date.now();
  await phone.context().setOffline(false);
  await expect(phone.getByTestId('scan-waiting')).toHaveText('0 waiting', { timeout: 20_000 });
  await expect(phone.getByText(`${orderId} · Delivered: ${SM.delivered}`)).toBeVisible();
  await look(phone, '07-driver-back-online-390');

  // --- everywhere it shows, within 5 s
  const delivered = ORDER_STATUS_NAMES[OrderStatus.delivered];
  await seen(
    'the stored order (Delivered, the receiver’s signature) and the ledger (delivered once, verifying)',
    async () => {
      await expect.poll(async () => (await stored(staff, id)).status, SOON).toBe(OrderStatus.delivered);
      expect((await stored(staff, id)).data.order.signature?.customer?.name).toBe('Rosa Receiver');
      await expect
        .poll(async () => (await ledger(staff, id)).filter((a) => a === 'delivered').length, SOON)
        .toBe(1);
      expect(await ledgerVerifies(staff, id)).toBe(true);
    },
  );
  const vendorApi = await api(s.vendor.email);
  const receiverApi = await api(s.receiver.email);
  for (const [who, client, list] of [
    ['Manage Orders', staff, 'admin'],
    ['the vendor’s Outgoing', vendorApi, 'outgoing'],
    ['the receiver’s Incoming', receiverApi, 'incoming'],
  ] as const)
    await seen(who, () =>
      expect
        .poll(async () => (await listRow(client, list, orderId, s.week))?.statusName, SOON)
        .toBe(delivered),
    );
  await seen('billing counts it delivered (no "not delivered")', () =>
    expect
      .poll(async () => {
        const r = await recon(staff, s.vendor.licence, s.week, s.deliveryDay);
        const row = r.orders.find((o) => o.orderId === orderId);
        return [row?.status, row?.counted, r.totals.count];
      }, SOON)
      .toEqual([OrderStatus.delivered, true, 1]),
  );
  const admin = await open(DEMO[Role.Admin]);
  await seen('the admin’s daily schedule (Friday)', () =>
    scheduleShows(admin, staff, true, s.deliveryDay, s.route.id, id, OrderStatus.delivered),
  );
  await look(admin, '07-admin-schedule-delivered');
  const driverApi = await api(s.driver.email);
  await seen('the driver’s daily schedule (Friday)', () =>
    scheduleShows(phone, driverApi, false, s.deliveryDay, s.route.id, id, OrderStatus.delivered),
  );
  await look(phone, '07-driver-schedule-delivered-390');
  await seen('the receiver’s status mail', async () => {
    const mail = await mailWithin5s(mailbox, s.receiver.email, `Order ${orderId} is now ${delivered}`, since);
    expect(mail.text).toContain(orderId);
  });
  s.marks.delivered = Date.now();
  handOver(s);
});
