// Manage Routes over GET /api/routes: the list with stops and cities, the 06:00 start marked, the name search sent
// to the service after the debounce, the "delivers on" filter, Add Route and the route links, the zip check over
// POST /routes/find, the empty and error states. Fakes and request bodies are checked against services/routing's
// TypeBox schemas (test/fakes.ts), so neither side can drift from what the service takes and answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
// One component-test harness for every MFE (@portal/ui/testing).
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { NORTH, VALLEY, bodyProblems, checkAnswer, found } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const all = { data: { routes: [NORTH, VALLEY] } };
const none = { data: { routes: [] } };

let ui: Mounted;
let down = false;
let empty = false;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/RoutesList.tsx'), exportName: 'RoutesList', check: checkAnswer },
    {
      'GET /api/routes': (_b, url) =>
        down
          ? [502, { message: 'routing is unavailable' }]
          : [200, url.searchParams.get('q') || empty ? none : all],
      'POST /api/routes/find': (b) => {
        const zip = (b as { zip: string }).zip;
        return zip === '95501'
          ? [200, found(zip)]
          : [200, { data: { ...found(zip).data, routes: [], dates: [] } }];
      },
    },
  );
});
after(async () => {
  assert.deepEqual(ui.violations, []);
  assert.deepEqual(bodyProblems(ui.calls), []);
  await ui?.close();
});

test('lists routes with stops and cities; a 06:00 start is marked; names link to the editor', async () => {
  down = false;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  const table = page.getByTestId('routes-table');
  await table.getByText('North Coast').waitFor();
  await table.getByText('Eureka, Arcata').waitFor();
  assert.equal(await table.locator('.rt-early').count(), 1);
  assert.equal((await table.locator('.rt-early').textContent())?.trim(), '06:00');
  assert.equal(
    await table.getByRole('link', { name: 'Valley' }).getAttribute('href'),
    '/dashboard/editRoute?id=r2',
  );
  await page.getByTestId('add-route').click();
  assert.equal(new URL(page.url()).pathname, '/dashboard/editRoute');
  await page.close();
});

test('delivers on filters by weekday; a weekday nobody serves shows the empty state', async () => {
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  await page.getByTestId('routes-table').getByText('Valley').waitFor();
  await page.getByTestId('routes-day').selectOption('fri');
  await page.getByTestId('routes-table').getByText('North Coast').waitFor({ state: 'detached' });
  await page.getByTestId('routes-table').getByText('Valley').waitFor();
  await page.getByTestId('routes-day').selectOption('sun');
  await page.getByTestId('routes-empty').filter({ hasText: 'No route delivers on Sunday.' }).waitFor();
  await page.close();
});

test('the zip check answers the dates that serve a zip; a bad zip is refused before any call', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  await page.getByTestId('zip-input').fill('955');
  await page.getByTestId('zip-input').press('Enter');
  await page.getByText('Please enter a valid 5-digit zip code.').waitFor();
  assert.equal(ui.calls.filter((c) => c.call === 'POST /api/routes/find').length, 0);
  await page.getByTestId('zip-input').fill('95501');
  await page.getByTestId('zip-submit').click();
  const match = page.getByTestId('zip-match');
  await match.getByText('North Coast').waitFor();
  assert.equal(await match.getByTestId('zip-dates').textContent(), 'Mon, Nov 23Wed, Nov 25');
  await page.getByTestId('zip-input').fill('99999');
  await page.getByTestId('zip-submit').click();
  await page.getByTestId('zip-answer').getByText('no route serves it.').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'routes-list.png'), fullPage: true });
  await page.close();
});

test('the search goes to the service as q once typing pauses; no match shows the empty state', async () => {
  down = false;
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin });
  await page.getByTestId('routes-table').waitFor();
  await page.getByTestId('routes-search').fill('Zz');
  await page
    .getByTestId('routes-empty')
    .filter({ hasText: 'No route whose name starts with “Zz”' })
    .waitFor();
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const asked = urls.filter((u) => u.includes('/api/routes')).map((u) => new URL(u).searchParams.get('q'));
  assert.deepEqual(asked, [null, 'Zz'], 'one call per pause, not per keystroke');
  await page.close();
});

test('no routes yet, at 700 px: the empty state says what the page is for', async () => {
  empty = true;
  const page = await ui.open({ path: '/dashboard/manageRoutes', user: admin, width: 700 });
  await page.getByTestId('routes-empty').getByText('No routes yet').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'routes-list-empty-700.png'), fullPage: true });
  empty = false;
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
