// Journey, 11:00, on the driver's phone (390 × 844): he lands on his schedule with Scan one tap away, saves his
// signature on his profile once (a verified driver stays verified: no company fields asked, no new application),
// then scans the order's label at the vendor's dock and marks it picked up, online. Within 5 s the order reads
// Order Picked Up on the admin's and his own daily schedule, in every list and in billing, the vendor gets the
// status mail and the ledger has the step.
import { Messages, OrderStatus, ORDER_STATUS_NAMES, Role, ScanMessages as SM } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { draw, ledger, listRow, mailWithin5s, recon, scheduleShows, stored } from './views.ts';

/** A 1 × 1 PNG: the stand-in signature when the profile could not save his. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

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
  await seen('the driver lands on his schedule with Scan one tap away', async () => {
    await expect(phone).toHaveURL(/\/dashboard\/(manageSchedule|schedule)/);
    await expect(phone.locator('a[href$="/dashboard/scan"]:visible').first()).toBeVisible();
  });
  await look(phone, '05-driver-landing-390');

  // --- his signature, once, on his profile
  const applied = Date.now();
  await seen('the driver saves his signature on his profile and stays verified', async () => {
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
    const me = (await (await api(s.driver.email)).call('/api/users/me')).json.user;
    expect([me.verified, !!me.signature?.image]).toEqual([true, true]);
  });
  await look(phone, '05-driver-signature-390');
  // the pickup needs his signature (orders §4): when the profile could not save it, the day goes on with it stored
  // through the API as the scan spec does, so the later steps still show their own seams
  const driverApi = await api(s.driver.email);
  if (!(await driverApi.call('/api/users/me')).json.user.signature?.image)
    await driverApi.call('/api/users/update', {
      user: { email: s.driver.email, signature: { image: PNG, name: s.driver.name } },
    });

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
  await seen('the stored order and the ledger (picked-up)', async () => {
    await expect.poll(async () => (await stored(staff, id)).status, SOON).toBe(OrderStatus.pickedUp);
    await expect.poll(() => ledger(staff, id), SOON).toContain('picked-up');
  });
  await seen('Manage Orders', () =>
    expect.poll(async () => (await listRow(staff, 'admin', orderId, s.week))?.statusName, SOON).toBe(picked),
  );
  const vendorApi = await api(s.vendor.email);
  await seen('the vendor’s Outgoing', () =>
    expect
      .poll(async () => (await listRow(vendorApi, 'outgoing', orderId, s.week))?.statusName, SOON)
      .toBe(picked),
  );
  await seen('billing’s projection (the reconciliation row’s status)', () =>
    expect
      .poll(async () => {
        const r = await recon(staff, s.vendor.licence, s.week, s.deliveryDay);
        return r.orders.find((o) => o.orderId === orderId)?.status;
      }, SOON)
      .toBe(OrderStatus.pickedUp),
  );
  const admin = await open(DEMO[Role.Admin]);
  await seen('the admin’s daily schedule (Friday)', () =>
    scheduleShows(admin, staff, true, s.deliveryDay, s.route.id, id, OrderStatus.pickedUp),
  );
  await look(admin, '05-admin-schedule-picked-up');
  await seen('the driver’s daily schedule (Friday)', () =>
    scheduleShows(phone, driverApi, false, s.deliveryDay, s.route.id, id, OrderStatus.pickedUp),
  );
  await look(phone, '05-driver-schedule-picked-up-390');
  await seen('the vendor’s status mail', () =>
    mailWithin5s(mailbox, s.vendor.email, `Order ${orderId} is now ${picked}`, since),
  );
  // saving his signature sent staff no account application for him (checked last: the mail would be there by now)
  await seen('no account application mail for a verified driver', async () => {
    const applications = await mailbox.find({ subject: 'New account application', since: applied }, (m) =>
      m.text.includes(s.driver.email),
    );
    expect(applications.map((m) => m.subject)).toEqual([]);
  });
  s.marks.pickedUp = Date.now();
  handOver(s);
});
