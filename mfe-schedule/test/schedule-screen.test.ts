// The daily schedule screen over fake answers (contracts' ScheduleDay): sections, blocks and counts; the status
// names per role and the red pickup-driver change; the search sent as q after the pause; the empty day and the load
// failure in the spec's words; "Set to In Transit" with both confirmations and one server call; a
// note saved after 3 s and a refused save's server text; live events applied without reload, with Last-Event-ID on
// reconnect; the driver variant; 390 px cards. Screenshots in test-results/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
import { DispatchMessages as DM, type ScheduleDay } from '@portal/contracts/dispatch';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';
import { remotes } from './remotes.js';
import { order, route } from './schedule-fakes.js';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = screenshotDir(mfe);
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const driver = { email: 'driver@demo.portal', role: Role.Driver };
const DAY = '2026-11-26';
const at = `/dashboard/schedule?date=${DAY}`;

const a = order('a1', {
  status: 1,
  pickupDriverChanged: true,
  notes: 'Call first',
  pickupVehicle: 'v1',
  pickupVehicleName: 'Van 7',
  deliveryVehicle: 'v2',
});
const b = order('b1', { status: 3, orderId: 'O-B1' });
const x = order('x1', { status: 4, route: 'r2', pickupRoute: 'r2' });
const day = (): ScheduleDay => ({
  day: DAY,
  routes: [
    route('r1', 'North Coast', { layover: [a], deliveries: [b] }),
    route('r2', 'Valley', { sameDay: [x] }),
  ],
  warehouse: [order('w1', { route: 'r1' })],
  dropoffs: [order('d1', { orderType: 'dropoff' })],
  cursor: 10,
});

let answer: () => [number, unknown] = () => [200, { data: day() }];
let update: (body: { order: { id: string; version: number } }) => [number, unknown] = (bd) => [
  200,
  { message: 'ok', data: { order: { id: bd.order.id, version: bd.order.version + 1 } } },
];
let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/schedule/DailySchedule.tsx'),
      exportName: 'DailySchedule',
      alias: remotes,
    },
    {
      'POST /api/orders/schedule': () => answer() as [number, unknown],
      'POST /api/orders/update': (bd) => update(bd as never) as [number, unknown],
      'POST /api/orders/intransit': (bd) => {
        const { ids, reopen } = bd as { ids: string[]; reopen?: boolean };
        return [
          200,
          {
            message: DM.inTransitDone(reopen ? 2 : 1, ids.length),
            data: { moved: [], skipped: [], total: ids.length },
          },
        ];
      },
      'GET /api/schedule/live': () => [404, { message: 'not here' }],
    },
  );
});
after(async () => ui?.close());

const bodies = (call: string) => ui.calls.filter((c) => c.call === call).map((c) => c.body);

test('the admin day: sections, warehouse and dropoffs blocks, counts, status names, the red driver change', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: at, user: admin });
  await page.getByTestId('section-r1-layover').getByText('O-a1').waitFor();
  assert.match(
    (await page.getByTestId('section-r1-layover').locator('h4').textContent())!,
    /^Layover Pickup/,
  );
  assert.match((await page.getByTestId('section-r1-deliveries').textContent())!, /Delivered/);
  assert.equal(await page.getByTestId('status-x1').textContent(), 'Exception', 'staff see exceptions');
  assert.match(
    (await page.getByTestId('schedule-warehouse').locator('h4').textContent())!,
    /^Warehouse - 2026-11-26/,
  );
  await page.getByTestId('schedule-dropoffs').getByText('O-d1').waitFor();
  assert.equal(
    await page.getByTestId('counts-r1').textContent(),
    'Same day pickups: 0 · Pickups: 1 · Deliveries: 1',
  );
  assert.equal(await page.getByTestId('pickup-driver-a1').getAttribute('class'), 'sch-changed');
  assert.match((await page.getByTestId('pickup-driver-a1').textContent())!, /\(changed\)/);
  assert.equal(
    await page.getByTestId('vehicles-a1').textContent(),
    'Van 7 / v2',
    "the legs' vehicles by name",
  );
  assert.equal(await page.getByTestId('vehicles-w1').first().textContent(), '— / —');
  assert.equal(await page.getByTestId('order-link-a1').getAttribute('href'), '/dashboard/editOrder?id=a1');
  await page.getByTestId('schedule-create').waitFor();
  assert.equal(await page.getByPlaceholder(DM.searchPlaceholder).count(), 1);
  assert.deepEqual(bodies('POST /api/orders/schedule'), [{ opts: { day: DAY, isAdmin: true } }]);
  await page.getByTestId('schedule-extra').check();
  await page.getByTestId('section-r1-layover').getByText('Billing notes').waitFor();
  await page.screenshot({ path: path.join(shots, 'schedule-admin.png'), fullPage: true });
  await page.close();
});

