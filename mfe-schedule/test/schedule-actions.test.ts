// The schedule's other actions over fakes: print manifests (the manifests' merge: the check names the orders without a
// manifest, the spec's question, then the merged PDF is downloaded; none at all says so), the date picker (the day
// in the URL, the day's answer asked), the deep link ?id= (opens orders' Edit Order, the schedule URL keeps only its
// date), an order listed twice on a route set In Transit once, and Print rendering every route's rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
import { DispatchMessages as DM, type ScheduleDay } from '@portal/contracts/dispatch';
import { mountComponent, type Mounted } from '@portal/ui/testing';
import { remotes } from './remotes.js';
import { NO_MANIFESTS } from '../src/pages/schedule/useRouteActions.js';
import { bigDay, order, route } from './schedule-fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const DAY = '2026-11-26';
const a = order('a1', { hasManifest: true });
const b = order('b1');
const day = (d = DAY): ScheduleDay => ({
  day: d,
  // a1 is picked up and delivered on r1 the same day: listed twice
  routes: [route('r1', 'North Coast', { layover: [a, b], deliveries: [a] })],
  warehouse: [],
  dropoffs: [],
  cursor: 1,
});
let answer: (body: { opts: { day: string } }) => ScheduleDay = (bd) => day(bd.opts.day);
let check = { withManifest: ['O-a1'], missing: ['O-b1'] };
// the server's answer to Set to In Transit: everything moved unless the suite says which is skipped
let skip: { id: string; orderId: string; reason: string }[] = [];
const transit = ({ ids }: { ids: string[] }) => {
  const moved = ids.filter((id) => !skip.some((s) => s.id === id));
  const text = DM.inTransitDone(moved.length, ids.length);
  return {
    message: skip.length ? `${text}; ${skip.length} skipped: 1 not approved yet (O-b1)` : text,
    data: { moved, skipped: skip, total: ids.length },
  };
};

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/schedule/DailySchedule.tsx'),
      exportName: 'DailySchedule',
      alias: remotes,
    },
    {
      'POST /api/orders/schedule': (bd) => [200, { data: answer(bd as never) }],
      'POST /api/orders/mergePdfs': () => [200, { data: check }],
      'POST /api/orders/intransit': (bd) => [200, transit(bd as { ids: string[] })],
    },
  );
});
after(async () => ui?.close());

test('print manifests: the missing ones asked about in the spec words, then the merged PDF; none at all says so', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  await page.getByTestId('route-manifests-r1').click();
  await page.getByTestId('schedule-confirm').getByText(DM.missingManifests('O-b1')).waitFor();
  const download = page.waitForEvent('download');
  await page.getByTestId('schedule-confirm-yes').click();
  assert.equal((await download).suggestedFilename(), `manifests-North Coast-${DAY}.pdf`);
  const merges = ui.calls.filter((c) => c.call === 'POST /api/orders/mergePdfs').map((c) => c.body);
  assert.deepEqual(merges, [{ ids: ['a1', 'b1'], check: true }, { ids: ['a1', 'b1'] }]);
  check = { withManifest: [], missing: ['O-a1', 'O-b1'] };
  await page.getByTestId('route-manifests-r1').click();
  await page.getByText(NO_MANIFESTS).waitFor();
  await page.close();
});

test('an order listed twice on the route is set In Transit once', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  await page.getByTestId('route-transit-r1').click();
  await page.getByTestId('schedule-confirm-yes').click();
  await page.getByText(DM.inTransitDone(2, 2)).waitFor();
  const bodies = ui.calls.filter((c) => c.call === 'POST /api/orders/intransit').map((c) => c.body);
  assert.deepEqual(bodies, [{ ids: ['a1', 'b1'] }], 'one call, each order once');
  await page.close();
});

test('Set to In Transit says how many orders the server skipped and why', async () => {
  skip = [{ id: 'b1', orderId: 'O-b1', reason: 'notApproved' }];
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  await page.getByTestId('route-transit-r1').click();
  await page.getByTestId('schedule-confirm-yes').click();
  await page.getByText(`${DM.inTransitDone(1, 2)}; 1 skipped: 1 not approved yet (O-b1)`).waitFor();
  skip = [];
  await page.close();
});

test('the date picker puts the day in the URL and asks for that day', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  await page.getByTestId('route-r1').waitFor();
  await page.getByTestId('schedule-date').fill('2026-11-30');
  await page.waitForFunction(() => location.search === '?date=2026-11-30');
  await page.waitForTimeout(500);
  const days = ui.calls
    .filter((c) => c.call === 'POST /api/orders/schedule')
    .map((c) => (c.body as { opts: { day: string } }).opts.day);
  assert.deepEqual(days, [DAY, '2026-11-30']);
  await page.close();
});

test('a deep link ?id= opens the order (Edit Order); Back returns to the schedule, not to the order again', async () => {
  const page = await ui.open({ path: `/dashboard/manageSchedule?date=${DAY}&id=a1`, user: admin });
  await page.waitForFunction(() => location.pathname === '/dashboard/editOrder');
  assert.equal(new URL(page.url()).search, '?id=a1');
  await page.evaluate(() => history.back());
  await page.waitForFunction(() => location.pathname === '/dashboard/manageSchedule');
  assert.equal(new URL(page.url()).search, `?date=${DAY}`);
  await page.close();
});

test('2,000 orders: 60 route headers at once, rows near the viewport; printing renders every row', async () => {
  answer = () => bigDay(DAY);
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  await page.getByTestId('route-r59').waitFor({ state: 'attached' });
  const before = await page.locator('.sch-table tbody tr').count();
  assert.ok(before > 0 && before < 2000, `rows rendered at first: ${before}`);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.equal(await page.locator('.sch-table tbody tr').count(), 2000);
  answer = (bd) => day(bd.opts.day);
  await page.close();
});

test('keyboard: Tab reaches the route actions, Enter asks, Escape declines without a call', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  await page.getByTestId('route-print-r1').focus();
  for (
    let i = 0;
    i < 5 && !(await page.getByTestId('route-transit-r1').evaluate((b) => b === document.activeElement));
    i++
  )
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByTestId('schedule-confirm').getByText(DM.inTransitConfirm).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('schedule-confirm').waitFor({ state: 'hidden' });
  assert.equal(ui.calls.filter((c) => c.call === 'POST /api/orders/update').length, 0);
  await page.close();
});

test('live: event reset refetches the day', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: `/dashboard/schedule?date=${DAY}`, user: admin });
  let n = 0;
  await page.route('**/api/schedule/live?*', (r) =>
    r.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: n++ === 0 ? `id: 50\nevent: reset\ndata: {"cursor":50,"day":"${DAY}"}\n\n` : ': hb\n\n',
    }),
  );
  await page.getByTestId('route-r1').waitFor();
  await page.waitForTimeout(1500);
  const asks = ui.calls.filter((c) => c.call === 'POST /api/orders/schedule').length;
  assert.equal(asks, 2, 'the first load and the refetch after reset');
  await page.close();
});
