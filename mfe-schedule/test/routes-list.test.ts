// Manage Routes over GET /api/routes: the list with stops and cities, the 06:00 start marked, the name search sent
// to the service after the debounce, the empty and error states. Fake answers are checked against services/routing's
// TypeBox schema, so the fake cannot answer what the service never would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { RouteList } from '@portal/routing-service/src/schemas.js';
import { Role } from '@portal/contracts';
// One component-test harness for every MFE (mfe-accounts/test/harness; asked to move to @portal/ui/testing).
import { mountComponent, screenshotDir, type Mounted } from '../../mfe-accounts/test/harness/component.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const row = (id: string, city: string) => ({
  id,
  city,
  zipCode: '95501',
  dayOfTheWeek: 'mon,wed',
  biWeekly: false,
  overnight: false,
  price: 40,
});
const all = {
  data: {
    routes: [
      { id: 'r1', name: 'North Coast', startTime: '06:00', rows: [row('a', 'Eureka'), row('b', 'Arcata')] },
      { id: 'r2', name: 'Valley', startTime: '08:30', rows: [row('c', 'Redding')] },
    ],
  },
};
const none = { data: { routes: [] } };
for (const answer of [all, none]) assert.ok(Value.Check(RouteList, answer), JSON.stringify(answer));

let ui: Mounted;
let down = false;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/RoutesList.tsx'), exportName: 'RoutesList' },
    {
      'GET /api/routes': (_b, url) =>
        down ? [502, { message: 'routing is unavailable' }] : [200, url.searchParams.get('q') ? none : all],
    },
  );
});
after(() => ui?.close());

test('lists routes with stops and cities; a 06:00 start is marked as a warning', async () => {
  down = false;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  const table = page.getByTestId('routes-table');
  await table.getByText('North Coast').waitFor();
  await table.getByText('Eureka, Arcata').waitFor();
  assert.equal(await table.locator('.rt-early').count(), 1);
  assert.equal((await table.locator('.rt-early').textContent())?.trim(), '06:00');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'routes-list.png'), fullPage: true });
  await page.close();
});

test('the search goes to the service as q once typing pauses; no match shows the empty state', async () => {
  down = false;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  await page.getByTestId('routes-table').waitFor();
  await page.getByTestId('routes-search').fill('Zz');
  await page.getByTestId('routes-empty').filter({ hasText: 'No route name starts with “Zz”' }).waitFor();
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const asked = urls.filter((u) => u.includes('/api/routes')).map((u) => new URL(u).searchParams.get('q'));
  assert.deepEqual(asked, [null, 'Zz'], 'one call per pause, not per keystroke');
  await page.close();
});

test('the service is down: the error with Try again', async () => {
  down = true;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  await page.getByTestId('routes-error').waitFor({ timeout: 10_000 });
  down = false;
  await page.getByTestId('routes-error').getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('routes-table').getByText('Valley').waitFor();
  await page.close();
});
