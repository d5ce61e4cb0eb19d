// Outgoing Orders over GET /api/orders: the month and status filters reach the query, keyset pages load into the
// table with Load more, staff see the company column, and the empty and error states. Fake answers are checked
// against @portal/contracts' OrderList (the service's response schema), so the fake cannot answer what the service
// never would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { OrderList, Role } from '@portal/contracts';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vendor = { email: 'vendor@demo.portal', role: Role.AccountAdmin };
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const order = (n: number, status = 1) => ({
  id: `ORD-${1000 + n}`,
  companyKey: 'c11-0000101-lic',
  status,
  statusName: status === 1 ? 'Order Approved' : 'Order Received',
  orderType: 'sameDay',
  createdAt: new Date(Date.UTC(2026, 10, 20 - (n % 20), 9)).toISOString(),
});
const page1 = { data: { orders: [order(1), order(2, 0)], nextCursor: 'abc_1' } };
const page2 = { data: { orders: [order(3)], nextCursor: null } };
const empty = { data: { orders: [], nextCursor: null } };
for (const answer of [page1, page2, empty]) assert.ok(Value.Check(OrderList, answer), JSON.stringify(answer));

let ui: Mounted;
let mode: 'pages' | 'empty' | 'down' = 'pages';
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/OrdersList.tsx'), exportName: 'OrdersList' },
    {
      'GET /api/orders': (_b, url) =>
        mode === 'down'
          ? [503, { message: 'orders is unavailable' }]
          : mode === 'empty' || url.searchParams.get('status') === '8'
            ? [200, empty]
            : [200, url.searchParams.get('cursor') === 'abc_1' ? page2 : page1],
    },
  );
});
after(() => ui?.close());

test("a vendor sees this month's orders; Load more appends the next page; no company column", async () => {
  mode = 'pages';
  const page = await ui.open({ path: '/dashboard/orders', user: vendor });
  const table = page.getByTestId('orders-table');
  await table.getByText('ORD-1001').waitFor();
  await table.getByText('Same Day').first().waitFor();
  assert.equal(await table.getByText('Company').count(), 0);
  await page.getByTestId('orders-more').click();
  await table.getByText('ORD-1003').waitFor();
  assert.equal(await page.getByTestId('orders-more').count(), 0, 'no more pages after the last');
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'orders-list.png'), fullPage: true });
  await page.close();
});

test('the filters reach the query: month and status; a status with no orders shows the empty state', async () => {
  mode = 'pages';
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/orders', user: admin });
  await page.getByTestId('orders-table').getByText('Company').waitFor();
  await page.getByTestId('orders-status').selectOption('8');
  await page.getByTestId('orders-empty').waitFor();
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const last = new URL(urls.filter((u) => u.includes('/api/orders')).at(-1)!);
  assert.equal(last.searchParams.get('status'), '8');
  assert.match(last.searchParams.get('month') ?? '', /^\d{4}-\d{2}$/);
  assert.equal(last.searchParams.get('limit'), '100');
  await page.close();
});

test('the service is down: the error with Try again', async () => {
  mode = 'down';
  const page = await ui.open({ path: '/dashboard/orders', user: vendor });
  await page.getByTestId('orders-error').waitFor({ timeout: 10_000 });
  mode = 'empty';
  await page.getByTestId('orders-error').getByRole('button', { name: 'Try again' }).click();
  await page.getByTestId('orders-empty').waitFor();
  await page.close();
});
