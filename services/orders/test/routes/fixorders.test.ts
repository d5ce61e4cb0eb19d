// POST /orders/fixorders (orders §7): the weekly driver schedule (routing's GET /driverschedule, played here by a
// small server) written onto the week's orders: who may call it, bad input and routing down with nothing written,
// the stored drivers and vehicles, version, ledger and events; a second call writes nothing; a pickup driver
// changed within 24 hours of the pickup is stamped (the daily schedule's red mark).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role, Subjects } from '@portal/contracts';
import { FixOrdersMessages as FM } from '@portal/contracts/dispatch';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { OrderRowModel } from '../../src/models/order-row.js';
import { call, publishedSince, seedReadModels, suiteEnv } from './order-helpers.js';
import { WEEK, day, fakeRouting, staffOrder } from './fixorders-helpers.js';

let app: FastifyInstance;
let routing: Awaited<ReturnType<typeof fakeRouting>>;
before(async () => {
  routing = await fakeRouting();
  app = await startService(buildApp, { ...suiteEnv('fixorders'), ROUTING_URL: routing.url });
  await Order.deleteMany({});
  await seedReadModels();
});
after(async () => {
  await app?.close();
  await routing?.close();
});

const fix = (role: number | undefined, body: unknown) =>
  call(app, role as never, 'POST', '/api/orders/fixorders', body);
const stored = async (id: string) => (await Order.findById(id).lean<any>())!;

test('who may call it: staff only (401 without a token, 403 for drivers and companies)', async () => {
  routing.state.days = {};
  assert.equal((await fix(undefined, { week: WEEK })).statusCode, 401);
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User])
    assert.equal((await fix(role, { week: WEEK })).statusCode, 403, `role ${role}`);
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    const res = await fix(role, { week: WEEK });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.week, WEEK);
  }
  assert.ok(routing.state.seen.at(-1)!.auth.startsWith('Bearer '), "the caller's token goes to routing");
});

test('bad input and routing down: a clear 4xx/503 and no order written', async () => {
  const o = await staffOrder(app, { route: 'r-bad', deliver: day(1) });
  routing.state.days = { '1': [{ driver: 'd-bad', route: 'r-bad' }] };
  const cases: [unknown, number, string?][] = [
    [{ week: 'not a date' }, 400, FM.badWeek],
    [{ week: '2091-02-30' }, 400, FM.badWeek],
    [{ week: WEEK, hashes: ['9:r-bad'] }, 400, FM.badHash],
    [{ week: WEEK, hashes: 'R1' }, 400],
    [{}, 400],
  ];
  for (const [body, status, detail] of cases) {
    const res = await fix(Role.Admin, body);
    assert.equal(res.statusCode, status, `${JSON.stringify(body)} → ${res.body}`);
    assert.match(res.headers['content-type'] as string, /problem\+json/);
    if (detail) assert.equal(res.json().detail, detail);
  }
  routing.state.down = true;
  const down = await fix(Role.Admin, { week: WEEK });
  routing.state.down = false;
  assert.equal(down.statusCode, 503);
  assert.equal(down.json().detail, FM.scheduleUnavailable);
  const after = await stored(o.id);
  assert.equal(after.version, o.version, 'nothing written');
  assert.equal(after.data.order.driver?.delivery, undefined);
});

