// DataTable `light` (LightTable): a read-only list in plain HTML, no ag-grid download. What the user sees: the
// initial sort in the grid's order (code points: "C29" before "C3", "Zone" before "apple"), header clicks cycling
// ascending/descending/unsorted, getters, formatters and renderers, a column that does not sort, pages of 25 with
// the grid's "1 to 25 of 30", selection across the page, and no ag-grid request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mountComponent, type Mounted } from '../testing/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(here, 'fixtures/light-table.tsx'), exportName: 'LightTablePage' },
    {},
  );
});
after(async () => {
  await ui?.close();
});

test('light table: sort, cells, pages and selection as in the grid, without ag-grid', async () => {
  const page = await ui.open({ path: '/', width: 1366 });
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(r.url()));
  const table = page.getByTestId('lt');
  const names = () => table.locator('tbody td[data-col-id="name"]').allInnerTexts();
  await table.locator('tbody tr').first().waitFor();

  // sorted by the column that asks for it; 25 a page; cells as the column defines them
  assert.equal(await table.locator('tbody tr').count(), 25);
  const first = await names();
  assert.deepEqual(first, [...first].sort());
  assert.ok(
    first.indexOf('Route C29') >= 0 && first.indexOf('Route C29') < first.indexOf('Route C3'),
    first.join(),
  );
  assert.equal(await table.locator('th[data-col-id="name"]').getAttribute('aria-sort'), 'ascending');
  assert.match(
    await table.locator('tbody tr').first().locator('td[data-col-id="stops"]').innerText(),
    /^\d+ stops$/,
  );
  assert.equal(await table.locator('tbody .lt-city').count(), 25);
  await table.getByText('1 to 25 of 30').waitFor();

  // header: descending, then unsorted (the rows' own order), then ascending again
  const sortBy = (name: string) => table.getByRole('button', { name, exact: false }).first().click();
  await sortBy('Route');
  assert.equal(await table.locator('th[data-col-id="name"]').getAttribute('aria-sort'), 'descending');
  const desc = await names();
  assert.ok(desc[0]! > desc[1]!, desc.join());
  await sortBy('Route');
  assert.equal(await table.locator('th[data-col-id="name"]').getAttribute('aria-sort'), null);
  assert.equal((await names())[0], 'Route A1');
  // numbers sort as numbers (the getter's value, not the formatted text)
  await sortBy('Stops');
  const stops = (await table.locator('tbody td[data-col-id="stops"]').allInnerTexts()).map((t) =>
    parseInt(t, 10),
  );
  assert.deepEqual(
    stops,
    [...stops].sort((a, b) => a - b),
  );
  assert.equal(await table.locator('th[data-col-id="note"] button').count(), 0, 'Note does not sort');

  // the second page
  await table.getByRole('button', { name: 'Next page' }).click();
  await table.getByText('26 to 30 of 30').waitFor();
  assert.equal(await table.locator('tbody tr').count(), 5);

  // selection: one row, then all rows (every page), then none
  await table.locator('tbody tr').first().getByRole('checkbox').check();
  assert.match(await page.getByTestId('picked').innerText(), /^r\d+$/);
  await table.getByRole('checkbox', { name: 'Select all rows' }).check();
  assert.equal((await page.getByTestId('picked').innerText()).split(',').length, 30);
  await table.getByRole('checkbox', { name: 'Select all rows' }).uncheck();
  assert.equal(await page.getByTestId('picked').innerText(), 'none');

  assert.deepEqual(
    scripts.filter((u) => /ag-grid|data-grid/.test(u)),
    [],
    'no ag-grid download',
  );
  await page.close();
});
