// The route editor (orders §2, §5, §8): inline "Please Input {title}!" messages, the 06:00 warning, location rows with
// weekday and strict dates (the "all" button), days text cut at 50 characters, the spec's toasts, a taken name (409)
// and days that parse to nothing (400) shown clearly, Delete Route with confirmation, the unsaved-changes question,
// and the 700 px layout. Request bodies and fake answers are checked against services/routing's schemas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { Role, type RouteCreateBody, type RouteUpdateBody } from '@portal/contracts';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { NORTH, VALLEY, bodyProblems, checkAnswer, route, row } from './fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir(mfe), `${name}.png`), fullPage: true });

let ui: Mounted;
let createAnswer: [number, unknown] = [200, {}];
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/RouteEditor.tsx'), exportName: 'RouteEditor', check: checkAnswer },
    {
      'GET /api/routes': () => [200, { data: { routes: [NORTH, VALLEY] } }],
      'POST /api/routes/create': () => createAnswer,
      'POST /api/routes/update': (b) => {
        const r = (b as RouteUpdateBody).route;
        const rows = r.data.rows.map((x, i) => ({
          ...row(x.id ?? `n${i}`, x.city),
          ...x,
          id: x.id ?? `n${i}`,
        }));
        return [200, { data: { route: route(r.id, r.name, r.data.startTime, rows as never) } }];
      },
      'POST /api/routes/delete': (b) => [
        200,
        { data: { route: { id: (b as { route: { id: string } }).route.id, deleted: true } } },
      ],
    },
  );
});
after(async () => {
  assert.deepEqual(ui.violations, []);
  assert.deepEqual(bodyProblems(ui.calls), []);
  await ui?.close();
});

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).waitFor();
const lastBody = <T>(call: string) => ui.calls.filter((c) => c.call === call).at(-1)?.body as T;

async function addRow(
  page: Page,
  city: string,
  zip: string,
  pick: (dialog: ReturnType<Page['getByTestId']>) => Promise<void>,
) {
  await page.getByTestId('add-location').click();
  const dialog = page.getByTestId('row-dialog');
  await dialog.getByTestId('row-city').fill(city);
  await dialog.getByTestId('row-zip').fill(zip);
  await pick(dialog);
  await dialog.getByTestId('row-price').fill('45');
  await dialog.getByTestId('row-save').click();
  await dialog.waitFor({ state: 'detached' });
}

test('a new route: required fields, the 06:00 warning, weekday and strict-date rows, created with the toast', async () => {
  createAnswer = [200, { data: { route: route('r9', 'Coastal', '06:00', [row('x', 'Eureka')]) } }];
  const page = await ui.open({ path: '/dashboard/editRoute', user: admin });
  await page.getByTestId('route-submit').click();
  await page.getByText('Please Input Route Name!').waitFor();
  await page.getByText('Please Input Route Start Time!').waitFor();
  assert.equal(await page.getByTestId('route-delete').count(), 0, 'no Delete Route on a new route');

  await page.getByTestId('route-name').fill('Coastal');
  await page.getByTestId('route-start').fill('06:00');
  await page.getByTestId('route-early').waitFor();

  // The row dialog's own required messages, then a weekday row.
  await page.getByTestId('add-location').click();
  const dialog = page.getByTestId('row-dialog');
  await dialog.getByTestId('row-save').click();
  for (const t of ['City', 'Zip Code', 'Days', 'Standard Price'])
    await dialog.getByText(`Please Input ${t}!`).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await addRow(page, 'Eureka', '95501', async (d) => {
    await d.getByTestId('day-mon').click();
    await d.getByTestId('day-thur').click();
  });
  // A strict-date row: "All" picks the 365 days from today; the table cuts the text at 50 characters.
  await addRow(page, 'Arcata', '95521', async (d) => {
    await d.getByTestId('days-mode-dates').check();
    await d.getByTestId('days-all').click();
    await d.getByTestId('days-count').getByText('365 selected').waitFor();
  });
  const days = page.getByTestId('route-rows').getByTestId('row-days');
  assert.deepEqual(await days.allTextContents().then((t) => t.map((s) => s.length <= 50)), [true, true]);
  assert.equal(await days.first().textContent(), 'Mon, Thur');
  assert.ok((await days.nth(1).textContent())!.endsWith('…'));
  await shot(page, 'route-editor');

  await page.getByTestId('route-submit').click();
  await page.waitForURL(/\/dashboard\/manageRoutes$/);
  await toast(page, 'Route created Successfully!');
  const sent = lastBody<RouteCreateBody>('POST /api/routes/create').route;
  assert.equal(sent.name, 'Coastal');
  assert.equal(sent.data.startTime, '06:00');
  assert.equal(sent.data.rows[0]!.dayOfTheWeek, 'mon,thur');
  assert.equal(sent.data.rows[1]!.dayOfTheWeek.split(',').length, 365);
  await page.close();
});

