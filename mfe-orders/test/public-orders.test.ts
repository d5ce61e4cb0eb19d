// Public Orders (no login): the link's token and the chosen week reach GET /api/orders/public; a week's rows, the
// previous/next week, the empty week, a link without a token, an old user-id link (nothing asked) and a revoked token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { OrderMessages, PublicOrderWeek } from '@portal/contracts';
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
const TOKEN = 'k3Vb0w1Qe8Zr5mJtX2yN7cH4pL9aS6dF0gE1uI2oR3t'; // 43 base64url characters, as accounts makes them
const REVOKED = 'zzVb0w1Qe8Zr5mJtX2yN7cH4pL9aS6dF0gE1uI2oR3t';
let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/lists.tsx'), exportName: 'PublicOrders' },
    {
      'GET /api/orders/public': (_b, url) => {
        urls.push(url);
        if (url.searchParams.get('token') === REVOKED)
          return [404, { status: 404, title: 'Not Found', detail: OrderMessages.publicLinkInvalid }];
        const w = url.searchParams.get('week')!;
        const answer = week(w, w === urls[0]!.searchParams.get('week') ? 3 : 0);
        assert.ok(Value.Check(PublicOrderWeek, answer));
        return [200, answer];
      },
    },
  );
});
after(() => ui?.close());

test('a public link: the week of the token, then the next week (empty)', async () => {
  const page = await ui.open({ path: `/dashboard/publicorders?token=${TOKEN}`, user: null });
  await page.getByTestId('orders-public-table').getByText('G-20000').waitFor();
  assert.equal(urls[0]!.searchParams.get('token'), TOKEN);
  assert.equal(urls[0]!.searchParams.get('userid'), null);
  const monday = urls[0]!.searchParams.get('week')!;
  assert.equal(new Date(`${monday}T00:00:00Z`).getUTCDay(), 1, 'weeks start on Monday');
  await page.getByTestId('order-overnight').waitFor();
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'orders-public-1280.png'), fullPage: true });
  await page.getByTestId('public-next').click();
  await page.getByTestId('orders-empty').waitFor();
  assert.notEqual(urls.at(-1)!.searchParams.get('week'), monday);
  await page.close();
});

for (const width of [1366, 390]) {
  test(`${width} px: the week's table fits, nothing runs off the page`, async () => {
    const page = await ui.open({ path: `/dashboard/publicorders?token=${TOKEN}`, user: null, width });
    await page.getByTestId('orders-public-table').getByText('G-20000').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scroll of the page (${overflow} px)`);
    await page.screenshot({
      path: path.join(screenshotDir(mfe), `orders-public-${width}.png`),
      fullPage: true,
    });
    await page.close();
  });
}

test('an old user-id link: says it is out of date and asks the API nothing', async () => {
  const before = urls.length;
  const page = await ui.open({ path: '/dashboard/publicorders?userid=u-42', user: null });
  await page.getByTestId('orders-public-oldlink').getByText(OrderMessages.publicLinkNeedsToken).waitFor();
  assert.equal(urls.length, before);
  await page.close();
});

test('a turned-off or regenerated link: the 404 reads as a link that no longer works', async () => {
  const page = await ui.open({ path: `/dashboard/publicorders?token=${REVOKED}`, user: null, width: 390 });
  await page.getByTestId('orders-public-badlink').getByText(OrderMessages.publicLinkInvalid).waitFor();
  await page.screenshot({
    path: path.join(screenshotDir(mfe), 'orders-public-badlink-390.png'),
    fullPage: true,
  });
  await page.close();
});

test('no token: says where the link comes from, calls nothing', async () => {
  const before = urls.length;
  const page = await ui.open({ path: '/dashboard/publicorders', user: null });
  await page.getByTestId('orders-public-nolink').waitFor();
  assert.equal(urls.length, before);
  await page.close();
});
