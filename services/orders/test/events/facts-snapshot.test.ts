import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';
import { DeliverPolicy } from '@nats-io/jetstream';
import { Subjects, type EventEnvelope, type OrdersSnapshotPublishedData } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { suiteEnv } from '../routes/order-helpers.js';

/** Routing's snapshot request answered by orders: pages of its orders with their facts, for its scope. */
const ENV = suiteEnv('facts');
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
});
after(() => app.close());

async function publishedSince(subject: string, since: Date) {
  const consumer = await app.js.consumers.get('ORDERS', {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  const out: EventEnvelope<OrdersSnapshotPublishedData>[] = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
    let n = 0;
    for await (const m of batch) {
      out.push(m.json());
      n++;
    }
    if (n === 0) return out;
  }
}

const doc = (orderId: string, day: string, extra: object = {}) => ({
  _id: new mongoose.Types.ObjectId(),
  orderId,
  version: 2,
  deleted: 0,
  createdBy: 'Vera',
  lastUpdated: new Date(),
  deliveryDay: day,
  companyKeys: ['a', 'b'],
  manifest: {},
  data: {
    order: {
      orderDef: 'ext',
      orderType: 'layover',
      status: 1,
      pickupLN: 'A',
      destinationLN: 'B',
      route: 'r1',
      deliveryDate: `${day}T12:00:00.000Z`,
    },
    pickupCompany: { DBA: 'Farm' },
    destCompany: { DBA: 'Shop' },
    billing: {},
  },
  ...extra,
});

test('a request of this scope gets the orders delivered from fromDay on (deleted ones too), with facts', async () => {
  const since = new Date();
  const tag = Date.now().toString(36);
  await Order.collection.insertMany([
    doc(`F-${tag}-1`, '2026-06-10'),
    doc(`F-${tag}-2`, '2026-06-11', { deleted: 1, version: 5 }),
    doc(`F-${tag}-3`, '2026-05-01'),
  ]);
  const ask = (scope: string, requestId: string) =>
    app.bus.publish(Subjects.dispatchSnapshotRequested, {
      requestId,
      requestedBy: 'routing',
      want: ['orders'],
      fromDay: '2026-06-01',
      scope,
    });
  await ask(`${ENV.CONSUMER_SUFFIX}x`, `other-${tag}`);
  await ask(ENV.CONSUMER_SUFFIX, `mine-${tag}`);
  await waitFor(
    async () =>
      (await publishedSince(Subjects.ordersSnapshotPublished, since)).some((e) => e.data.last)
        ? true
        : undefined,
    20_000,
    300,
  );
  await new Promise((r) => setTimeout(r, 1000));
  const pages = (await publishedSince(Subjects.ordersSnapshotPublished, since)).map((e) => e.data);
  assert.deepEqual([...new Set(pages.map((p) => p.requestId))], [`mine-${tag}`]);
  const orders = pages.flatMap((p) => p.orders);
  assert.deepEqual(orders.map((o) => o.orderId).sort(), [`F-${tag}-1`, `F-${tag}-2`]);
  const gone = orders.find((o) => o.orderId === `F-${tag}-2`)!;
  assert.deepEqual([gone.facts.deleted, gone.facts.version], [1, 5]);
  assert.equal(orders.find((o) => o.orderId === `F-${tag}-1`)!.facts.route, 'r1');
});
