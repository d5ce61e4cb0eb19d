import { test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema } from 'mongoose';
import { scratchDb } from '../testing/scratch-db.js';

/**
 * The limits of the local backend (FerretDB 1.24 on PostgreSQL) that the code relies on — docs/DATA.md. Each test
 * pins today's behaviour: if one starts failing, the backend changed and the rule in DATA.md can be revisited.
 */
const db = scratchDb('kitlimits');

test('no TTL: a schema path with `expires` makes the index step fail (expire with a periodic job)', async () => {
  const Expiring = db().model('Expiring', new Schema({ at: { type: Date, expires: 60 } }));
  await assert.rejects(Expiring.syncIndexes(), (err: { code?: number }) => err.code === 238);
  await assert.rejects(
    db().db!.collection('plain').createIndex({ at: 1 }, { expireAfterSeconds: 0 }),
    (err: { code?: number }) => err.code === 238,
  );
});

test('$group: one accumulator is right, a second one in the same stage comes back 0', async () => {
  const col = db().db!.collection('lines');
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
  const col = db().db!.collection('tx');
  const session = db().getClient().startSession();
  try {
    await assert.rejects(session.withTransaction(() => col.insertOne({ a: 1 }, { session })));
  } finally {
    await session.endSession();
  }
  const stream = col.watch();
  await assert.rejects(stream.tryNext(), (err: { code?: number }) => err.code === 238);
  await stream.close().catch(() => {});
});

/**
 * Our pushdown patch (deploy/local/ferretdb-pushdown.patch): PostgreSQL sorts by top-level fields and applies ranges,
 * $in and anchored prefixes. The answers must stay MongoDB's: the expected values below are MongoDB's own (its
 * comparison order: null and missing, numbers, strings, ObjectId, bool, date).
 */
test('pushdown patch: top-level sorts, ranges, $in and prefixes answer as MongoDB does', async () => {
  const col = db().db!.collection('pushdown');
  const oid = (n: number) => new mongoose.Types.ObjectId(n.toString(16).padStart(24, '0'));
  const values: [number, unknown][] = [
    [1, 'b'],
    [2, 'B'],
    [3, 10],
    [4, 2.5],
    [5, null],
    [6, undefined],
    [7, new Date(5)],
    [8, new Date(-5)],
    [9, true],
    [10, oid(7)],
    [11, 'ab'],
    [12, ''],
    [13, 'é'],
  ];
  await col.insertMany(
    values.map(([n, v]) => ({
      n,
      g: 'k',
      toks: ['green', `t${n}`],
      ...(v === undefined ? {} : { f: v }),
    })),
  );
  const ns = async (filter: object, sort: Record<string, 1 | -1>, limit = 0) =>
    (await col.find(filter).sort(sort).limit(limit).toArray()).map((d) => d.n);
  // null and missing first (tie: n), numbers, strings in code point order, ObjectId, bool, dates
  assert.deepEqual(await ns({ g: 'k' }, { f: 1, n: 1 }), [5, 6, 4, 3, 12, 2, 11, 1, 13, 10, 9, 8, 7]);
  assert.deepEqual(await ns({ g: 'k' }, { f: -1, n: 1 }, 4), [7, 8, 9, 10]);
  assert.deepEqual(await ns({ f: { $gte: 'B', $lt: 'b' } }, { n: 1 }), [2, 11]);
  assert.deepEqual(await ns({ f: { $gt: new Date(-5) } }, { n: 1 }), [7]);
  assert.deepEqual(await ns({ f: { $lte: oid(7) } }, { n: 1 }), [10]);
  assert.deepEqual(await ns({ f: { $in: ['b', 10, true] } }, { n: 1 }), [1, 3, 9]);
  assert.deepEqual(await ns({ f: { $in: [] } }, { n: 1 }), []);
  assert.deepEqual(await ns({ toks: { $regex: '^t1' } }, { n: -1 }), [13, 12, 11, 10, 1]);
  assert.deepEqual(await ns({ toks: /^gre/, f: { $regex: '^b' } }, { n: 1 }), [1]);
  assert.deepEqual(await ns({ f: { $regex: '^B', $options: 'i' } }, { n: 1 }), [1, 2]);
  // an unanchored literal: matched anywhere in a string or an element
  assert.deepEqual(await ns({ toks: { $regex: 't1' } }, { n: 1 }), [1, 10, 11, 12, 13]);
  assert.deepEqual(await ns({ f: { $regex: 'b' } }, { n: 1 }), [1, 11]);
});

test('pushdown patch: documents decode as they were written (its faster string, integer and object reading)', async () => {
  const col = db().db!.collection('roundtrip');
  const doc = {
    _id: new mongoose.Types.ObjectId(),
    plain: 'plain text',
    quoted: 'say "hi" \\ back\\slash\ttab\nline \u0001 end',
    unicode: 'é ü 漢字 🙂',
    empty: '',
    int: 42,
    neg: -7,
    big: 2 ** 40,
    dbl: 2.5,
    date: new Date(1_700_000_000_123),
    old: new Date(-86_400_000),
    nested: { a: [1, 'two', { three: [3, '"3"'] }], b: null, c: [] },
    arr: ['a', 'b "c"', 'd\\e', 7, 1.5, true, null, new Date(5), { in: ['x', 1] }], // no nested arrays in FerretDB
  };
  await col.insertOne(doc);
  assert.deepEqual(await col.findOne({ _id: doc._id }), doc);
});

/**
 * Our delete-batches patch (deploy/local/ferretdb-delete-batches.patch): a delete that matches more than 65,535
 * documents (each id one parameter of one statement before) deletes them all, as a clean-up of old records must.
 */
test('delete-batches patch: a delete of 70,000 documents by a range deletes them all', async () => {
  const col = db().db!.collection('piled');
  const old = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < 70_000; i += 10_000)
    await col.insertMany(Array.from({ length: 10_000 }, (_, j) => ({ n: i + j, at: old })));
  await col.insertOne({ n: -1, at: new Date() });
  const res = await col.deleteMany({ at: { $lt: new Date(Date.now() - 60_000) } });
  assert.equal(res.deletedCount, 70_000);
  assert.deepEqual(await col.find({}, { projection: { _id: 0, n: 1 } }).toArray(), [{ n: -1 }]);
});