test('the search goes out as q once typing pauses (750 ms), one call', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: at, user: admin });
  await page.getByTestId('schedule-day').waitFor();
  await page.getByTestId('schedule-search').pressSequentially('Nor', { delay: 100 });
  await page.waitForTimeout(1200);
  assert.deepEqual(bodies('POST /api/orders/schedule'), [
    { opts: { day: DAY, isAdmin: true } },
    { opts: { day: DAY, isAdmin: true, q: 'Nor' } },
  ]);
  await page.close();
});

test('an empty day and a failed load say so in the spec words', async () => {
  answer = () => [200, { data: { day: DAY, routes: [], warehouse: [], dropoffs: [], cursor: 1 } }];
  let page = await ui.open({ path: at, user: admin });
  await page.getByTestId('schedule-empty').getByText(DM.emptyDay).waitFor();
  await page.close();
  answer = () => [500, { message: 'routing is down' }];
  page = await ui.open({ path: at, user: admin });
  await page.getByTestId('schedule-error').getByText(DM.loadFailed('routing is down')).waitFor();
  assert.equal(await page.getByTestId('schedule-day').count(), 0, 'the schedule is emptied');
  await page.close();
  answer = () => [200, { data: day() }];
});

test('Set to In Transit: both questions, one server call with the ids and the answer to the second, its count', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: at, user: admin });
  await page.getByTestId('route-transit-r1').click();
  await page.getByTestId('schedule-confirm').getByText(DM.inTransitConfirm).waitFor();
  await page.getByTestId('schedule-confirm-yes').click();
  await page.getByTestId('schedule-confirm').getByText(DM.alreadyDelivered).waitFor();
  await page.getByTestId('schedule-confirm-yes').click();
  await page.getByText(DM.inTransitDone(2, 2), { exact: false }).waitFor();
  assert.deepEqual(bodies('POST /api/orders/intransit'), [{ ids: ['a1', 'b1'], reopen: true }]);
  assert.equal(bodies('POST /api/orders/update').length, 0, 'no order-by-order updates from the browser');
  await page.close();
});

test('a note is saved 3 s after the last keystroke; a refused save shows the server text', async () => {
  ui.calls.length = 0;
  update = (bd) =>
    bd.order.id === 'b1'
      ? [409, { message: 'This order was changed by Someone; reload' }]
      : [200, { message: 'ok', data: { order: { id: bd.order.id, version: bd.order.version + 1 } } }];
  const page = await ui.open({ path: at, user: admin });
  const notes = page.getByTestId('notes-a1');
  await notes.fill('Call first, gate code at desk');
  await page.waitForTimeout(2000);
  assert.equal(bodies('POST /api/orders/update').length, 0, 'not before 3 s');
  await page.getByTestId('notes-state-a1').getByText('✓').waitFor({ timeout: 3000 });
  assert.deepEqual(bodies('POST /api/orders/update'), [
    {
      order: {
        id: 'a1',
        version: 1,
        data: { order: { notes: 'Call first, gate code at desk' } },
        source: 'form',
      },
    },
  ]);
  await page.getByTestId('notes-b1').fill('late');
  await page
    .getByText(DM.updateFailed('This order was changed by Someone; reload'))
    .waitFor({ timeout: 5000 });
  await page.close();
});

test('live: an order event changes the row without reload; a reconnect sends Last-Event-ID', async () => {
  const page = await ui.open({ path: at, user: admin });
  const seen: (string | undefined)[] = [];
  let n = 0;
  await page.route('**/api/schedule/live?*', async (r) => {
    seen.push(r.request().headers()['last-event-id']);
    const ev = { cursor: 11, day: DAY, id: 'a1', order: { ...a, status: 2, version: 2 } };
    n += 1;
    await r.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: n === 1 ? `id: 11\nevent: order\ndata: ${JSON.stringify(ev)}\n\n` : ': idle\n\n',
    });
  });
  await page.getByTestId('status-a1').getByText('In Transit').waitFor({ timeout: 8000 });
  await page.waitForTimeout(2500);
  assert.deepEqual(
    seen.slice(0, 2),
    ['10', '11'],
    'starts after the answer cursor, resumes after the last id',
  );
  await page.close();
});

test('the driver: no dropoffs, Cash Pickup, exceptions shown as approved, notes read-only; 390 px cards', async () => {
  answer = () => [200, { data: { ...day(), dropoffs: undefined } }];
  const page = await ui.open({ path: `/dashboard/manageSchedule?date=${DAY}`, user: driver, width: 390 });
  await page.getByTestId('status-x1').getByText('Order Approved').waitFor();
  assert.equal(await page.getByTestId('schedule-dropoffs').count(), 0);
  assert.equal(await page.getByTestId('schedule-create').count(), 0);
  await page.getByTestId('schedule-cash-pickup').waitFor();
  assert.equal(await page.getByTestId('notes-a1').count(), 0);
  assert.equal(await page.getByTestId('route-new-r1').count(), 0);
  await page.screenshot({ path: path.join(shots, 'schedule-driver-390.png'), fullPage: true });
  answer = () => [200, { data: day() }];
  await page.close();
});
