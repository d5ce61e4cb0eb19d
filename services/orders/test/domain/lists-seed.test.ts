import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import mongoose from 'mongoose';
import { loadEnv } from '@portal/service-kit';
import { Order } from '../../src/models/order.js';
import { verifyChain } from '../../src/domain/ledger.js';
import { listKeysOf, weekOf, dayOf } from '../../src/domain/list-keys.js';
import { seed } from '../../scripts/seed.js';

// The demo seed into its own test database: every status, the last and next two weeks, valid ledgers, the list
// keys as listKeysOf computes them, and a second run adds nothing.
before(async () => {
  await mongoose.connect(loadEnv().MONGO_URL, { dbName: 'portal_orders_seed_test' });
  await Order.deleteMany({});
});
after(async () => {
  await Order.deleteMany({});
  await mongoose.disconnect();
});

test('the demo seed: a few hundred orders, every status, valid ledgers; idempotent', async () => {
  const now = new Date();
  const first = await seed(now);
  assert.ok(first.created >= 300, `created ${first.created}`);
  const docs = await Order.find({}).lean<Record<string, any>[]>();
  assert.equal(docs.length, first.created);
  assert.deepEqual([...new Set(docs.map((d) => d.status))].sort(), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  const from = weekOf(dayOf(new Date(now.getTime() - 14 * 86_400_000)));
  const to = dayOf(
    new Date(
      Date.parse(`${weekOf(dayOf(new Date(now.getTime() + 14 * 86_400_000)))}T00:00:00Z`) + 7 * 86_400_000,
    ),
  );
  for (const d of docs) {
    assert.ok(d.deliveryDay >= from && d.deliveryDay < to, d.deliveryDay);
    assert.equal(verifyChain(d.history).ok, true, d.orderId);
    assert.ok(d.createdAt <= now, `${d.orderId} placed in the future`);
    const { _id, history, version, ...rest } = d;
    assert.deepEqual(
      { ...listKeysOf(rest) },
      Object.fromEntries(Object.keys(listKeysOf(rest)).map((k) => [k, d[k]])),
    );
    assert.equal(version, history.length);
  }
  assert.ok(docs.some((d) => d.deleted === 1) && docs.some((d) => d.deleted === 2));
  assert.equal((await seed(now)).created, 0);
});
