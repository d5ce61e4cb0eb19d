// The dashboards over GET /api/billing/dashboard/{operations,vendor} and fleet's GET /api/vehicles: figures, charts
// (svg) and their table fallbacks, the range picker and its presets, empty, error and bad-range states, 700 px.
// Fake answers are checked against @portal/contracts' OperationsDashboard and VendorDashboard (the service's
// response schemas).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { Role } from '@portal/contracts';
import { OperationsDashboard, VendorDashboard, lastWeek } from '@portal/contracts/billing';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const vendor = { email: 'accountadmin@demo.portal', role: Role.AccountAdmin };
const STATUSES = [
  'Order Received',
  'Order Approved',
  'In Transit',
  'Delivered',
  'Exception',
  'Full Rejection',
];

let empty = false;
let down = false;
const ops = (from: string, to: string) => ({
  data: {
    from,
    to,
    deliveriesPerDay: [
      { day: from, delivered: empty ? 0 : 7 },
      { day: to, delivered: empty ? 0 : 5 },
    ],
    onTime: empty
      ? { delivered: 0, measured: 0, onTime: 0, rate: null }
      : { delivered: 12, measured: 10, onTime: 8, rate: 0.8 },
    rejectionsByReason: empty ? [] : [{ reason: '2', label: 'Wrong Product on the Manifest', count: 3 }],
    week: '2026-11-23',
    ordersByStatusThisWeek: STATUSES.map((label, status) => ({
      status,
      label,
      count: empty ? 0 : status + 1,
    })),
    totals: { orders: empty ? 0 : 20, delivered: empty ? 0 : 12, rejections: empty ? 0 : 3 },
  },
});
const mine = (from: string, to: string) => ({
  data: {
    from,
    to,
    licences: 1,
    ordersByStatus: STATUSES.filter((s) => s !== 'Exception').map((label, status) => ({
      status,
      label,
      count: empty ? 0 : status === 3 ? 4 : 1,
    })),
    onTime: empty
      ? { delivered: 0, measured: 0, onTime: 0, rate: null }
      : { delivered: 4, measured: 3, onTime: 2, rate: 0.667 },
    deliveriesPerWeek: [{ week: '2026-11-16', delivered: empty ? 0 : 4 }],
    totals: { orders: empty ? 0 : 8, delivered: empty ? 0 : 4 },
  },
});
const range = (url: URL) => [url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''] as const;

let ui: Mounted;
const exported: string[] = [];
let exportDown = false;
const mount = (file: string, exportName: string) =>
  mountComponent(
    { module: path.join(mfe, 'src/dashboards', file), exportName },
    {
      'GET /api/billing/dashboard/operations': (_b, url) => {
        if (down) return [503, { message: 'billing is unavailable' }];
        const answer = ops(...range(url));
        assert.ok(Value.Check(OperationsDashboard, answer));
        return [200, answer];
      },
      'GET /api/billing/dashboard/vendor': (_b, url) => {
        const answer = mine(...range(url));
        assert.ok(Value.Check(VendorDashboard, answer));
        return [200, answer];
      },
      'GET /api/billing/dashboard/vendor/export': (_b, url) => {
        exported.push(url.searchParams.get('format') ?? '');
        return exportDown ? [500, { message: 'the file store is busy' }] : [200, 'Order,Delivery day'];
      },
      'GET /api/vehicles': () => [
        200,
        {
          data: {
            vehicles: [
              {
                id: 'v1',
                name: 'Van 7',
                lic: '8ABC123',
                status: 1,
                due: [{ kind: 'oil', label: 'Oil change due' }],
              },
              { id: 'v2', name: 'Van 8', lic: '8ABC124', status: 1, due: [] },
            ],
          },
        },
      ],
    },
  );
after(() => ui?.close());

