// Journey, 11:00, on the driver's phone (390 × 844): he lands on his schedule with Scan one tap away, saves his
// signature on his profile once (a verified driver stays verified: no company fields asked, no new application),
// then scans the order's label at the vendor's dock and marks it picked up, online. Within 5 s the order reads
// Order Picked Up on the admin's and his own daily schedule, in every list and in billing, the vendor gets the
// status mail and the ledger has the step.
import { Messages, OrderStatus, ORDER_STATUS_NAMES, Role, ScanMessages as SM } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, SOON } from '../fixtures/journey-test.ts';
import { draw, ledger, listRow, mailWithin5s, recon, scheduleShows, stored } from './views.ts';

test('the driver lands on his schedule, saves his signature, scans the label and picks the order up: everywhere within 5 s', async ({
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

  // --- he lands where his day starts: the schedule, Scan one tap away
  const phone = await open(s.driver.email, { phone: true });
  await expect(phone).toHaveURL(/\/dashboard\/(manageSchedule|schedule)/);
  const scanLink = phone.locator('a[href$="/dashboard/scan"]:visible').first();
  await expect(scanLink, 'Scan is one tap away on the landing page').toBeVisible();
  await look(phone, '05-driver-landing-390');

  // --- his signature, once, on his profile
  const applied = Date.now();
  await phone.goto(`${APP}/dashboard/profile`);
  await phone.getByTestId('profile-form').waitFor();
  await phone.getByTestId('profile-signature-open').click();
  await phone.getByTestId('profile-signature-name').fill(s.driver.name);
  await draw(phone, 'profile-signature-canvas');
  await phone.getByTestId('profile-signature-save').click();
  await expect(phone.getByTestId('profile-signature-image')).toBeVisible();
  await phone.getByTestId('profile-save').click();
  await expect(phone.getByText(Messages.profileUpdated).first()).toBeVisible();
  await expect(phone.getByText(Messages.underReview)).toHaveCount(0);
  await look(phone, '05-driver-signature-390');
  const me = (await (await api(s.driver.email)).call('/api/users/me')).json.user;
  expect(me.verified, 'a verified driver stays verified').toBe(true);
  expect(me.signature?.image, 'his signature is stored').toBeTruthy();

  // --- the scan: Order Picked Up, online
  await phone.goto(`${APP}/dashboard/scan`);
  await phone.getByTestId('scan-screen').waitFor();
  await phone.getByTestId('scan-input').fill(`${APP}/order/${id}`);
  await expect(phone.getByTestId('scan-order-id')).toHaveText(orderId);
  const since = Date.now();
  await phone.getByTestId('scan-pickedup').click();
  await phone.getByTestId('scan-confirm-yes').click();
  await expect(phone.getByText(SM.pickedUp).first()).toBeVisible();
  await expect(phone.getByTestId('scan-order-status')).toHaveText('Order Picked Up');
  await look(phone, '05-driver-picked-up-390');

  // --- everywhere it shows, within 5 s
  const picked = ORDER_STATUS_NAMES[OrderStatus.pickedUp];
  await expect.poll(async () => (await stored(staff, id)).data.order.status, SOON).toBe(OrderStatus.pickedUp);
  await expect.poll(() => ledger(staff, id), SOON).toContain('picked-up');
  await expect
    .poll(async () => (await listRow(staff, 'admin', orderId, s.week))?.statusName, SOON)
    .toBe(picked);
  const vendorApi = await api(s.vendor.email);
  await expect
    .poll(async () => (await listRow(vendorApi, 'outgoing', orderId, s.week))?.statusName, SOON)
    .toBe(picked);
  await expect
    .poll(
      async () =>
        (await recon(staff, s.vendor.licence, s.week, s.deliveryDay)).orders.find(
          (o) => o.orderId === orderId,
        )?.status,
      {
        ...SOON,
        message: 'billing’s projection has the scanned status',
      },
    )
    .toBe(OrderStatus.pickedUp);
  // the admin's daily schedule (Wednesday, the pickup day, and Friday, the delivery) and the driver's own
  const admin = await open(DEMO[Role.Admin]);
  await scheduleShows(admin, s.deliveryDay, s.route.id, id, picked);
  await look(admin, '05-admin-schedule-picked-up');
  await scheduleShows(phone, s.deliveryDay, s.route.id, id, picked);
  await look(phone, '05-driver-schedule-picked-up-390');
  // the vendor's status mail
  await mailWithin5s(mailbox, s.vendor.email, `Order ${orderId} is now ${picked}`, since);
  // saving his signature sent staff no account application for him (checked last: the mail would be there by now)
  const applications = await mailbox.find({ subject: 'New account application', since: applied }, (m) =>
    m.text.includes(s.driver.email),
  );
  expect(
    applications.map((m) => m.subject),
    'no application mail for a verified driver',
  ).toEqual([]);
  s.marks.pickedUp = Date.now();
  handOver(s);
});
