import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';
import { Subjects, type OrdersSnapshotPublishedData } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { publishedSince, suiteEnv } from '../routes/order-helpers.js';

/** Billing's snapshot request answered by orders: every order, pages naming requestedBy 'billing'. */
const ENV = suiteEnv('bsnap');
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
});
after(() => app.close());

const doc = (orderId: string, day: string, extra: object = {}) => ({
  _id: new mongoose.Types.ObjectId(),
  orderId,
  version: 2,
  deleted: 0,
  createdBy: 'Vera',
  lastUpdated: new Date(),
  deliveryDay: day,
  companyKeys: ['A'],
  manifest: {},
  data: {
    order: { orderDef: 'ext', orderType: 'layover', status: 1, pickupLN: 'A', destinationLN: 'B' },
    pickupCompany: { DBA: 'Farm' },
    destCompany: { DBA: 'Shop' },
    billing: { invoice: 'INV-3', amount: '1,000.10', methodSelect: 'net' },
  },
  ...extra,
});

test('a billing request of this scope wanting orders gets every order (old, deleted) with billing facts', async () => {
  const since = new Date();
  const tag = Date.now().toString(36);
  await Order.collection.insertMany([
    doc(`B-${tag}-1`, '2020-01-10'),
    doc(`B-${tag}-2`, '2026-06-11', { deleted: 1, version: 5 }),
  ]);
  const ask = (scope: string, requestId: string, want: ('orders' | 'users')[]) =>
    app.bus.publish(Subjects.billingSnapshotRequested, { requestId, requestedBy: 'billing', want, scope });
  await ask(`${ENV.CONSUMER_SUFFIX}x`, `other-${tag}`, ['orders']);
  await ask(ENV.CONSUMER_SUFFIX, `users-${tag}`, ['users']);
  await ask(ENV.CONSUMER_SUFFIX, `mine-${tag}`, ['orders']);
  const pagesOf = async () =>
    (await publishedSince(app, Subjects.ordersSnapshotPublished, since))
      .map((e) => e.data as OrdersSnapshotPublishedData)
      .filter((p) => p.requestId.endsWith(tag));
  await waitFor(async () => ((await pagesOf()).some((p) => p.last) ? true : undefined), 20_000, 300);
  await new Promise((r) => setTimeout(r, 1000));
  const pages = await pagesOf();
  assert.deepEqual(
    [...new Set(pages.map((p) => p.requestId))],
    [`mine-${tag}`],
    'other scope, users: unanswered',
  );
  assert.deepEqual([...new Set(pages.map((p) => p.requestedBy))], ['billing']);
  const orders = pages.flatMap((p) => p.orders);
  assert.deepEqual(orders.map((o) => o.orderId).sort(), [`B-${tag}-1`, `B-${tag}-2`]);
  const first = orders.find((o) => o.orderId === `B-${tag}-1`)!;
  assert.equal(first.facts.billing?.amountCents, 100010);
  assert.equal(first.facts.billing?.method, 'Net Terms');
  assert.deepEqual(first.facts.billing?.times, {}, 'an empty times object survives the outbox');
  assert.equal(orders.find((o) => o.orderId === `B-${tag}-2`)!.facts.deleted, 1);
});
