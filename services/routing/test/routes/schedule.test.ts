import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, Role, type RoleNumber } from '@portal/contracts';
import { type LiveOrderEvent, type ScheduleDay } from '@portal/contracts/dispatch';
import { demoEmail, startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Route } from '../../src/models/route.js';
import { ReadOrderModel, applyOrder } from '../../src/readmodels/orders.js';
import { ReadDriverModel } from '../../src/readmodels/fleet.js';
import { forgetRoutes } from '../../src/domain/schedule/load.js';
import { SCHEDULE_POLICY } from '../policy/schedule.js';
import { openStreams } from '../../src/routes/live.js';
import { item, readFrames } from './schedule-helpers.js';

const DAY = '2026-11-24';
let app: FastifyInstance;
let base: string;
const tokens = new Map<RoleNumber, string>();
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_schedule_test',
    CONSUMER_SUFFIX: `s${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    QUEUE_PREFIX: 'portal-routing-schedule-test',
    ROUTING_DISPATCH_FEED: 'off',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  for (const r of ALL_ROLES) tokens.set(r, await tokenFor(r));
  await Promise.all([ReadOrderModel.deleteMany({}), ReadDriverModel.deleteMany({}), Route.deleteMany({})]);
  const now = new Date();
  await Route.create([
    {
      name: 'North Loop',
      nameKey: 'north loop',
      startTime: '07:00',
      rows: [{ city: 'Seattle', zipCode: '98101' }],
      created: now,
      lastUpdated: now,
    },
    { name: 'Cash Run', nameKey: 'cash run', startTime: '08:00', rows: [], created: now, lastUpdated: now },
  ]);
  forgetRoutes();
  const routes = await Route.find({}).lean();
  const north = String(routes.find((r) => r.name === 'North Loop')!._id);
  // the demo driver is fleet driver drv-me (linked by email); drv-other is someone else
  await ReadDriverModel.create([
    { _id: 'drv-me', name: 'Dee Driver', email: demoEmail(Role.Driver), userId: 'acc-user-1', asOf: now },
    { _id: 'drv-other', name: 'Otto Other', email: 'otto@x.test', userId: 'acc-user-2', asOf: now },
  ]);
  await applyOrder(item('5001', DAY, { route: north, deliveryDriver: 'drv-me' }));
  await applyOrder(item('5002', DAY, { route: north, deliveryDriver: 'drv-other' }));
  await applyOrder(item('5003', DAY, { route: north }, { status: 3 }));
  await applyOrder(item('5004', DAY, { route: north }, { orderType: 'dropoff' }));
  await applyOrder(item('5005', '2026-11-25', { route: north, deliveryDriver: 'drv-me' }));
});
after(() => app?.close());

const schedule = async (role: RoleNumber, opts: object = { day: DAY }) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/schedule',
    headers: { authorization: `Bearer ${tokens.get(role)}` },
    payload: { opts },
  });
  return { status: res.statusCode, day: (res.json() as { data: ScheduleDay }).data };
};
const ids = (d: ScheduleDay) =>
  d.routes.flatMap((r) => Object.values(r.sections).flatMap((l) => l.map((o) => o.orderId))).sort();

test('role × endpoint: 0, 1, 2 get the schedule and the stream; 3, 4 and anonymous are refused', async () => {
  assert.deepEqual(SCHEDULE_POLICY['POST /api/orders/schedule'], [0, 1, 2]);
  for (const role of ALL_ROLES) {
    const { status } = await schedule(role);
    assert.equal(status, role <= 2 ? 200 : 403, `schedule, role ${role}`);
    if (role > 2) {
      const live = await fetch(`${base}/api/schedule/live?day=${DAY}`, {
        headers: { authorization: `Bearer ${tokens.get(role)}` },
      });
      assert.equal(live.status, 403, `live, role ${role}`);
    }
  }
  const anon = await app.inject({
    method: 'POST',
    url: '/api/orders/schedule',
    payload: { opts: { day: DAY } },
  });
  assert.equal(anon.statusCode, 401);
  const bad = await schedule(Role.Admin, { day: '24/11/2026' });
  assert.equal(bad.status, 400);
});

test('staff: every order of the day by route and section, sorted by status, with the Dropoffs block', async () => {
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    const { day } = await schedule(role);
    assert.equal(day.day, DAY);
    assert.deepEqual(
      ids(day),
      ['5001', '5002', '5003'],
      'the next day and the dropoff are not in the routes',
    );
    assert.equal(day.routes[0]!.route.name, 'North Loop');
    assert.deepEqual(
      day.routes[0]!.sections.deliveries.map((o) => o.status),
      [1, 1, 3],
    );
    assert.equal(day.routes[0]!.counts.deliveries, 3);
    assert.deepEqual(
      day.dropoffs?.map((o) => o.orderId),
      ['5004'],
    );
    const mine = day.routes[0]!.sections.deliveries.find((o) => o.orderId === '5001')!;
    assert.equal(mine.deliveryDriverName, 'Dee Driver');
    assert.equal(typeof day.cursor, 'number');
  }
});

test('tenant: a driver sees only their own orders, never another driver’s, and no Dropoffs', async () => {
  const { day } = await schedule(Role.Driver);
  assert.deepEqual(ids(day), ['5001']);
  assert.equal(day.dropoffs, undefined);
  assert.doesNotMatch(JSON.stringify(day), /5002|Otto/);
});

test('search by order id or route name; an empty day is empty', async () => {
  assert.deepEqual(ids((await schedule(Role.Admin, { day: DAY, q: '5003' })).day), ['5003']);
  assert.deepEqual(ids((await schedule(Role.Admin, { day: DAY, q: 'north' })).day), ['5001', '5002', '5003']);
  const empty = (await schedule(Role.Admin, { day: '2026-01-01' })).day;
  assert.deepEqual([empty.routes, empty.warehouse, empty.dropoffs], [[], [], []]);
});

const stream = (role: RoleNumber, headers: Record<string, string> = {}) => {
  const ctl = new AbortController();
  const res = fetch(`${base}/api/schedule/live?day=${DAY}`, {
    headers: { authorization: `Bearer ${tokens.get(role)}`, ...headers },
    signal: ctl.signal,
  });
  return { res, ctl };
};

test('live: a change applied reaches the staff stream; the driver stream only for their order, null when it leaves', async () => {
  const staff = stream(Role.Admin);
  const driver = stream(Role.Driver);
  const [s, d] = await Promise.all([staff.res, driver.res]);
  assert.equal(s.status, 200);
  assert.match(s.headers.get('content-type') ?? '', /text\/event-stream/);
  const sf = readFrames(s);
  const df = readFrames(d);
  assert.equal((await sf.next()).event, 'ready');
  assert.equal((await df.next()).event, 'ready');
  // someone else's order changes: staff see it, the driver does not
  await applyOrder(
    item('5002', DAY, { route: 'x', deliveryDriver: 'drv-other', version: 2 }, { status: 2 }),
    'u9',
  );
  const f1 = await sf.next();
  const e1 = f1.data as LiveOrderEvent;
  assert.equal(f1.event, 'order');
  assert.equal(e1.order?.orderId, '5002');
  assert.equal(e1.order?.status, 2);
  assert.equal(Number(f1.id), e1.cursor);
  // the driver's order moves to another driver: staff get it, the driver gets null (it left their view)
  await applyOrder(item('5001', DAY, { route: 'x', deliveryDriver: 'drv-other', version: 2 }));
  const f2 = await sf.next();
  assert.equal((f2.data as LiveOrderEvent).order?.orderId, '5001');
  const d1 = await df.next();
  assert.equal(d1.event, 'order');
  assert.deepEqual(
    [(d1.data as LiveOrderEvent).id, (d1.data as LiveOrderEvent).order],
    [(f2.data as LiveOrderEvent).id, null],
  );
  // an older version is ignored: nothing is sent
  assert.equal(await applyOrder(item('5001', DAY, { route: 'x', version: 1 })), false);
  staff.ctl.abort();
  driver.ctl.abort();
  // the server closes both streams once the clients went (no leaked subscription or heartbeat timer)
  await waitFor(() => openStreams() === 0 || undefined, 5000);
});

test('live: resume after a cursor sends the missed changes; a foreign or too old cursor gets reset', async () => {
  const { day } = await schedule(Role.Admin);
  await applyOrder(item('5003', DAY, { route: 'x', version: 2 }, { status: 4 }));
  const resumed = stream(Role.Admin, { 'last-event-id': String(day.cursor) });
  const frames = readFrames(await resumed.res);
  const f = await frames.next();
  assert.equal(f.event, 'order');
  assert.equal((f.data as LiveOrderEvent).order?.orderId, '5003');
  assert.ok(Number(f.id) > day.cursor);
  resumed.ctl.abort();
  const old = stream(Role.Admin, { 'last-event-id': '12' });
  const r = await readFrames(await old.res).next();
  assert.equal(r.event, 'reset');
  old.ctl.abort();
  await waitFor(() => openStreams() === 0 || undefined, 5000);
});
