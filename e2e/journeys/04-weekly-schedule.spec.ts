// Journey, 10:00: the dispatcher plans the week on Manage Drivers → Schedule: the journey's driver drives its route
// on Wednesday (the pickup) and Friday (the delivery) in the new van, saves and notifies. The schedule reaches the
// orders: within 5 s the order names the driver and the vehicle (Manage Orders shows names, not ids), Friday's
// schedule shows him on it, the driver finds it on his own schedule and in his Incoming Orders on his phone, his
// mail says what changed, and the ledger records the assignment.
import { Role } from '@portal/contracts';
import { DispatchMessages as D } from '@portal/contracts/dispatch';
import { APP, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { routingKnows } from '../fixtures/weekly.ts';
import { ledger, listRow, mailWithin5s, onSchedule, searchGrid, stored } from './views.ts';

test('the weekly schedule assigns the driver and reaches the order: lists, schedules, his phone, the mail, the ledger', async ({
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
  await routingKnows(
    staff,
    s.week,
    {
      drivers: [{ id: s.driver.fleetId, name: s.driver.name, email: s.driver.email }],
      vehicles: [s.vehicle],
      cleanUp: async () => undefined,
    },
    10_000,
  );

  const page = await open(DEMO[Role.Admin]);
  await page.goto(`${APP}/dashboard/manageDriver`);
  const grid = page.getByTestId('weekly-schedule');
  await grid.waitFor();
  await grid.getByTestId('ws-date').fill(s.week);
  await expect(grid.getByTestId('weekly-schedule-week')).toHaveAttribute('data-week', s.week);
  await grid.getByTestId('ws-add-choice').selectOption(s.driver.fleetId);
  await grid.getByTestId('ws-add').click();
  const row = grid.getByTestId('weekly-schedule-row').filter({ hasText: s.driver.name });
  await row.waitFor();
  for (const day of ['3', '5']) {
    const cell = row.locator(`td[data-day="${day}"]`);
    await cell.getByTestId('ws-route').selectOption(s.route.id);
    await cell.getByTestId('ws-vehicle').selectOption(s.vehicle.id);
  }
  await grid.getByTestId('ws-save').click();
  await expect(grid.getByTestId('ws-changes')).toHaveText(D.changesMade);
  await look(page, '04-weekly-saved');
  const since = Date.now();
  await grid.getByTestId('ws-notify-open').click();
  const modal = page.getByTestId('ws-notify');
  await expect(modal).toContainText(s.driver.name);
  await look(page, '04-weekly-notify');
  await modal.getByTestId('ws-notify-send').click();
  await expect(modal).toHaveCount(0);

  // --- the order carries the week's driver and vehicle, within 5 s
  await seen(
    'the order: Friday’s delivery driver and Wednesday’s pickup driver (POST /api/orders/fixorders)',
    async () => {
      await expect
        .poll(async () => (await stored(staff, id)).data.order.driver?.delivery ?? '', SOON)
        .toBe(s.driver.fleetId);
      expect((await stored(staff, id)).data.order.driver?.pickup).toBe(s.driver.fleetId);
    },
  );
  // without the schedule reaching the order the driver could not scan it: the day goes on with the driver set
  // order by order (as staff do today) so the later steps still show their own seams
  const cur = await stored(staff, id);
  if (cur.data.order.driver?.delivery !== s.driver.fleetId) {
    const r = await staff.call('/api/orders/update', {
      order: {
        id,
        version: cur.version,
        data: { order: { driver: { pickup: s.driver.fleetId, delivery: s.driver.fleetId } } },
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  await seen('Manage Orders: the driver’s and the van’s names, never an id', async () => {
    // the list's rows carry the fleet's ids; the grid names them from the fleet
    await expect
      .poll(async () => {
        const r = await listRow(staff, 'admin', orderId, s.week);
        return [r?.driver, r?.vehicle];
      }, SOON)
      .toEqual([s.driver.fleetId, s.vehicle.id]);
    await searchGrid(page, '/dashboard/adminManageOrders', orderId);
    // ag-grid draws the columns in view: scrolled to the ones past the identifying columns
    await page
      .locator('.ag-body-horizontal-scroll-viewport')
      .first()
      .evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const driverCell = page.getByTestId('order-driver-cell').first();
    await expect(driverCell).toContainText(s.driver.name);
    await expect(driverCell).not.toContainText(s.driver.fleetId);
    await expect(page.getByTestId('order-vehicle-cell').first()).toContainText(s.vehicle.name);
  });
  await look(page, '04-admin-list-driver');
  await seen('Friday’s daily schedule (admin) names him on the order', async () => {
    await expect
      .poll(async () => (await onSchedule(staff, s.deliveryDay, id, true))?.deliveryDriverName, SOON)
      .toBe(s.driver.name);
    await page.goto(`${APP}/dashboard/manageSchedule?date=${s.deliveryDay}`);
    await expect(page.getByTestId(`order-${id}`)).toContainText(s.driver.name);
  });
  await look(page, '04-schedule-friday-driver');
  const driverApi = await api(s.driver.email);
  const phone = await open(s.driver.email, { phone: true });
  await seen('the driver’s own list and Friday schedule, on his phone', async () => {
    await expect.poll(async () => (await listRow(driverApi, 'driver', orderId))?.orderId, SOON).toBe(orderId);
    await expect.poll(async () => (await onSchedule(driverApi, s.deliveryDay, id, false))?.id, SOON).toBe(id);
    await phone.goto(`${APP}/dashboard/manageSchedule?date=${s.deliveryDay}`);
    await expect(phone.getByTestId(`order-link-${id}`)).toHaveText(orderId);
  });
  await look(phone, '04-driver-schedule-390');
  await seen('his Incoming Orders on his phone: the order the week gave him, in his own list', async () => {
    // the driver's list (list=driver) reads the rows' driver keys the weekly schedule wrote through fixorders
    expect(await searchGrid(phone, '/dashboard/incomingorders', orderId)).toContain(orderId);
  });
  await look(phone, '04-driver-incoming-390');
  await seen('the driver’s mail: the week, the route and the van', async () => {
    const mail = await mailWithin5s(
      mailbox,
      s.driver.email,
      `Your driver schedule changed (week of ${s.week})`,
      since,
    );
    expect(mail.html).toContain(`route ${s.route.name}, vehicle ${s.vehicle.name}`);
  });
  await seen('the ledger records the assignment', () =>
    expect.poll(async () => (await ledger(staff, id)).length, SOON).toBeGreaterThan(entries),
  );
  s.marks.scheduled = Date.now();
  handOver(s);
});
