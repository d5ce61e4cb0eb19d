// The Billing reconciliation screen against a fake billing: the picker (search, registered
// only, the mismatch tooltip), the default range (last week), Search with the spec's {opts}, totals in US dollars by
// method and route, keyset "More", the empty state, the compare-unavailable banner, the server's message on an error,
// and Print: the form with courier and vendor signature texts, the confirm, the stamp call and its toast. 700 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
import {
  BillingMessages,
  ReconWords,
  lastWeek,
  type ReconAnswer,
  type ReconRow,
  type ReconTotals,
  type ReconVendor,
} from '@portal/contracts/billing';
import { mountComponent, screenshotDir, type FakeRoutes, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
const admin = { email: 'admin@demo.portal', role: Role.Admin };

const vendors: ReconVendor[] = [
  { licenseNumber: 'C10-0000001-LIC', name: 'Harbor Light Dispensary', registered: true, mismatch: false },
  { licenseNumber: 'C10-0000002-LIC', name: 'Mystery Greens', registered: true, mismatch: true },
  { licenseNumber: 'C10-0000003-LIC', name: 'Walk-in Farms', registered: false, mismatch: false },
];
const row = (i: number, over: Partial<ReconRow> = {}): ReconRow => ({
  id: `o${i}`,
  orderId: `R-${1000 + i}`,
  deliveryDay: '2026-11-17',
  destination: 'Shop One',
  destinationLN: 'D-1',
  route: 'r1',
  routeName: 'North Loop',
  driverName: 'Dana Driver',
  invoice: `INV-${i}`,
  amount: '0.1',
  amountCents: 10,
  method: 'Net Terms',
  status: 3,
  counted: true,
  ...over,
});
let compareUp = true;
let empty = false;
let stamped = 0;
const all = [
  row(0, { amount: '$1,250.50', amountCents: 125050, method: 'Cash 12' }),
  // reconciled more than 48 hours ago: settled (orders §9)
  row(1, { recon: { date: '2026-11-20T09:00:00.000Z', user: 'Ada Admin' }, settled: true }),
  row(2),
  row(3),
];
const answer = (after?: string): ReconAnswer => {
  const page = after ? all.slice(2) : all.slice(0, 2);
  return {
    vendor: vendors[0]!,
    from: lastWeek().from,
    to: lastWeek().to,
    orders: empty ? [] : page,
    next: empty || after ? null : '2026-11-17|o1',
    listed: empty ? 0 : 4,
    totals: empty ? totalsFixture([]) : totalsFixture(all),
  };
};
const routes: FakeRoutes = {
  'GET /api/billing/vendors': (_b, url) => [
    200,
    {
      data: {
        vendors:
          url.searchParams.get('registeredOnly') === 'true' ? vendors.filter((v) => v.registered) : vendors,
        compare: compareUp,
      },
    },
  ],
  'GET /api/billing/compare': () => [
    200,
    {
      data: compareUp
        ? { available: true, mismatches: ['C10-0000002-LIC'] }
        : { available: false, message: BillingMessages.compareUnavailable },
    },
  ],
  'POST /api/orders/reconciliation': (b) => {
    const o = (b as { opts: { vendorLN: string; after?: string } }).opts;
    if (o.vendorLN === 'C10-0000003-LIC') return [404, { message: BillingMessages.unknownVendor }];
    return [200, { data: answer(o.after) }];
  },
  'POST /api/billing/recon/print': () => {
    stamped += 1;
    return [
      201,
      {
        data: {
          print: {
            id: 'p1',
            date: '2026-11-25T10:00:00.000Z',
            user: 'Admin',
            vendorLN: vendors[0]!.licenseNumber,
            from: lastWeek().from,
            to: lastWeek().to,
            count: 3,
            totals: totalsFixture(all),
            reportBy: '2026-11-27T10:00:00.000Z',
            settled: 1,
          },
          created: true,
        },
      },
    ];
  },
};

/** Totals computed like the service (integer cents by method and route), so the fake answers what billing would. */
function totalsFixture(rows: ReconRow[]): ReconTotals {
  const byMethod = new Map<string, { method: string; count: number; amountCents: number }>();
  const byRoute = new Map<string, { route: string; routeName: string; count: number; amountCents: number }>();
  let amountCents = 0;
  for (const r of rows) {
    amountCents += r.amountCents;
    const m = byMethod.get(r.method) ?? { method: r.method, count: 0, amountCents: 0 };
    m.count += 1;
    m.amountCents += r.amountCents;
    byMethod.set(r.method, m);
    const t = byRoute.get(r.route) ?? { route: r.route, routeName: r.routeName, count: 0, amountCents: 0 };
    t.count += 1;
    t.amountCents += r.amountCents;
    byRoute.set(r.route, t);
  }
  return {
    count: rows.length,
    amountCents,
    byMethod: [...byMethod.values()],
    byRoute: [...byRoute.values()],
  };
}

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/recon/Billing.tsx'), exportName: 'Billing' },
    routes,
  );
});
after(() => ui?.close());
const last = (call: string) => [...ui.calls].reverse().find((c) => c.call === call)?.body;

