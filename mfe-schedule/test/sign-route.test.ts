// A driver's Sign Manifests on the daily schedule (orders §2, sigs.show): the pad is mfe-orders' federated
// ./SignManifests, loaded at run time (here its stand-in, test/remotes.ts). The schedule passes the route's orders,
// kind driver and the driver's name, and reloads the day after a signing; when the orders remote does not load,
// the schedule says so in a dialog that closes, and the day stays usable.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
import type { ScheduleDay } from '@portal/contracts/dispatch';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { ordersDown, remotes } from './remotes.js';
import { order, route } from './schedule-fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const driver = { email: 'driver@demo.portal', role: Role.Driver };
const DAY = '2026-11-26';
const at = `/dashboard/schedule?date=${DAY}`;
const day = (): ScheduleDay => ({
  day: DAY,
  routes: [route('r1', 'North Coast', { layover: [order('a1'), order('a2')] })],
  warehouse: [],
  dropoffs: [],
  cursor: 10,
});

const mounted: Mounted[] = [];
after(async () => Promise.all(mounted.map((m) => m.close())));
let loads = 0;
async function mount(alias: Record<string, string>) {
  const ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/schedule/DailySchedule.tsx'), exportName: 'DailySchedule', alias },
    {
      'POST /api/orders/schedule': () => (loads++, [200, { data: day() }]),
      'GET /api/schedule/live': () => [404, { message: 'not here' }],
      'GET /api/users/me': () => [200, { user: { name: { firstName: 'Dana', lastName: 'Driver' } } }],
    },
  );
  mounted.push(ui);
  return ui;
}

test("a driver signs the route's manifests through orders' pad; the day reloads after", async () => {
  const ui = await mount(remotes);
  const page = await ui.open({ path: at, user: driver, config: {}, width: 390 });
  await page.getByTestId('route-sign-r1').click();
  const pad = page.getByTestId('sign-manifests-standin');
  await pad.waitFor();
  assert.equal(await pad.getByTestId('sign-standin-ids').textContent(), 'a1,a2');
  assert.equal(await pad.getByTestId('sign-standin-kinds').textContent(), 'driver');
  assert.equal(await pad.getByTestId('sign-standin-name').textContent(), 'Dana Driver');
  const before = loads;
  await pad.getByRole('button', { name: 'Sign' }).click();
  await pad.waitFor({ state: 'detached' });
  for (let i = 0; i < 50 && loads === before; i++) await page.waitForTimeout(100);
  assert.ok(loads > before, 'the day was fetched again after the signing');
  await page.close();
});

test('the orders remote is down: the schedule says the pad is unavailable, closes, and keeps working', async () => {
  const ui = await mount(ordersDown);
  const page = await ui.open({ path: at, user: driver, config: {}, width: 390 });
  await page.getByTestId('route-sign-r1').click();
  const dialog = page.getByTestId('sign-route-unavailable');
  await dialog.getByText('The signature pad is unavailable right now').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'sign-route-unavailable-390.png') });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('section-r1-layover').getByText('O-a1').waitFor();
  await page.close();
});
