import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import mongoose from 'mongoose';
import { loadEnv } from '@portal/service-kit';
import { OrderCounter } from '../../src/models/order.js';
import { nextOrderIds } from '../../src/domain/order-ids.js';

// Order numbers handed out at once (creates and a bulk upload at the same moment) never repeat: FerretDB's
// findOneAndUpdate reads and writes the counter without a row lock, so two calls could both read the same seq.
before(async () => {
  await mongoose.connect(loadEnv().MONGO_URL, { dbName: 'portal_orders_ids_test' });
  await OrderCounter.deleteMany({});
});
after(async () => {
  await OrderCounter.deleteMany({});
  await mongoose.disconnect();
});

test('60 concurrent calls (single numbers and blocks of 5) hand out distinct, consecutive order ids', async () => {
  const calls = Array.from({ length: 60 }, (_, i) => nextOrderIds(i % 6 === 0 ? 5 : 1));
  const ids = (await Promise.all(calls)).flat();
  assert.equal(ids.length, 50 + 10 * 5);
  assert.equal(new Set(ids).size, ids.length, 'no id handed out twice');
  const numbers = ids.map((id) => Number(id.slice(2))).sort((a, b) => a - b);
  assert.deepEqual(
    numbers,
    Array.from({ length: ids.length }, (_, i) => 100_001 + i),
  );
});
