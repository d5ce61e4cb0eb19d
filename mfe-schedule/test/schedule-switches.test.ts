// orders §6 "Configured switches" on the daily schedule (orders §2 "Schedule"): the switches read as contracts'
// one table defaults them — scheduleMapsEnabled and sigs.show on while unset (the map button; a driver's Sign
// Manifests) and off when set off — and schedule.filter offers one route of the day (its warehouse orders with it,
// no dropoffs) or all of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
import type { ScheduleDay } from '@portal/contracts/dispatch';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { remotes } from './remotes.js';
import { order, route } from './schedule-fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const driver = { email: 'driver@demo.portal', role: Role.Driver };
const DAY = '2026-11-26';
const at = `/dashboard/schedule?date=${DAY}`;
const day = (): ScheduleDay => ({
  day: DAY,
  routes: [
    route('r1', 'North Coast', { layover: [order('a1', { status: 1 })] }),
    route('r2', 'Valley', { sameDay: [order('x1', { status: 1, route: 'r2', pickupRoute: 'r2' })] }),
  ],
  warehouse: [order('w1', { route: 'r1' }), order('w2', { route: 'r2', pickupRoute: 'r2' })],
  dropoffs: [order('d1', { orderType: 'dropoff' })],
  cursor: 10,
});

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/schedule/DailySchedule.tsx'),
      exportName: 'DailySchedule',
      alias: remotes,
    },
    {
      'POST /api/orders/schedule': () => [200, { data: day() }],
      'GET /api/schedule/live': () => [404, { message: 'not here' }],
    },
  );
});
after(async () => ui?.close());

test('unset switches: route maps on, a driver signs manifests, no route filter', async () => {
  const page = await ui.open({ path: at, user: admin, config: {} });
  await page.getByTestId('section-r1-layover').getByText('O-a1').waitFor();
  await page.getByTestId('route-map-r1').waitFor();
  assert.equal(await page.getByTestId('schedule-route-filter').count(), 0);
  await page.close();
  const drv = await ui.open({ path: at, user: driver, config: {} });
  await drv.getByTestId('route-sign-r1').waitFor();
  await drv.close();
});

test('switches set off: no map, no signing', async () => {
  const config = { scheduleMapsEnabled: false, 'sigs.show': 'false' };
  const page = await ui.open({ path: at, user: driver, config });
  await page.getByTestId('section-r1-layover').getByText('O-a1').waitFor();
  assert.equal(await page.getByTestId('route-map-r1').count(), 0);
  assert.equal(await page.getByTestId('route-sign-r1').count(), 0);
  await page.close();
});

test('schedule.filter: one route of the day, its warehouse orders, no dropoffs; All routes again', async () => {
  const page = await ui.open({ path: at, user: admin, config: { 'schedule.filter': true }, width: 1366 });
  await page.getByTestId('section-r2-sameDay').getByText('O-x1').waitFor();
  await page.getByTestId('schedule-route-filter').selectOption('r2');
  await page.getByTestId('section-r1-layover').waitFor({ state: 'detached' });
  await page.getByTestId('section-r2-sameDay').getByText('O-x1').waitFor();
  const warehouse = page.getByTestId('schedule-warehouse');
  await warehouse.getByText('O-w2').waitFor();
  assert.equal(await warehouse.getByText('O-w1').count(), 0);
  assert.equal(await page.getByTestId('schedule-dropoffs').count(), 0);
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'schedule-route-filter.png'), fullPage: true });
  await page.getByTestId('schedule-route-filter').selectOption('');
  await page.getByTestId('section-r1-layover').getByText('O-a1').waitFor();
  await page.getByTestId('schedule-dropoffs').getByText('O-d1').waitFor();
  await page.close();
});
