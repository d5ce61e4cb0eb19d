import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import {
  CATCH_UP_EVERY_MS,
  ReadOrderChange,
  ReadOrderModel,
  ReadOrderSeq,
  applyOrder,
  followChanges,
  forgetDays,
  onOrderChange,
  ordersOfDay,
  type OrderChange,
} from '../../src/readmodels/orders.js';
import { rankOf } from '../../src/readmodels/order-days.js';
import { item } from './schedule-helpers.js';

/**
 * The day cache's catch-up reads again only what another routing instance wrote on a day it keeps: a burst this
 * process applied itself (a bulk upload, a snapshot after a restart) is merged already and costs no read per order,
 * which made the first schedule read after one wait ~1 ms per order (13 s after 13,000).
 */
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_day_catchup_test',
    CONSUMER_SUFFIX: `c${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    QUEUE_PREFIX: 'portal-routing-day-catchup-test',
    ROUTING_DISPATCH_FEED: 'off',
  });
  await Promise.all([ReadOrderModel.deleteMany({}), ReadOrderChange.deleteMany({})]);
});
after(() => app?.close());

const caughtUp = async () => {
  await new Promise((r) => setTimeout(r, CATCH_UP_EVERY_MS + 10));
  await followChanges();
};
/** What another instance's feed writes: the newer state, its log line (version rank, days before and after), the counter. */
async function elsewhere(id: string, version: number, day: string, status: number, was = day) {
  await ReadOrderModel.updateOne(
    { _id: id },
    {
      $set: {
        status,
        deliveryDate: `${day}T12:00:00.000Z`,
        deliveryDay: day,
        days: [day],
        version,
        'facts.version': version,
        appliedAt: new Date(),
      },
    },
  );
  await ReadOrderChange.create({ id, at: new Date(), v: rankOf(version), days: [...new Set([was, day])] });
  await ReadOrderSeq.updateOne({ _id: 'orders' }, { $inc: { n: 1 } }, { upsert: true });
}

test('the orders this process applied itself are not read again when its day cache catches up', async (t) => {
  const day = '2026-06-01';
  forgetDays();
  await ordersOfDay(day);
  await caughtUp();
  for (let i = 0; i < 300; i++) await applyOrder(item(`81${String(i).padStart(3, '0')}`, day), 'u1');
  // the stored documents changed underneath without a log line: a catch-up that read them again would show it
  await ReadOrderModel.updateMany({ days: day }, { $set: { status: 9 } });
  await new Promise((r) => setTimeout(r, CATCH_UP_EVERY_MS + 10));
  const t0 = performance.now();
  const list = await ordersOfDay(day);
  t.diagnostic(`schedule read after 300 own changes: ${(performance.now() - t0).toFixed(1)} ms`);
  assert.equal(list.length, 300);
  assert.deepEqual([...new Set(list.map((o) => o.status))], [1], 'merged at apply time, not read again');
});

test('another instance’s change is read on a cached day, or moving off one; not for a day this process keeps not', async () => {
  const [kept, other] = ['2026-06-08', '2026-06-09'];
  forgetDays();
  for (const [n, day] of [
    ['8201', kept],
    ['8202', kept],
    ['8203', other],
  ] as const)
    await applyOrder(item(n, day), 'u1');
  await ordersOfDay(kept);
  await caughtUp();
  const seen: OrderChange[] = [];
  const off = onOrderChange((c) => seen.push(c));
  try {
    await elsewhere('id-8201', 2, kept, 2); // on the kept day
    await elsewhere('id-8202', 2, other, 2, kept); // moved off it
    await elsewhere('id-8203', 2, other, 2); // on a day not kept here: nobody shows it
    await caughtUp();
    await caughtUp(); // nothing new: nobody told twice
  } finally {
    off();
  }
  assert.deepEqual(
    seen.map((c) => [c.id, c.before?.status, c.after?.status, c.after?.deliveryDay]),
    [
      ['id-8201', 1, 2, kept],
      ['id-8202', 1, 2, other],
    ],
  );
  assert.deepEqual(
    (await ordersOfDay(kept)).map((o) => [o.orderId, o.status]),
    [['8201', 2]],
  );
  assert.deepEqual(
    (await ordersOfDay(other)).map((o) => [o.orderId, o.status]).sort(),
    [
      ['8202', 2],
      ['8203', 2],
    ],
    'a day read later is read whole',
  );
});