test('a taken name (409) and days that parse to nothing (400): the failure toast and the server text', async () => {
  const page = await ui.open({ path: '/dashboard/editRoute', user: admin });
  await page.getByTestId('route-name').fill('Valley');
  await page.getByTestId('route-start').fill('08:00');
  createAnswer = [409, { message: 'A route named Valley already exists.' }];
  await page.getByTestId('route-name').press('Enter');
  const detail = 'Route creation failed: A route named Valley already exists.!';
  await page.getByTestId('route-save-error').getByText(detail).waitFor();
  await toast(page, 'Route created failed!');
  assert.equal(
    await page
      .locator(`[id="${await page.getByTestId('route-name').getAttribute('aria-describedby')}"]`)
      .textContent(),
    detail,
  );
  createAnswer = [
    400,
    {
      message:
        'Days "x" are not weekday codes (mon, tue, wed, thur, fri, sat, sun) or strict dates (day numbers).',
    },
  ];
  await page.getByTestId('route-name').fill('Valley 2');
  await page.getByTestId('route-submit').click();
  await page
    .getByTestId('route-save-error')
    .getByText(/Route creation failed: Days "x" are not weekday codes/)
    .waitFor();
  await page.close();
});

test('editing: rows load, an edit is saved with the version, "Route edited Successfully!"', async () => {
  const page = await ui.open({ path: '/dashboard/editRoute?id=r1', user: admin });
  await page.getByTestId('route-rows').getByText('Arcata').waitFor();
  assert.equal(await page.getByTestId('route-name').inputValue(), 'North Coast');
  await page.getByRole('button', { name: 'Edit Arcata' }).click();
  await page.getByTestId('row-dialog').getByTestId('row-overnight').check();
  await page.getByTestId('row-save').click();
  await page.getByTestId('route-submit').click();
  await page.waitForURL(/\/dashboard\/manageRoutes$/);
  await toast(page, 'Route edited Successfully!');
  const sent = lastBody<RouteUpdateBody>('POST /api/routes/update').route;
  assert.equal(sent.lastUpdated, NORTH.lastUpdated);
  assert.deepEqual(
    sent.data.rows.map((r) => [r.id, r.overnight]),
    [
      ['a', false],
      ['b', true],
    ],
  );
  await page.close();
});

test('unsaved changes ask before Back; Cancel stays, Leave goes; Delete Route asks, then deletes', async () => {
  const page = await ui.open({ path: '/dashboard/editRoute?id=r2', user: admin, width: 700 });
  await page.getByTestId('route-name').fill('Valley North');
  await page.getByTestId('route-back').click();
  const ask = page.getByTestId('confirm-leave');
  await ask.getByText('Leave without saving them?', { exact: false }).waitFor();
  await shot(page, 'route-editor-700-leave');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(new URL(page.url()).pathname, '/dashboard/editRoute');
  await page.getByTestId('route-back').click();
  await page.getByTestId('confirm-leave-yes').click();
  await page.waitForURL(/\/dashboard\/manageRoutes$/);

  await page.goto(page.url().replace('/dashboard/manageRoutes', '/dashboard/editRoute?id=r2'));
  await page.getByTestId('route-delete').click();
  await page
    .getByTestId('confirm-delete')
    .getByText('Delete the route “Valley”?', { exact: false })
    .waitFor();
  await page.getByTestId('confirm-delete-yes').click();
  await page.waitForURL(/\/dashboard\/manageRoutes$/);
  assert.deepEqual(lastBody('POST /api/routes/delete'), { route: { id: 'r2' } });
  await page.close();
});

test('700 px: the editor stacks its fields and the row dialog fits', async () => {
  const page = await ui.open({ path: '/dashboard/editRoute?id=r1', user: admin, width: 700 });
  await page.getByTestId('route-rows').getByText('Eureka').waitFor();
  await shot(page, 'route-editor-700');
  await page.getByRole('button', { name: 'Edit Eureka' }).click();
  await page.getByTestId('row-dialog').waitFor();
  const box = await page.getByTestId('row-dialog').boundingBox();
  assert.ok(box && box.width <= 700, `dialog ${box?.width}px wide`);
  await shot(page, 'route-editor-700-row');
  await page.close();
});

test('keyboard only: a row is added from the keyboard and opened again with Enter on its cell', async () => {
  const page = await ui.open({ path: '/dashboard/editRoute', user: admin });
  await page.getByTestId('add-location').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('row-dialog');
  // the dialog starts at its first field (wait for that focus: typing before it lost the first letter in CI)
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'row-city');
  await page.keyboard.type('Ferndale');
  await page.keyboard.press('Tab');
  await page.keyboard.type('95536');
  await page.keyboard.press('Tab'); // the Weekdays radio
  await page.keyboard.press('Tab'); // Mon
  await page.keyboard.press('Space');
  await dialog.getByTestId('row-price').focus();
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  assert.equal(await dialog.count(), 0, 'Enter saves once and does not reopen the dialog');
  await page.getByTestId('route-rows').getByRole('gridcell', { name: 'Ferndale', exact: true }).waitFor();
  // ag-grid keeps Tab on its cells: Tab into the table, then Enter on the row's cell opens it.
  await page.getByTestId('add-location').focus();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.textContent === 'Ferndale')) break;
  }
  await page.keyboard.press('Enter');
  assert.equal(await dialog.getByTestId('row-city').inputValue(), 'Ferndale');
  assert.equal(await dialog.getByTestId('day-mon').getAttribute('aria-pressed'), 'true');
  await page.close();
});
