import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema, type Connection } from 'mongoose';

/**
 * The limits of the local backend (FerretDB 1.24 on PostgreSQL) that the code relies on — docs/DATA.md. Each test
 * pins today's behaviour: if one starts failing, the backend changed and the rule in DATA.md can be revisited.
 */
const MONGO_URL = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27027/portal';
const DB = `portal_kitlimits_${Date.now().toString(36)}`;
let conn: Connection;

before(async () => {
  conn = await mongoose.createConnection(MONGO_URL, { dbName: DB, autoIndex: false }).asPromise();
});
after(async () => {
  await conn?.dropDatabase().catch(() => {});
  await conn?.close();
});

test('no TTL: a schema path with `expires` makes the index step fail (expire with a periodic job)', async () => {
  const Expiring = conn.model('Expiring', new Schema({ at: { type: Date, expires: 60 } }));
  await assert.rejects(Expiring.syncIndexes(), (err: { code?: number }) => err.code === 238);
  await assert.rejects(
    conn.db!.collection('plain').createIndex({ at: 1 }, { expireAfterSeconds: 0 }),
    (err: { code?: number }) => err.code === 238,
  );
});

test('$group: one accumulator is right, a second one in the same stage comes back 0', async () => {
  const col = conn.db!.collection('lines');
  await col.insertMany([
    { k: 'a', qty: 2 },
    { k: 'a', qty: 3 },
    { k: 'b', qty: 5 },
  ]);
  const one = await col
    .aggregate([{ $group: { _id: '$k', qty: { $sum: '$qty' } } }, { $sort: { _id: 1 } }])
    .toArray();
  assert.deepEqual(one, [
    { _id: 'a', qty: 5 },
    { _id: 'b', qty: 5 },
  ]);
  const two = await col
    .aggregate([{ $group: { _id: '$k', n: { $sum: 1 }, qty: { $sum: '$qty' } } }, { $sort: { _id: 1 } }])
    .toArray();
  assert.deepEqual(two, [
    { _id: 'a', n: 2, qty: 0 },
    { _id: 'b', n: 1, qty: 0 },
  ]);
  await assert.rejects(col.aggregate([{ $group: { _id: '$k', m: { $max: '$qty' } } }]).toArray());
});

test('no multi-document transactions and no change streams (hence the outbox on the document)', async () => {
  const col = conn.db!.collection('tx');
  const session = conn.getClient().startSession();
  try {
    await assert.rejects(session.withTransaction(() => col.insertOne({ a: 1 }, { session })));
  } finally {
    await session.endSession();
  }
  const stream = col.watch();
  await assert.rejects(stream.tryNext(), (err: { code?: number }) => err.code === 238);
  await stream.close().catch(() => {});
});
