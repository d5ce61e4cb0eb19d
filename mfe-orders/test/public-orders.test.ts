// Public Orders (no login): the link's userid and the chosen week reach GET /api/orders/public; a week's rows, the
// previous/next week, the empty week and a link without a userid.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { PublicOrderWeek } from '@portal/contracts';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const week = (w: string, n: number) => ({
  data: {
    week: w,
    orders: Array.from({ length: n }, (_, i) => ({
      orderId: `G-2000${i}`,
      deliveryDate: `${w}T12:00:00.000Z`,
      preferredDelivery: null,
      vendor: 'Green Leaf LLC',
      destName: 'Harbor Goods',
      destination: '9 Dock Rd, Portland',
      status: 1 as const,
      statusName: 'Order Approved',
      boxCount: '2',
      overnight: i === 0,
    })),
  },
});
const urls: URL[] = [];
let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/lists.tsx'), exportName: 'PublicOrders' },
    {
      'GET /api/orders/public': (_b, url) => {
        urls.push(url);
        const w = url.searchParams.get('week')!;
        const answer = week(w, w === urls[0]!.searchParams.get('week') ? 3 : 0);
        assert.ok(Value.Check(PublicOrderWeek, answer));
        return [200, answer];
      },
    },
  );
});
after(() => ui?.close());

test('a public link: the week of the userid, then the next week (empty)', async () => {
  const page = await ui.open({ path: '/dashboard/publicorders?userid=u-42', user: null });
  await page.getByTestId('orders-public-table').getByText('G-20000').waitFor();
  assert.equal(urls[0]!.searchParams.get('userid'), 'u-42');
  const monday = urls[0]!.searchParams.get('week')!;
  assert.equal(new Date(`${monday}T00:00:00Z`).getUTCDay(), 1, 'weeks start on Monday');
  await page.getByTestId('order-overnight').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'orders-public.png'), fullPage: true });
  await page.getByTestId('public-next').click();
  await page.getByTestId('orders-empty').waitFor();
  assert.notEqual(urls.at(-1)!.searchParams.get('week'), monday);
  await page.close();
});

test('no userid: says where the link comes from, calls nothing', async () => {
  const before = urls.length;
  const page = await ui.open({ path: '/dashboard/publicorders', user: null });
  await page.getByTestId('orders-public-nolink').waitFor();
  assert.equal(urls.length, before);
  await page.close();
});