test('picker: search, registered only, the mismatch tooltip; default range last week', async () => {
  compareUp = true;
  const page = await ui.open({ path: '/dashboard/billing', user: admin });
  await page.getByTestId('recon-vendor').first().waitFor();
  assert.equal(await page.getByTestId('recon-vendor').count(), 3);
  assert.equal(await page.getByTestId('recon-from').inputValue(), lastWeek().from);
  assert.equal(await page.getByTestId('recon-to').inputValue(), lastWeek().to);
  const mark = page.getByTestId('recon-vendors').getByTestId('recon-mismatch');
  assert.equal(await mark.count(), 1);
  assert.equal(await mark.getAttribute('title'), ReconWords.mismatch);
  await mark.hover();
  await page.getByRole('tooltip').filter({ hasText: 'does not match any known customer' }).waitFor();
  await page.getByTestId('recon-registered-only').check();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=recon-vendor]').length === 2);
  await page.getByTestId('recon-vendor-search').fill('harbor');
  assert.equal(await page.getByTestId('recon-vendor').count(), 1);
  assert.equal(await page.getByTestId('recon-compare-down').count(), 0);
  await page.screenshot({ path: path.join(shots, 'recon-picker.png'), fullPage: true });
  await page.close();
});

test('search: {opts} sent, totals in dollars by method and route, More pages with the cursor', async () => {
  const page = await ui.open({ path: '/dashboard/billing', user: admin });
  await page.getByTestId('recon-vendor').first().waitFor();
  await page.getByTestId('recon-vendor').first().focus();
  await page.keyboard.press('Enter'); // keyboard pick
  await page.getByTestId('recon-search').click();
  await page.getByTestId('recon-totals').waitFor();
  assert.deepEqual(last('POST /api/orders/reconciliation'), {
    opts: { vendorLN: vendors[0]!.licenseNumber, ...lastWeek() },
  });
  assert.deepEqual(await page.getByTestId('recon-by-method').allInnerTexts(), [
    'Cash 12\t1\t$1,250.50',
    'Net Terms\t3\t$0.30',
  ]);
  assert.deepEqual(await page.getByTestId('recon-by-route').allInnerTexts(), ['North Loop\t4\t$1,250.80']);
  assert.match(await page.getByTestId('recon-grand-total').innerText(), /4 orders, \$1,250\.80/);
  assert.match(await page.getByTestId('recon-count').innerText(), /Showing 2 of 4 orders/);
  await page.getByTestId('recon-table').getByText('R-1000').waitFor();
  await page.screenshot({ path: path.join(shots, 'recon-result.png'), fullPage: true });
  await page.getByTestId('recon-more').click();
  await page.getByTestId('recon-count').getByText('Showing 4 of 4 orders').waitFor();
  assert.equal(
    (last('POST /api/orders/reconciliation') as { opts: { after: string } }).opts.after,
    '2026-11-17|o1',
  );
  assert.equal(await page.getByTestId('recon-more').count(), 0);
  await page.setViewportSize({ width: 600, height: 900 });
  await page.screenshot({ path: path.join(shots, 'recon-700.png'), fullPage: true });
  await page.close();
});

