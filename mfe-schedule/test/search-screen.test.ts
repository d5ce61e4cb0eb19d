// The public schedule search screen over a fake GET /api/schedule/search whose answers are checked against
// services/routing's TypeBox schema: nothing is asked before 2 characters, typing fast asks once (the 750 ms
// debounce), Monday–Friday are the default days and the days sent follow the boxes, 50 a page with Previous/Next,
// the count "N results (max 250)", the over-250 note, the empty and error states, and the 700 px cards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { PublicMessages as PM, type ScheduleSearchRow } from '@portal/contracts/dispatch';
import { SearchAnswer } from '@portal/routing-service/schemas/search';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
const row = (i: number): ScheduleSearchRow => ({
  routeId: `r${i}`,
  routeName: `Route ${i}`,
  city: 'Trenton',
  zip: '08601',
  days: 'Mon, Wed',
  startTime: '07:30',
  overnight: i === 1,
  biWeekly: i === 2,
});

let ui: Mounted;
let mode: 'ok' | 'none' | 'down' | 'many' = 'ok';
/** The search URLs the screen asked for (the harness's `calls` keep no query string). */
const asked: URL[] = [];
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/search/ScheduleSearch.tsx'),
      exportName: 'ScheduleSearch',
      check: (method, url, status, body) =>
        method === 'GET' &&
        url === '/api/schedule/search' &&
        status === 200 &&
        !Value.Check(SearchAnswer, body)
          ? [`${url}: answer does not match SearchAnswer`]
          : [],
    },
    {
      'GET /api/schedule/search': (_b, url) => {
        asked.push(url);
        if (mode === 'down') return [502, { message: 'routing is unavailable' }];
        const page = Number(url.searchParams.get('page'));
        const total = mode === 'none' ? 0 : mode === 'many' ? 250 : 120;
        const rows = Array.from({ length: Math.max(0, Math.min(50, total - (page - 1) * 50)) }, (_, i) =>
          row((page - 1) * 50 + i + 1),
        );
        return [200, { data: { rows, total, truncated: mode === 'many', page, pageSize: 50 } }];
      },
    },
  );
});
after(async () => {
  assert.deepEqual(ui.violations, []);
  await ui?.close();
});
const searches = () => asked;

test('debounced: one call for a word typed fast, none under 2 characters; Mon–Fri by default', async () => {
  mode = 'ok';
  asked.length = 0;
  const page = await ui.open({ path: '/dashboard/schedulesearch' });
  await page.getByTestId('ss-hint').filter({ hasText: PM.searchHint }).waitFor();
  await page.getByTestId('ss-query').pressSequentially('t');
  await page.waitForTimeout(1000);
  assert.equal(searches().length, 0, 'one letter asks nothing');
  await page.getByTestId('ss-query').pressSequentially('renton', { delay: 40 });
  await page
    .getByTestId('ss-count')
    .filter({ hasText: PM.searchCount(120, 250) })
    .waitFor();
  assert.equal(searches().length, 1, 'typing fast asks once');
  const url = searches()[0]!;
  assert.equal(url.searchParams.get('q'), 'trenton');
  assert.equal(url.searchParams.get('days'), 'mon,tue,wed,thur,fri');
  assert.equal(url.searchParams.get('page'), '1');
  assert.equal(await page.getByTestId('ss-row').count(), 50);
  await page.getByTestId('ss-row').first().getByText('overnight').waitFor();
  await page.getByTestId('ss-row').nth(1).getByText('bi-weekly').waitFor();
  await page.screenshot({ path: path.join(shots, 'search-screen-1280.png'), fullPage: true });
  await page.close();
});

test('paging of 50 with Previous/Next; the days sent follow the boxes (keyboard too)', async () => {
  mode = 'ok';
  asked.length = 0;
  const page = await ui.open({ path: '/dashboard/schedulesearch?q=trenton' });
  await page.getByTestId('ss-page').filter({ hasText: 'Page 1 of 3' }).waitFor();
  await page.getByTestId('ss-next').click();
  await page.getByTestId('ss-page').filter({ hasText: 'Page 2 of 3' }).waitFor();
  await page.getByText('Route 51', { exact: true }).waitFor();
  assert.equal(searches().at(-1)!.searchParams.get('page'), '2');
  await page.getByTestId('ss-day-sat').focus();
  await page.keyboard.press('Space');
  await page.getByTestId('ss-page').filter({ hasText: 'Page 1 of 3' }).waitFor();
  await page.waitForTimeout(900);
  assert.equal(searches().at(-1)!.searchParams.get('days'), 'mon,tue,wed,thur,fri,sat');
  await page.close();
});

test('over 250, none, and a failing service: the note, the empty state, the error', async () => {
  mode = 'many';
  let page = await ui.open({ path: '/dashboard/schedulesearch?q=tr' });
  await page
    .getByTestId('ss-truncated')
    .filter({ hasText: PM.searchTruncated(250) })
    .waitFor();
  await page
    .getByTestId('ss-count')
    .filter({ hasText: PM.searchCount(250, 250) })
    .waitFor();
  await page.close();
  mode = 'none';
  page = await ui.open({ path: '/dashboard/schedulesearch?q=nowhere' });
  await page.getByTestId('ss-empty').filter({ hasText: PM.searchNone }).waitFor();
  await page.close();
  mode = 'down';
  page = await ui.open({ path: '/dashboard/schedulesearch?q=trenton' });
  await page.getByTestId('ss-error').filter({ hasText: 'routing is unavailable' }).waitFor();
  await page.close();
});

test('700 px: one card per result, each value labelled', async () => {
  mode = 'ok';
  const page = await ui.open({ path: '/dashboard/schedulesearch?q=trenton', width: 390 });
  await page.getByTestId('ss-row').first().waitFor();
  const label = await page
    .getByTestId('ss-row')
    .first()
    .locator('td')
    .first()
    .evaluate((td) => getComputedStyle(td, '::before').content);
  assert.equal(label, '"Route"');
  await page.screenshot({ path: path.join(shots, 'search-screen-390.png'), fullPage: true });
  await page.close();
});
