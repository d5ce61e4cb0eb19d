// The weekly driver schedule reaches the orders (orders §7 fixorders): an admin puts the demo driver and a van of the
// test's own on a route-day in manageDriver's Schedule tab and hits Update Schedule; the daily schedule of that day
// then shows the order's delivery driver and vehicle (admin at 1366 px, the driver at 390 px), and the order itself
// carries them. "Set to In Transit" leaves an order that is not approved yet and says so. Route, orders, fleet and
// week are the test's own (removed after). Screenshots in /tmp/shots-schedule.
import { mkdirSync } from 'node:fs';
import { Role } from '@portal/contracts';
import { DispatchMessages as DM } from '@portal/contracts/dispatch';
import { test, expect, APP, type Page } from '@portal/e2e/fixtures';
import { routingKnows, weeklyFleet } from '../../e2e/fixtures/weekly.ts';
import {
  fleetDriverId,
  removeSchedule,
  scheduleOrder,
  scheduleRoute,
  type ScheduleFixture,
} from '../../e2e/fixtures/schedule.ts';

const SHOTS = '/tmp/shots-schedule';
mkdirSync(SHOTS, { recursive: true });
const snap = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

test('Update Schedule gives the week’s orders their driver and vehicle; the daily schedule shows them', async ({
  signedInAs,
  api,
  testData,
}) => {
  test.setTimeout(180_000);
  const admin = await api(Role.Admin);
  const tag = Date.now().toString(36);
  const fleet = await weeklyFleet(admin, tag);
  const [van] = fleet.vehicles;
  let f: ScheduleFixture | undefined;
  let week = '';
  try {
    f = await scheduleRoute(admin);
    // the grid shows Monday to Friday (orders §2): the route runs every day, so a weekend day moves to Monday
    const dow = new Date(`${f.day}T00:00:00Z`).getUTCDay();
    if (dow === 0 || dow === 6)
      f.day = new Date(Date.parse(`${f.day}T00:00:00Z`) + (dow === 6 ? 2 : 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
    week = mondayOf(f.day);
    const weekday = String(((new Date(`${f.day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
    const demoDriver = await fleetDriverId(admin);
    await routingKnows(admin, week, fleet);
    const from = await testData.licence('wkpick');
    const to = await testData.licence('wkshop');
    const order = await scheduleOrder(admin, f, { from, to, invoice: 'E2E-WEEK-1' });
    const waiting = await scheduleOrder(admin, f, { from, to, invoice: 'E2E-WEEK-2' });
    // the second order goes back to Received: not approved, so Set to In Transit must leave it
    const back = await admin.call('/api/orders/update', {
      order: { id: waiting.id, version: waiting.version, data: { order: { status: 0 } } },
    });
    expect(back.status, JSON.stringify(back.json)).toBe(200);

    // the weekly page: the demo driver runs the route that day in the test's van; Update Schedule
    const page = await signedInAs(Role.Admin);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${APP}/dashboard/manageDriver`);
    const grid = page.getByTestId('weekly-schedule');
    await grid.getByTestId('ws-date').fill(week);
    await expect(grid.getByTestId('weekly-schedule-week')).toHaveAttribute('data-week', week);
    await grid.getByTestId('ws-add-choice').selectOption(demoDriver);
    await grid.getByTestId('ws-add').click();
    const cell = grid
      .getByTestId('weekly-schedule-row')
      .filter({ has: page.locator(`td[data-day="${weekday}"]`) })
      .last()
      .locator(`td[data-day="${weekday}"]`);
    await cell.getByTestId('ws-route').selectOption(f.routeId);
    await cell.getByTestId('ws-vehicle').selectOption(van!.id);
    await grid.getByTestId('ws-save').click();
    // the page's fixorders answer (orders may have applied the save's event first: then "already had")
    await expect(page.getByText(/scheduled orders (got|already had) their driver and vehicle/)).toBeVisible();
    await snap(page, 'weekly-update-1366');

    // the order carries them (data.order.driver / vehicle), written with a ledger entry
    await expect
      .poll(async () => (await admin.call(`/api/orders/${order.id}`)).json.data.order.data.order.vehicle, {
        timeout: 10_000,
      })
      .toEqual({ delivery: van!.id });
    const stored = (await admin.call(`/api/orders/${order.id}`)).json.data.order;
    expect(stored.data.order.driver.delivery).toBe(demoDriver);
    const history = (await admin.call(`/api/orders/${order.id}/history`)).json.data.entries;
    expect(history.at(-1).action).toBe('schedule-assigned');

    // the daily schedule of that day: driver and vehicle on the row
    await page.goto(`${APP}/dashboard/manageSchedule?date=${f.day}`);
    const section = page.getByTestId(`section-${f.routeId}-deliveries`);
    await expect(section.getByTestId(`vehicles-${order.id}`)).toHaveText(`— / ${van!.name}`, {
      timeout: 15_000,
    });
    const drivers = (await admin.call('/api/drivers')).json.data.drivers as { id: string; name: string }[];
    const driverName = drivers.find((d) => d.id === demoDriver)!.name;
    await expect(section.getByTestId(`order-${order.id}`)).toContainText(`— / ${driverName}`);
    await page.getByTestId(`route-${f.routeId}`).scrollIntoViewIfNeeded();
    await snap(page, 'daily-vehicle-1366');

    // Set to In Transit: the received order stays and the user is told why
    await page.getByTestId(`route-transit-${f.routeId}`).click();
    await page.getByTestId('schedule-confirm-yes').click();
    await expect(
      page.getByText(`${DM.inTransitDone(1, 2)}; 1 skipped: 1 not approved yet (${waiting.orderId})`),
    ).toBeVisible();
    await expect(section.getByTestId(`status-${order.id}`)).toHaveText('In Transit', { timeout: 15_000 });
    await expect(page.getByTestId(`status-${waiting.id}`).first()).toHaveText('Order Received');
    await snap(page, 'daily-transit-skipped-1366');

    // the driver's own schedule on a phone: the order, with the van
    const driver = await signedInAs(Role.Driver);
    await driver.setViewportSize({ width: 390, height: 844 });
    await driver.goto(`${APP}/dashboard/manageSchedule?date=${f.day}`);
    const dsec = driver.getByTestId(`section-${f.routeId}-deliveries`);
    await expect(dsec.getByTestId(`vehicles-${order.id}`)).toContainText(van!.name);
    await dsec.getByTestId(`order-${order.id}`).scrollIntoViewIfNeeded();
    await snap(driver, 'daily-driver-390');
  } finally {
    if (week) {
      const r = await admin.call(`/api/driverschedule?date=${week}`);
      if (r.json?.data?.lastUpdated)
        await admin.call('/api/driverschedule/update', {
          schedule: { date: week, lastUpdated: r.json.data.lastUpdated, data: { days: {} } },
        });
    }
    await removeSchedule(admin, f);
    await fleet.cleanUp();
  }
});