test('operations: figures, charts with their tables, service-due vehicles, a preset range; desktop and 700 px', async () => {
  ui = await mount('Operations.tsx', 'Operations');
  empty = false;
  down = false;
  const page = await ui.open({ path: '/dashboard/operations', user: admin });
  await page.getByTestId('db-deliveries').getByText('12').waitFor();
  assert.equal(await page.getByTestId('db-ontime').locator('.db-figure-value').textContent(), '80.0%');
  assert.equal(await page.getByTestId('db-rejections').locator('.db-figure-value').textContent(), '3');
  await page.locator('[data-testid="db-per-day"] svg.db-chart-surface').first().waitFor();
  assert.ok((await page.locator('.db-plot svg').count()) >= 3, 'three charts drawn');
  // the table is there for screen readers (the chart's description) and shown by the toggle
  const table = page.getByTestId('db-reasons-table');
  assert.ok(
    (await page.getByTestId('db-reasons-fallback').boundingBox())!.width <= 1,
    'visually hidden, in the page',
  );
  assert.ok(
    await page.getByRole('img', { name: 'Rejections by reason (chart)' }).getAttribute('aria-describedby'),
  );
  await page.getByTestId('db-reasons-toggle').focus();
  await page.keyboard.press('Enter');
  await table.getByRole('row', { name: 'Wrong Product on the Manifest 3' }).waitFor();
  assert.equal(await page.getByTestId('db-reasons-toggle').getAttribute('aria-pressed'), 'true');
  const due = page.getByTestId('db-service-due');
  await due.getByText('Oil change due').waitFor();
  assert.equal(await due.getByText('Van 8').count(), 0, 'a vehicle with nothing due is not listed');
  assert.equal(await due.getByRole('link').getAttribute('href'), '/dashboard/fleetmanager');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'operations.png'), fullPage: true });

  await page.getByRole('button', { name: 'Last week' }).click();
  const lw = lastWeek();
  await page
    .getByTestId('db-per-day-table')
    .getByRole('row', { name: `${lw.from} 7` })
    .waitFor({ state: 'attached' });
  assert.ok(ui.calls.some((c) => c.call === 'GET /api/billing/dashboard/operations'));
  await page.close();

  const narrow = await ui.open({ path: '/dashboard/operations', user: admin, width: 700 });
  await narrow.getByTestId('db-per-day').locator('svg.db-chart-surface').waitFor();
  const [a, b] = await Promise.all(
    ['db-reasons', 'db-week'].map((id) =>
      narrow
        .getByTestId(id)
        .boundingBox()
        .then((x) => x!),
    ),
  );
  assert.ok(b.y > a.y && Math.abs(a.x - b.x) < 2, 'charts stack at 700 px');
  await narrow.screenshot({ path: path.join(screenshotDir(mfe), 'operations-700.png'), fullPage: true });
  await narrow.close();
});

test('operations: an empty period says so; a bad range is refused with the shared words; the service down', async () => {
  empty = true;
  const page = await ui.open({ path: '/dashboard/operations', user: admin });
  await page.getByTestId('db-per-day-empty').getByText('No deliveries in this period.').waitFor();
  assert.equal(await page.getByTestId('db-ontime').locator('.db-figure-value').textContent(), '—');
  const before = ui.calls.length;
  await page.getByTestId('db-from').fill('2026-12-31');
  await page.getByTestId('db-to').fill('2026-01-01');
  await page
    .getByTestId('db-range-error')
    .getByText('The start date must be on or before the end date.')
    .waitFor();
  assert.equal(ui.calls.length, before, 'no call for a bad range');
  down = true;
  await page.getByTestId('db-from').fill('2025-12-01');
  await page.getByTestId('db-error').waitFor({ timeout: 10_000 });
  down = false;
  empty = false;
  await page.getByTestId('db-error').getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('db-deliveries').getByText('12').waitFor();
  await page.close();
  await ui.close();
});

test('vendor: their orders by status (chart and table), on-time rate, deliveries per week; empty company', async () => {
  ui = await mount('VendorDashboard.tsx', 'VendorDashboard');
  empty = false;
  const page = await ui.open({ path: '/dashboard/userreports', user: vendor });
  await page.getByTestId('db-orders').getByText('8').waitFor();
  assert.equal(await page.getByTestId('db-ontime').locator('.db-figure-value').textContent(), '66.7%');
  await page.getByTestId('db-status').locator('svg.db-chart-surface').waitFor();
  await page.getByTestId('db-status-toggle').click();
  await page.getByTestId('db-status-table').getByRole('row', { name: 'Delivered 4' }).waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'vendor-dashboard.png'), fullPage: true });
  // orders §2 userreports: the company's own orders as CSV or xlsx, for the range shown
  for (const format of ['csv', 'xlsx']) {
    const download = page.waitForEvent('download');
    await page.getByTestId(`db-export-${format}`).click();
    assert.match(
      (await download).suggestedFilename(),
      new RegExp(`^my-orders-\\d{4}-\\d\\d-\\d\\d-\\d{4}-\\d\\d-\\d\\d\\.${format}$`),
    );
  }
  assert.deepEqual(exported, ['csv', 'xlsx']);
  exportDown = true;
  await page.getByTestId('db-export-csv').click();
  await page.getByTestId('db-export-error').getByText('Export failed: the file store is busy').waitFor();
  exportDown = false;
  await page.close();
  empty = true;
  const none = await ui.open({ path: '/dashboard/userreports', user: vendor });
  await none.getByTestId('db-vendor-empty').getByText('No orders in this period.').waitFor();
  await none.close();
});
