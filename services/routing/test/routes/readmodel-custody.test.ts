// The events of one custody write as orders publishes them: the custody event, then `updated` and `status-changed`,
// all with the same facts.version. Whichever order they arrive in, the read model (and so the admin's and the
// driver's daily schedule) must end up with the write's status: a custody event must not raise the stored version
// with the status routing already held and so hide the notices of its own write.
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Role, Subjects, type OrderFacts } from '@portal/contracts';
import type { ScheduleDay } from '@portal/contracts/dispatch';
import { demoEmail, startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Route } from '../../src/models/route.js';
import { ReadOrderModel, forgetDays, readOrder } from '../../src/readmodels/orders.js';
import { ReadDriverModel } from '../../src/readmodels/fleet.js';
import { forgetRoutes } from '../../src/domain/schedule/load.js';
import { ordersFeedConsumer } from '../../src/readmodels/orders.js';
import { item } from './schedule-helpers.js';

const DAY = '2026-12-01';
let app: FastifyInstance;
let route = '';
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_custody_test',
    CONSUMER_SUFFIX: `c${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    QUEUE_PREFIX: 'portal-routing-custody-test',
    ROUTING_DISPATCH_FEED: 'off',
  });
  await Promise.all([ReadOrderModel.deleteMany({}), ReadDriverModel.deleteMany({}), Route.deleteMany({})]);
  const now = new Date();
  const [r] = await Route.create([
    {
      name: 'North Loop',
      nameKey: 'north loop',
      startTime: '07:00',
      rows: [],
      created: now,
      lastUpdated: now,
    },
  ]);
  route = String(r!._id);
  forgetRoutes();
  forgetDays();
  await ReadDriverModel.create({
    _id: 'drv-me',
    name: 'Dee Driver',
    email: demoEmail(Role.Driver),
    userId: 'acc-user-1',
    asOf: now,
  });
});
after(() => app?.close());

let seq = 0;
const envelope = (type: string, data: unknown) =>
  ({ id: `c${++seq}`, type, version: 1, time: new Date().toISOString(), source: 'test', data }) as never;
const ctx = () => ({ app, log: app.log }) as never;

/** One write of order `n` at `version` leaving it at `status`: its three events, as orders builds them. */
function write(n: string, version: number, status: number, opts: { legacyCustody?: boolean } = {}) {
  const it = item(n, DAY, { version, route, deliveryDriver: 'drv-me' }, { status });
  const { facts: _f, ...slice } = it;
  const facts: OrderFacts = { ...it.facts, order: slice };
  const notice = { ...slice, facts, changedBy: { userId: 'u-drv' }, recipients: [], link: '' };
  const custody = {
    id: slice.id,
    orderId: n,
    step: status === OrderStatus.delivered ? 'delivered' : 'picked-up',
    at: new Date().toISOString(),
    by: { userId: 'u-drv', name: 'Dee Driver' },
    seq: version,
    hash: 'h',
    // an event published before every event carried the whole state: facts without `order`
    facts: opts.legacyCustody ? it.facts : facts,
  };
  return {
    custody: envelope(Subjects.orderCustody, custody),
    updated: envelope(Subjects.orderUpdated, notice),
    statusChanged: envelope(Subjects.orderStatusChanged, { ...notice, previousStatus: status - 1 }),
  };
}
const feed = async (...events: never[]) => {
  for (const e of events) await ordersFeedConsumer.handle(e, ctx());
};
async function approved(n: string) {
  await feed(write(n, 1, OrderStatus.approved).updated);
  assert.equal((await readOrder(`id-${n}`))?.status, OrderStatus.approved);
}

const schedule = async (role: 0 | 1 | 2) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/schedule',
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
    payload: { opts: { day: DAY } },
  });
  assert.equal(res.statusCode, 200, res.body);
  const day = (res.json() as { data: ScheduleDay }).data;
  return new Map(
    day.routes.flatMap((r) => Object.values(r.sections).flatMap((l) => l.map((o) => [o.orderId, o.status]))),
  );
};

test('custody event first, then its notices: the read model and both schedules show the new status', async () => {
  await approved('8001');
  const picked = write('8001', 2, OrderStatus.pickedUp);
  await feed(picked.custody, picked.updated, picked.statusChanged);
  assert.equal((await readOrder('id-8001'))?.status, OrderStatus.pickedUp);
  const delivered = write('8001', 3, OrderStatus.delivered);
  await feed(delivered.custody, delivered.statusChanged, delivered.updated);
  const o = await readOrder('id-8001');
  assert.equal(o?.status, OrderStatus.delivered);
  assert.equal(o?.facts.version, 3);
  assert.equal((await schedule(Role.Admin)).get('8001'), OrderStatus.delivered, "admin's schedule");
  assert.equal((await schedule(Role.Driver)).get('8001'), OrderStatus.delivered, "driver's schedule");
});

test('notices first, then the custody event of the same write: the status stays the new one', async () => {
  await approved('8002');
  const picked = write('8002', 2, OrderStatus.pickedUp);
  await feed(picked.statusChanged, picked.updated, picked.custody);
  assert.equal((await readOrder('id-8002'))?.status, OrderStatus.pickedUp);
  assert.equal((await schedule(Role.Admin)).get('8002'), OrderStatus.pickedUp);
});

test('the custody event alone (its notices not yet delivered) already brings the new status', async () => {
  await approved('8003');
  await feed(write('8003', 2, OrderStatus.pickedUp).custody);
  assert.equal((await readOrder('id-8003'))?.status, OrderStatus.pickedUp);
  assert.equal((await schedule(Role.Driver)).get('8003'), OrderStatus.pickedUp);
});

test('an older custody event without the whole state does not hide the notice of its own write', async () => {
  await approved('8004');
  const picked = write('8004', 2, OrderStatus.pickedUp, { legacyCustody: true });
  await feed(picked.custody);
  assert.equal((await readOrder('id-8004'))?.facts.version, 2, 'its facts are applied');
  await feed(picked.statusChanged);
  assert.equal((await readOrder('id-8004'))?.status, OrderStatus.pickedUp);
  assert.equal((await schedule(Role.Admin)).get('8004'), OrderStatus.pickedUp);
  // and late, after the notice: it changes nothing
  const again = write('8004', 3, OrderStatus.delivered, { legacyCustody: true });
  await feed(again.updated, again.custody);
  assert.equal((await readOrder('id-8004'))?.status, OrderStatus.delivered);
});
