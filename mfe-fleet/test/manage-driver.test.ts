// manageDriver (orders §2): tabs Schedule, Drivers, Vehicles for staff, Schedule only for drivers; the Schedule tab
// is mfe-schedule's WeeklySchedule (here its source; at run time the federated remote) with a fallback when that
// remote is down; the lists' error state. Fake answers are typed by @portal/contracts' fleet shapes (test/fakes.ts).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { driverList, driverUser as driver, staff } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const page = path.join(mfe, 'src/pages/ManageDriver.tsx');
const weekly = path.join(mfe, '../mfe-schedule/src/exposes/WeeklySchedule.tsx');
const drivers = driverList();
/** GET /api/driverschedule (routing names the week's drivers itself): Ann and Ben on Monday; the driver is d3. */
const week = (user: { role: number }) => ({
  data: {
    date: '2026-11-23',
    data: { days: { '1': [{ driver: 'd1', route: 'r1' }, { driver: 'd2' }, { driver: 'd3' }] } },
    drivers: [
      { id: 'd1', name: 'Ann Route' },
      { id: 'd2', name: 'Ben Wheel' },
      { id: 'd3', name: 'Dana Driver' },
    ],
    vehicles: [],
    routes: [{ id: 'r1', name: 'North', startTime: '07:00' }],
    canEdit: user.role < 2,
    mine: user.role === 2 ? ['d3'] : [],
  },
});
let who: { role: number } = staff;

const mounted: Mounted[] = [];
async function mount(alias: string) {
  const ui = await mountComponent(
    { module: page, exportName: 'ManageDriver', alias: { 'mfe_schedule/WeeklySchedule': alias } },
    {
      'GET /api/drivers': () => [200, drivers],
      'GET /api/driverschedule': () => [200, week(who)],
      'GET /api/vehicles': () => [503, { message: 'fleet is restarting' }],
    },
  );
  mounted.push(ui);
  return ui;
}
after(() => Promise.all(mounted.map((m) => m.close())));

test('staff: three tabs; the Schedule tab shows the weekly grid with every driver; Drivers lists them', async () => {
  who = staff;
  const ui = await mount(weekly);
  const p = await ui.open({ path: '/dashboard/manageDriver', user: staff });
  await p.getByTestId('weekly-schedule').waitFor();
  const tabs = await p.getByTestId('fleet-tabs').getByRole('tab').allTextContents();
  assert.deepEqual(tabs, ['Schedule', 'Drivers', 'Vehicles']);
  assert.equal(await p.getByRole('heading', { name: 'Weekly Driver Schedule' }).count(), 1);
  await p.getByTestId('weekly-schedule-row').nth(1).waitFor();
  assert.deepEqual(await p.getByTestId('weekly-schedule-day').count(), 5, 'Monday to Friday');
  assert.match((await p.getByTestId('weekly-schedule-day').first().textContent()) ?? '', /^Mon/);
  await p.screenshot({ path: path.join(screenshotDir(mfe), 'manage-driver-schedule.png'), fullPage: true });

  await p.getByTestId('fleet-tab-drivers').click();
  await p.getByTestId('drivers-table').getByText('Ben Wheel').waitFor();
  await p.getByTestId('fleet-tab-vehicles').click();
  const error = p.getByTestId('vehicles-error');
  await error.waitFor({ timeout: 10_000 });
  assert.match((await error.textContent()) ?? '', /vehicles could not be loaded: fleet is restarting/);
  await p.close();
});

test('a driver sees only the Schedule tab, read-only, with their own row; the drivers list is never asked for', async () => {
  const ui = await mount(weekly);
  who = driver;
  const p = await ui.open({ path: '/dashboard/manageDriver', user: driver });
  const own = p.getByTestId('weekly-schedule-row').filter({ hasText: 'Dana Driver' });
  await own.waitFor();
  assert.deepEqual(await p.getByRole('tab').allTextContents(), ['Schedule']);
  assert.match((await own.getAttribute('class')) ?? '', /ws-mine/);
  await p.getByText('read-only').waitFor();
  assert.equal(ui.calls.filter((c) => c.call === 'GET /api/drivers').length, 0);
  await p.close();
});

test('the schedule remote is down: the tab says so and the other tabs still work', async () => {
  const ui = await mount(path.join(mfe, 'test/fixtures/schedule-down.ts'));
  const p = await ui.open({ path: '/dashboard/manageDriver', user: staff });
  await p.getByTestId('weekly-schedule-unavailable').waitFor();
  await p.getByTestId('fleet-tab-drivers').click();
  await p.getByTestId('drivers-table').getByText('Ann Route').waitFor();
  await p.close();
});
