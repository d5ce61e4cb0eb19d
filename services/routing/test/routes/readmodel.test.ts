import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import {
  CATCH_UP_EVERY_MS,
  ReadOrderChange,
  ReadOrderModel,
  ReadOrderSeq,
  followChanges,
  onOrderChange,
  ordersOfDay,
  readOrder,
  type OrderChange,
} from '../../src/readmodels/orders.js';
import {
  ReadDriverModel,
  ReadVehicleModel,
  driverById,
  driverIdsOfUser,
  listDrivers,
  listVehicles,
  vehicleById,
} from '../../src/readmodels/fleet.js';
import { FeedMark, fleetSnapshotConsumer, ordersSnapshotConsumer } from '../../src/readmodels/feed.js';
import { ordersFeedConsumer } from '../../src/readmodels/orders.js';
import { fleetFeedConsumer } from '../../src/readmodels/fleet.js';
import { item } from './schedule-helpers.js';

/** The read models: events → documents, an older version or time ignored, snapshot pages fill and mark. */
let app: FastifyInstance;
const SUFFIX = `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_readmodel_test',
    CONSUMER_SUFFIX: SUFFIX,
    QUEUE_PREFIX: 'portal-routing-readmodel-test',
    ROUTING_DISPATCH_FEED: 'off',
  });
  await Promise.all([
    ReadOrderModel.deleteMany({}),
    ReadDriverModel.deleteMany({}),
    ReadVehicleModel.deleteMany({}),
    FeedMark.deleteMany({}),
  ]);
});
after(() => app?.close());

let seq = 0;
const envelope = (type: string, data: unknown, time = new Date()) =>
  ({ id: `e${++seq}`, type, version: 1, time: time.toISOString(), source: 'test', data }) as never;
const ctx = () => ({ app, log: app.log }) as never;
const notice = (orderId: string, day: string, version: number, extra: object = {}) => ({
  ...item(orderId, day, { version, route: 'r1' }),
  changedBy: { userId: 'u1' },
  recipients: [],
  link: '',
  ...extra,
});

test('order events → one document per order with the newest facts; older versions and fact-less events ignored', async () => {
  const seen: OrderChange[] = [];
  const off = onOrderChange((c) => seen.push(c));
  await ordersFeedConsumer.handle(envelope(Subjects.orderCreated, notice('7001', '2026-05-05', 1)), ctx());
  await ordersFeedConsumer.handle(
    envelope(Subjects.orderUpdated, notice('7001', '2026-05-06', 3, { status: 2 })),
    ctx(),
  );
  // a late, older event (version 2) changes nothing
  await ordersFeedConsumer.handle(envelope(Subjects.orderUpdated, notice('7001', '2026-05-05', 2)), ctx());
  // an event from before orders carried facts is skipped
  const { facts: _f, ...bare } = notice('7002', '2026-05-05', 1);
  await ordersFeedConsumer.handle(envelope(Subjects.orderCreated, bare), ctx());
  off();
  const o = await readOrder('id-7001');
  assert.equal(o?.facts.version, 3);
  assert.equal(o?.status, 2);
  assert.equal(o?.deliveryDay, '2026-05-06');
  assert.equal(await readOrder('id-7002'), null);
  assert.deepEqual(
    (await ordersOfDay('2026-05-05')).map((x) => x.orderId),
    [],
  );
  assert.deepEqual(
    (await ordersOfDay('2026-05-06')).map((x) => x.orderId),
    ['7001'],
  );
  // (this app's feed also applies what the running stack publishes meanwhile: only this test's orders are compared)
  assert.deepEqual(
    seen
      .filter((c) => c.id === 'id-7001' || c.id === 'id-7002')
      .map((c) => [c.before?.facts.version ?? null, c.after?.facts.version, c.by]),
    [
      [null, 1, 'u1'],
      [1, 3, 'u1'],
    ],
  );
});

test('a custody event updates the facts of a known order; a deleted order leaves its day', async () => {
  const facts = { ...item('7001', '2026-05-06', { version: 4, route: 'r1', checkedin: true }).facts };
  await ordersFeedConsumer.handle(
    envelope(Subjects.orderCustody, {
      id: 'id-7001',
      orderId: '7001',
      step: 'checked-in',
      at: new Date().toISOString(),
      by: { userId: 'u2', name: 'Dee' },
      seq: 2,
      hash: 'h',
      facts,
    }),
    ctx(),
  );
  assert.equal((await readOrder('id-7001'))?.facts.checkedin, true);
  await ordersFeedConsumer.handle(
    envelope(
      Subjects.orderDeleted,
      notice('7001', '2026-05-06', 5, { facts: { ...facts, version: 5, deleted: 1 } }),
    ),
    ctx(),
  );
  assert.deepEqual(await ordersOfDay('2026-05-06'), []);
});

test('a pickup day puts the order on that day too', async () => {
  await ordersFeedConsumer.handle(
    envelope(
      Subjects.orderCreated,
      notice('7003', '2026-05-08', 1, { pickupDate: '2026-05-07T12:00:00.000Z' }),
    ),
    ctx(),
  );
  assert.deepEqual(
    (await ordersOfDay('2026-05-07')).map((x) => x.orderId),
    ['7003'],
  );
  assert.deepEqual(
    (await ordersOfDay('2026-05-08')).map((x) => x.orderId),
    ['7003'],
  );
});

test('fleet events → drivers, links and vehicles; an older event does not overwrite a newer one', async () => {
  const t = (s: number) => new Date(Date.UTC(2026, 4, 1, 0, 0, s));
  const drv = (name: string, action = 'updated') => ({
    action,
    driver: { id: 'd1', name, email: 'Dee@X.test' },
  });
  await fleetFeedConsumer.handle(envelope(Subjects.driverChanged, drv('Dee'), t(2)), ctx());
  await fleetFeedConsumer.handle(envelope(Subjects.driverChanged, drv('Old name'), t(1)), ctx());
  await fleetFeedConsumer.handle(
    envelope(Subjects.driverLinked, { driverId: 'd1', userId: 'acc-1', email: 'dee@x.test' }, t(3)),
    ctx(),
  );
  assert.equal((await driverById('d1'))?.name, 'Dee');
  // the ids orders may name this driver by: the fleet driver id and the linked portal user id
  assert.deepEqual(await driverIdsOfUser('acc-1'), ['acc-1', 'd1']);
  assert.deepEqual(
    await driverIdsOfUser('keycloak-sub', 'DEE@x.test'),
    ['acc-1', 'd1'],
    'by the token email of a linked record',
  );
  await fleetFeedConsumer.handle(
    envelope(
      Subjects.driverUnlinked,
      { driverId: 'd1', userId: 'acc-1', email: 'dee@x.test', reason: 'user-deleted' },
      t(4),
    ),
    ctx(),
  );
  assert.deepEqual(await driverIdsOfUser('acc-1', 'dee@x.test'), []);
  await fleetFeedConsumer.handle(envelope(Subjects.driverChanged, drv('Dee', 'deleted'), t(5)), ctx());
  assert.deepEqual(await listDrivers(), []);
  assert.equal((await driverById('d1'))?.deleted, true, 'a deleted driver stays for old orders');
  await fleetFeedConsumer.handle(
    envelope(
      Subjects.vehicleChanged,
      { action: 'created', vehicle: { id: 'v1', name: 'Van 1', lic: 'ABC', status: 1, due: ['oil'] } },
      t(1),
    ),
    ctx(),
  );
  assert.deepEqual(await vehicleById('v1'), {
    id: 'v1',
    name: 'Van 1',
    lic: 'ABC',
    status: 1,
    due: ['oil'],
    deleted: false,
  });
  assert.deepEqual(
    (await listVehicles()).map((v) => v.name),
    ['Van 1'],
  );
});

test('snapshot pages of this scope fill the read models and mark them filled; other scopes are ignored', async () => {
  const page = (extra: object) => ({
    requestId: 'req-1',
    requestedBy: 'routing',
    scope: SUFFIX,
    page: 0,
    last: true,
    asOf: new Date().toISOString(),
    ...extra,
  });
  await ordersSnapshotConsumer.handle(
    envelope(
      Subjects.ordersSnapshotPublished,
      page({ scope: 'someone-else', orders: [item('7100', '2026-05-09')] }),
    ),
    ctx(),
  );
  assert.equal(await readOrder('id-7100'), null);
  await ordersSnapshotConsumer.handle(
    envelope(
      Subjects.ordersSnapshotPublished,
      page({ orders: [item('7100', '2026-05-09'), item('7003', '2026-05-09')] }),
    ),
    ctx(),
  );
  assert.deepEqual(
    (await ordersOfDay('2026-05-09')).map((x) => x.orderId),
    ['7100'],
    'the known 7003 (same version) kept',
  );
  await fleetSnapshotConsumer.handle(
    envelope(
      Subjects.fleetSnapshotPublished,
      page({ kind: 'drivers', last: true, drivers: [{ id: 'd2', name: 'Sam', email: 's@x.test' }] }),
    ),
    ctx(),
  );
  await fleetSnapshotConsumer.handle(
    envelope(
      Subjects.fleetSnapshotPublished,
      page({ kind: 'vehicles', vehicles: [{ id: 'v2', name: 'Van 2', lic: 'X', status: 0 }] }),
    ),
    ctx(),
  );
  assert.equal((await driverById('d2'))?.name, 'Sam');
  assert.equal((await vehicleById('v2'))?.status, 0);
  assert.deepEqual((await FeedMark.find({}).lean()).map((m) => m._id).sort(), ['fleet', 'orders']);
});

test('a change another routing instance applied (read model + change log) reaches this process once', async () => {
  const day = '2026-05-12';
  await ordersFeedConsumer.handle(envelope(Subjects.orderCreated, notice('7101', day, 1)), ctx());
  await ordersOfDay(day); // the day is cached here, as for a schedule on screen
  const seen: OrderChange[] = [];
  const off = onOrderChange((c) => seen.push(c));
  // what another instance's feed does: the newer facts written, one change-log line, the counter bumped
  await ReadOrderModel.updateOne(
    { _id: 'id-7101' },
    { $set: { status: 2, 'facts.version': 2, version: 2, appliedAt: new Date() } },
  );
  await ReadOrderChange.create({ id: 'id-7101', at: new Date() });
  await ReadOrderSeq.updateOne({ _id: 'orders' }, { $inc: { n: 1 } }, { upsert: true });
  await new Promise((r) => setTimeout(r, CATCH_UP_EVERY_MS + 10));
  await followChanges();
  await new Promise((r) => setTimeout(r, CATCH_UP_EVERY_MS + 10));
  await followChanges(); // nothing new: not told twice
  off();
  const mine = seen.filter((c) => c.id === 'id-7101');
  assert.equal(mine.length, 1, JSON.stringify(mine));
  assert.equal(mine[0]!.before?.status, 1);
  assert.equal(mine[0]!.after?.status, 2);
  assert.equal((await ordersOfDay(day)).find((o) => o.id === 'id-7101')?.status, 2);
});