test('the schedule reaches the orders: drivers and vehicles per leg, version, ledger, events; idempotent', async () => {
  const since = new Date();
  // Monday: route R1 by D1 in V1; Wednesday: R2 by D2 (no vehicle), plus a cancelled row and a trainee on R2
  routing.state.days = {
    '1': [
      { driver: 'D1', route: 'R1', vehicle: 'V1' },
      { driver: 'DX', route: 'R3', vehicle: 'V9', misc: { cancelled: true } },
    ],
    '3': [
      { driver: 'DT', route: 'R2', vehicle: 'VT', misc: { training: true } },
      { driver: 'D2', route: 'R2' },
    ],
  };
  const delivered = await staffOrder(app, { route: 'R1', deliver: day(1) });
  const both = await staffOrder(app, { route: 'R2', deliver: day(3), pickup: day(1), pickupRoute: 'R1' });
  const unscheduled = await staffOrder(app, { route: 'R3', deliver: day(1) });
  const cancelled = await staffOrder(app, { route: 'R1', deliver: day(1), status: 8 });
  const done = await staffOrder(app, { route: 'R1', deliver: day(1), status: 3 });

  // narrowed to Wednesday's R2: only that leg
  const narrow = await fix(Role.Admin, { week: day(4), hashes: ['3:R2'] });
  assert.equal(narrow.statusCode, 200, narrow.body);
  assert.deepEqual(
    narrow.json().data.ordersToUpdate.map((i: { orderId: string }) => i.orderId),
    [both.orderId],
  );
  assert.equal((await stored(both.id)).data.order.driver.delivery, 'D2');
  assert.equal((await stored(both.id)).data.order.driver.pickup, undefined, 'Monday not in the narrowed set');

  const res = await fix(Role.Admin, { week: day(5), notify: true });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.equal(body.data.week, WEEK, 'any day names its week');
  assert.equal(body.data.updated, 2);
  assert.equal(body.message, FM.done(2, 2));
  assert.deepEqual(body.data.failed, []);

  const d = await stored(delivered.id);
  assert.deepEqual(d.data.order.driver, { delivery: 'D1' });
  assert.deepEqual(d.data.order.vehicle, { delivery: 'V1' });
  assert.equal(d.version, delivered.version + 1);
  assert.ok(d.driverIds.includes('D1'), "the driver's list key follows");
  assert.deepEqual(
    await OrderRowModel.collection.findOne(
      { _id: d._id },
      { projection: { _id: 0, driverPickup: 1, driverDelivery: 1 } },
    ),
    { driverDelivery: 'D1' },
    "the list row the driver's list reads names him on the delivery leg",
  );
  const entry = d.history.at(-1);
  assert.equal(entry.action, 'schedule-assigned');
  assert.equal(entry.source, 'schedule');
  assert.deepEqual(
    entry.changes.map((c: { path: string; to?: string }) => [c.path, c.to]),
    [
      ['data.order.driver.delivery', 'D1'],
      ['data.order.vehicle.delivery', 'V1'],
    ],
  );

  const b = await stored(both.id);
  assert.deepEqual(b.data.order.driver, { pickup: 'D1', delivery: 'D2' }, 'the trainee does not drive');
  assert.deepEqual(b.data.order.vehicle, { pickup: 'V1' });
  assert.equal(b.data.order.driver.pickupChange, undefined, 'a first assignment is no change');

  for (const o of [unscheduled, cancelled, done])
    assert.equal((await stored(o.id)).version, o.version, `${o.orderId} untouched`);

  const ev = await waitFor(async () => {
    const all = await publishedSince(app, Subjects.orderUpdated, since);
    return all.find((e) => e.data.id === delivered.id && e.data.facts?.deliveryVehicle === 'V1');
  }, 15_000);
  assert.equal(ev.data.facts.deliveryDriver, 'D1');
  assert.deepEqual(ev.data.recipients, [], 'a driver assignment mails no one');

  const again = await fix(Role.Admin, { week: WEEK });
  assert.equal(again.json().data.updated, 0);
  assert.ok(again.json().data.ordersToUpdate.every((i: { changed: boolean }) => !i.changed));
  assert.equal((await stored(delivered.id)).version, delivered.version + 1, 'a second call writes nothing');
});

test('a pickup driver changed within 24 hours of the pickup is stamped (the red mark)', async () => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const wd = ((new Date(`${tomorrow}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const o = await staffOrder(app, { route: 'RS', deliver: tomorrow, pickup: tomorrow, pickupRoute: 'RP' });
  routing.state.days = { [String(wd)]: [{ driver: 'P1', route: 'RP', vehicle: 'VP' }] };
  assert.equal((await fix(Role.Admin, { week: tomorrow })).statusCode, 200);
  assert.equal((await stored(o.id)).data.order.driver.pickupChange, undefined);

  const since = new Date();
  routing.state.days = { [String(wd)]: [{ driver: 'P2', route: 'RP', vehicle: 'VP' }] };
  const res = await fix(Role.Admin, { week: tomorrow });
  assert.equal(res.statusCode, 200, res.body);
  const s = await stored(o.id);
  assert.equal(s.data.order.driver.pickup, 'P2');
  const stamp = Date.parse(s.data.order.driver.pickupChange);
  assert.ok(Math.abs(stamp - Date.now()) < 60_000, 'stamped now');
  assert.equal(res.json().data.ordersToUpdate[0].pickupChange, s.data.order.driver.pickupChange);
  const ev = await waitFor(async () => {
    const all = await publishedSince(app, Subjects.orderUpdated, since);
    return all.find((e) => e.data.id === o.id && e.data.facts?.pickupDriverChange);
  }, 15_000);
  assert.equal(ev.data.facts.pickupDriver, 'P2');

  // staff swapping the pickup driver on the order form is the same change: stamped the same way
  const form = await call(app, Role.Admin, 'POST', '/api/orders/update', {
    order: { id: o.id, version: s.version, data: { order: { driver: { pickup: 'P3' } } } },
  });
  assert.equal(form.statusCode, 200, form.body);
  const f = form.json().data.order.data.order.driver;
  assert.equal(f.pickup, 'P3');
  assert.ok(Date.parse(f.pickupChange) >= stamp, 'stamped again by the form');
});

test('an order that names its route by name (as the order form saves it) gets the driver of that route id', async () => {
  routing.state.routes = [{ id: 'r-named-id', name: 'Named Route 7' }];
  routing.state.days = { '2': [{ driver: 'D-NAMED', route: 'r-named-id', vehicle: 'V-NAMED' }] };
  const o = await staffOrder(app, { route: 'Named Route 7', deliver: day(2) });
  const res = await fix(Role.Admin, { week: WEEK, hashes: ['2:r-named-id'] });
  assert.equal(res.statusCode, 200, res.body);
  assert.ok(
    res.json().data.ordersToUpdate.some((i: { orderId: string }) => i.orderId === o.orderId),
    res.body,
  );
  const after = await stored(o.id);
  assert.equal(after.data.order.driver?.delivery, 'D-NAMED');
  assert.equal(after.data.order.vehicle?.delivery, 'V-NAMED');
  routing.state.routes = [];
});
