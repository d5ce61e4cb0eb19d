// Journey, 9:00: a dispatcher opens the new order from Manage Orders, sets the approved pickup (Wednesday) and
// delivery (Friday) dates on the journey's route and approves it. Within 5 s it reads Order Approved in the
// vendor's Outgoing, the receiver's Incoming and Manage Orders, sits in the route's Deliveries on Friday's daily
// schedule, the vendor gets the status mail, and the ledger records the change and still verifies.
import { OrderMessages as M, OrderStatus, ORDER_STATUS_NAMES, Role } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { ledger, ledgerVerifies, listRow, mailWithin5s, scheduleShows, searchGrid } from './views.ts';

test('staff approve the order: Order Approved in every list, on Friday’s schedule, the mail, the ledger', async ({
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
  const entries = (await ledger(staff, id)).length;

  const admin = await open(DEMO[Role.Admin]);
  await admin.goto(`${APP}/dashboard/adminManageOrders?id=${id}`);
  const modal = admin.getByTestId('order-modal');
  await expect(modal.getByRole('heading', { name: `Edit Order ${orderId}` })).toBeVisible();
  await modal.getByTestId('order-pickupDate').fill(s.pickupDay);
  await modal.getByTestId('order-deliveryDate').fill(s.deliveryDay);
  await modal.getByTestId('order-route').selectOption({ label: s.route.name });
  await modal.getByTestId('order-pickupRoute').selectOption({ label: s.route.name });
  await modal.getByTestId('order-status').selectOption(String(OrderStatus.approved));
  await look(admin, '03-approve-modal');
  const since = Date.now();
  await modal.getByTestId('order-submit').click();
  await expect(admin.getByText(M.updated).first()).toBeVisible();
  await admin.keyboard.press('Escape');

  // --- everywhere it shows, within 5 s
  const approved = ORDER_STATUS_NAMES[OrderStatus.approved];
  const vendorApi = await api(s.vendor.email);
  const receiverApi = await api(s.receiver.email);
  await seen('Manage Orders (data, then screen)', async () => {
    await expect
      .poll(async () => (await listRow(staff, 'admin', orderId, s.week))?.statusName, SOON)
      .toBe(approved);
    expect(await searchGrid(admin, '/dashboard/adminManageOrders', orderId)).toContain(approved);
  });
  await look(admin, '03-admin-list-approved');
  const vendor = await open(s.vendor.email);
  await seen('the vendor’s Outgoing (data, then screen)', async () => {
    await expect
      .poll(async () => (await listRow(vendorApi, 'outgoing', orderId, s.week))?.statusName, SOON)
      .toBe(approved);
    expect(await searchGrid(vendor, '/dashboard/orders', orderId)).toContain(approved);
  });
  await look(vendor, '03-vendor-outgoing-approved');
  await seen('the receiver’s Incoming', () =>
    expect
      .poll(async () => (await listRow(receiverApi, 'incoming', orderId, s.week))?.statusName, SOON)
      .toBe(approved),
  );
  await seen('Friday’s daily schedule (admin): the route’s Deliveries', () =>
    scheduleShows(admin, staff, true, s.deliveryDay, s.route.id, id, OrderStatus.approved),
  );
  await admin
    .getByTestId(`route-${s.route.id}`)
    .scrollIntoViewIfNeeded()
    .catch(() => undefined);
  await look(admin, '03-schedule-friday');
  await seen('the vendor’s status mail', async () => {
    const mail = await mailWithin5s(mailbox, s.vendor.email, `Order ${orderId} is now ${approved}`, since);
    expect(mail.text).toContain(orderId);
  });
  await seen('the ledger (one more entry, verifying)', async () => {
    await expect.poll(async () => (await ledger(staff, id)).length, SOON).toBeGreaterThan(entries);
    expect(await ledgerVerifies(staff, id)).toBe(true);
  });
  // Operations' count of Friday before the delivery: the dashboards step counts the journey's on top of it
  const ops = await staff.call(`/api/billing/dashboard/operations?from=${s.deliveryDay}&to=${s.deliveryDay}`);
  expect(ops.status, JSON.stringify(ops.json)).toBe(200);
  s.opsBefore = { orders: ops.json.data.totals.orders, delivered: ops.json.data.totals.delivered };
  s.marks.approved = Date.now();
  handOver(s);
});
