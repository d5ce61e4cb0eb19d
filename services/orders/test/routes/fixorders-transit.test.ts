// POST /orders/intransit ("Set to In Transit" on a route header, orders §2, §4, §8): only approved and picked-up
// orders move; received, cancelled and already-in-transit ones are left, delivered ones only when the user confirmed
// (`reopen`), each skipped order named with its reason; a driver reaches only their orders; bad input is a 4xx with
// nothing written.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Role } from '@portal/contracts';
import { DispatchMessages as DM } from '@portal/contracts/dispatch';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { DRIVER_ID, call, fixtureWrite, seedReadModels, suiteEnv } from './order-helpers.js';
import { day, fakeRouting, staffOrder } from './fixorders-helpers.js';

let app: FastifyInstance;
let routing: Awaited<ReturnType<typeof fakeRouting>>;
before(async () => {
  routing = await fakeRouting();
  app = await startService(buildApp, { ...suiteEnv('intransit'), ROUTING_URL: routing.url });
  await Order.deleteMany({});
  await seedReadModels();
});
after(async () => {
  await app?.close();
  await routing?.close();
});

const transit = (role: number | undefined, body: unknown) =>
  call(app, role as never, 'POST', '/api/orders/intransit', body);
const statusOf = async (id: string) => (await Order.findById(id).lean<any>())!.data.order.status as number;
const route = (status: number) => staffOrder(app, { route: 'RT', deliver: day(2), status });

test('only approved and picked-up orders move; the others are named with their reason', async () => {
  const received = await route(OrderStatus.received);
  const approved = await route(OrderStatus.approved);
  const picked = await route(OrderStatus.pickedUp);
  const moving = await route(OrderStatus.inTransit);
  const delivered = await route(OrderStatus.delivered);
  const cancelled = await route(OrderStatus.cancelled);
  const all = [received, approved, picked, moving, delivered, cancelled];

  const res = await transit(Role.Admin, { ids: all.map((o) => o.id) });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.deepEqual(body.data.moved, [approved.orderId, picked.orderId]);
  assert.deepEqual(
    body.data.skipped.map((s: { orderId: string; reason: string }) => [s.orderId, s.reason]),
    [
      [received.orderId, 'notApproved'],
      [moving.orderId, 'alreadyInTransit'],
      [delivered.orderId, 'done'],
      [cancelled.orderId, 'cancelled'],
    ],
  );
  assert.ok(body.message.startsWith(DM.inTransitDone(2, 6)), body.message);
  assert.match(body.message, new RegExp(`1 not approved yet \\(${received.orderId}\\)`));
  assert.match(body.message, /4 skipped/);
  assert.equal(await statusOf(received.id), OrderStatus.received, 'a received order is never moved');
  assert.equal(await statusOf(approved.id), OrderStatus.inTransit);
  assert.equal(await statusOf(picked.id), OrderStatus.inTransit);
  assert.equal(await statusOf(delivered.id), OrderStatus.delivered);
  const entry = (await Order.findById(approved.id).lean<any>())!.history.at(-1);
  assert.equal(entry.source, 'schedule');
  assert.equal(entry.action, 'status');

  // the user confirmed "already delivered … back into In-Transit": the delivered one moves too
  const again = await transit(Role.Admin, { ids: [delivered.id, received.id], reopen: true });
  assert.deepEqual(again.json().data.moved, [delivered.orderId]);
  assert.equal(await statusOf(received.id), OrderStatus.received);
});

test('a driver moves only their own orders; companies may not; bad input is refused with nothing written', async () => {
  const mine = await route(OrderStatus.approved);
  const other = await route(OrderStatus.approved);
  await fixtureWrite(mine.id, {
    $set: { 'data.order.driver': { pickup: DRIVER_ID, delivery: DRIVER_ID }, driverIds: [DRIVER_ID] },
  });
  const notMine = await transit(Role.Driver, { ids: [mine.id, other.id] });
  assert.equal(notMine.statusCode, 404, 'another order reads as not found, and nothing moves');
  assert.equal(await statusOf(mine.id), OrderStatus.approved);

  const res = await transit(Role.Driver, { ids: [mine.id] });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json().data.moved, [mine.orderId]);
  const o = (await Order.findById(mine.id).lean<any>())!;
  assert.ok(
    o.data.order.signature?.driver?.image,
    "the driver's signature fills itself (the ordinary update)",
  );

  for (const role of [Role.AccountAdmin, Role.User])
    assert.equal((await transit(role, { ids: [other.id] })).statusCode, 403);
  assert.equal((await transit(undefined, { ids: [other.id] })).statusCode, 401);
  for (const bad of [{}, { ids: [] }, { ids: 'x' }, { ids: [''] }]) {
    const r = await transit(Role.Admin, bad);
    assert.equal(r.statusCode, 400, JSON.stringify(bad));
    assert.match(r.headers['content-type'] as string, /problem\+json/);
  }
  assert.equal(await statusOf(other.id), OrderStatus.approved);
});