test('print: the form with both signature texts, a confirm, the stamp call and the toast', async () => {
  stamped = 0;
  const page = await ui.open({ path: '/dashboard/billing', user: admin });
  await page.addInitScript(() => {
    (window as unknown as { print: () => void }).print = () => {};
  });
  await page.evaluate(() => {
    window.print = () => {};
    HTMLIFrameElement.prototype.focus = () => {};
  });
  await page.getByTestId('recon-vendor').first().click();
  await page.getByTestId('recon-search').click();
  await page.getByTestId('recon-print').click();
  const form = page.getByTestId('recon-print-form');
  await form.waitFor();
  assert.match(await page.getByTestId('recon-courier-text').inputValue(), /delivered or returned/);
  assert.match(await page.getByTestId('recon-vendor-text').inputValue(), /reviewed this reconciliation/);
  await page.getByTestId('recon-courier-name').fill('Cody Courier');
  await page.screenshot({ path: path.join(shots, 'recon-print-form.png'), fullPage: true });
  await page.getByTestId('recon-print-go').click();
  await page.getByTestId('recon-confirm-no').click();
  assert.equal(stamped, 0, 'Cancel stamps nothing');
  // orders §9: the 48-hour rule under the totals, and the row reconciled before it marked settled
  assert.equal(
    (await page.getByTestId('recon-discrepancy-rule').textContent())?.startsWith(ReconWords.discrepancyRule),
    true,
  );
  await page.getByText('2026-11-20 Ada Admin (settled)').waitFor();
  await page.getByTestId('recon-print-go').click();
  await page.getByTestId('recon-confirm-yes').click();
  // the printed sheet carries the notice with the print's deadline (the frame is removed a second after printing)
  let notice: string | null | undefined;
  for (let i = 0; i < 40 && !notice; i++) {
    for (const f of page.frames())
      notice ??= await f
        .evaluate(() => document.querySelector('[data-testid="recon-print-notice"]')?.textContent)
        .catch(() => undefined);
    if (!notice) await new Promise((r) => setTimeout(r, 25));
  }
  assert.equal(notice, ReconWords.discrepancyNotice('2026-11-27T10:00:00.000Z'));
  await page
    .getByTestId('toast')
    .filter({ hasText: ReconWords.stamped(3) })
    .waitFor();
  assert.equal(stamped, 1);
  assert.deepEqual(last('POST /api/billing/recon/print'), {
    vendorLN: vendors[0]!.licenseNumber,
    ...lastWeek(),
    courierName: 'Cody Courier',
    vendorName: vendors[0]!.name,
  });
  await page.close();
});

test('empty state, the server message on an error, the compare-unavailable banner', async () => {
  compareUp = false;
  empty = true;
  const page = await ui.open({ path: '/dashboard/billing', user: admin });
  await page.getByTestId('recon-compare-down').getByText(BillingMessages.compareUnavailable).waitFor();
  await page.getByTestId('recon-vendor').first().click();
  await page.getByTestId('recon-search').click();
  await page.getByTestId('recon-empty').getByText('No orders for this vendor in this period.').waitFor();
  await page.screenshot({ path: path.join(shots, 'recon-empty.png'), fullPage: true });
  await page.getByTestId('recon-vendor').nth(2).click();
  await page.getByTestId('recon-search').click();
  await page.getByTestId('recon-error').getByText(BillingMessages.unknownVendor).waitFor();
  await page.getByTestId('recon-from').fill('2026-11-20');
  await page.getByTestId('recon-to').fill('2026-11-01');
  await page.getByTestId('recon-search').click();
  await page.getByTestId('recon-error').getByText(BillingMessages.badRange).waitFor();
  empty = false;
  compareUp = true;
  await page.close();
});
