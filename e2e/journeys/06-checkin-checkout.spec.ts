// Journey, 13:00, at the warehouse: the layover order comes in and goes out again by scan. Check In on
// /dashboard/checkin finds it checked in already (Order Picked Up stamps the check-in, orders §4), so it offers only
// Remove Check In; Check Out on /dashboard/checkout confirms the box count (the vendor's manifest is on file, so the
// gate lets it through without an override). Within 5 s the ledger has the check-out and still verifies, and the
// daily schedule's row says In / Out.
import { Role } from '@portal/contracts';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { ledger, ledgerVerifies, onSchedule, stored } from './views.ts';

test('check-in and check-out by scan at the warehouse: the stamps, the ledger and the schedule', async ({
  api,
  open,
  look,
  journey: s,
  handOver,
}) => {
  expect(s.order, 'the order step handed over its order').toBeTruthy();
  const { id, orderId } = s.order!;
  const staff = await api(Role.Admin);
  const page = await open(DEMO[Role.Admin]);

  // --- check in: the label's URL typed by the wedge scanner
  await page.goto(`${APP}/dashboard/checkin`);
  await page.getByTestId('scan-input').fill(`${APP}/order/${orderId}`);
  await expect(page.getByTestId('scan-order-id')).toHaveText(orderId);
  await seen('Check In shows the pickup’s check-in stamp (Remove Check In only)', async () => {
    await expect(page.getByTestId('scan-checkin-remove')).toBeVisible();
    await expect(page.getByTestId('scan-checkin')).toHaveCount(0);
    expect((await stored(staff, id)).data.order.checkedin).toBeTruthy();
  });
  await look(page, '06-checked-in');

  // --- check out: the box count, confirmed; the manifest is on file
  await page.goto(`${APP}/dashboard/checkout`);
  await page.getByTestId('scan-input').fill(orderId);
  await expect(page.getByTestId('scan-order-id')).toHaveText(orderId);
  await page.getByTestId('scan-checkout').click();
  await expect(page.getByTestId('scan-boxes')).toContainText(
    'Please confirm this is the correct box/bundle count?',
  );
  await page.getByTestId('scan-boxes-yes').click();
  await expect(page.getByText('Order checked out successfully!').first()).toBeVisible();
  await seen('no gate message: the manifest is on file', () =>
    expect(page.getByTestId('scan-gate-message')).toHaveCount(0),
  );
  await look(page, '06-checked-out');

  // --- everywhere it shows, within 5 s: the ledger (in order, verifying) and Friday's schedule row
  await seen('the ledger (picked-up, then checked-out; verifying)', async () => {
    await expect
      .poll(
        async () => (await ledger(staff, id)).filter((a) => a === 'picked-up' || a === 'checked-out'),
        SOON,
      )
      .toEqual(['picked-up', 'checked-out']);
    expect(await ledgerVerifies(staff, id)).toBe(true);
  });
  await seen('Friday’s daily schedule: In / Out', async () => {
    await expect
      .poll(async () => {
        const o = await onSchedule(staff, s.deliveryDay, id, true);
        return [!!o?.checkedin, !!o?.checkedout];
      }, SOON)
      .toEqual([true, true]);
    await page.goto(`${APP}/dashboard/manageSchedule?date=${s.deliveryDay}`);
    await expect(page.getByTestId(`order-${id}`)).toContainText('In / Out');
  });
  await look(page, '06-schedule-in-out');
  s.marks.checkedOut = Date.now();
  handOver(s);
});
