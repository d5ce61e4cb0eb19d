import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Batcher, batchedInsert, insertEach } from '../src/batch.js';
import { scratchDb } from '../testing/scratch-db.js';

/** Natural batching (src/batch.ts) against the real backend: what goes together, and whose error is whose. */
const conn = scratchDb('kitbatch');

test('the first item goes alone at once; items added while it is in flight go out together in one write', async () => {
  const writes: number[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const b = new Batcher<number>(async (items) => {
    writes.push(items);
    if (writes.length === 1) await gate;
    return items.map((n) => (n === 4 ? new Error('four refused') : undefined));
  });
  const first = b.add(1);
  const rest = [b.add(2), b.add(3), b.add(4)];
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(writes, [[1]], 'the others wait for the write in flight');
  release();
  await first;
  const settled = await Promise.allSettled(rest);
  assert.deepEqual(writes, [[1], [2, 3, 4]]);
  assert.deepEqual(
    settled.map((s) => s.status),
    ['fulfilled', 'fulfilled', 'rejected'],
  );
  assert.match(String((settled[2] as PromiseRejectedResult).reason), /four refused/);
});

test('insertEach: a duplicate key is that document’s error (code 11000), the others are written', async () => {
  const col = conn().db!.collection('things');
  await col.insertOne({ _id: 'b' as never, n: 0 });
  const errors = await insertEach(col, [
    { _id: 'a', n: 1 },
    { _id: 'b', n: 2 },
    { _id: 'c', n: 3 },
  ]);
  assert.equal(errors[0], undefined);
  assert.equal((errors[1] as { code?: number }).code, 11000);
  assert.equal(errors[2], undefined);
  const stored = await col.find({}).sort({ _id: 1 }).toArray();
  assert.deepEqual(
    stored.map((d) => [d._id, d.n]),
    [
      ['a', 1],
      ['b', 0],
      ['c', 3],
    ],
  );
});

test('batchedInsert: concurrent inserts share writes; a duplicate rejects only its own caller', async () => {
  const col = conn().db!.collection('rows');
  await col.insertOne({ _id: 'dup' as never });
  const ids = Array.from({ length: 20 }, (_, i) => `r${i}`);
  const results = await Promise.allSettled([
    ...ids.map((id) => batchedInsert(col, { _id: id })),
    batchedInsert(col, { _id: 'dup' }),
  ]);
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 20);
  const dup = results[20] as PromiseRejectedResult;
  assert.equal(dup.status, 'rejected');
  assert.equal((dup.reason as { code?: number }).code, 11000);
  assert.equal(await col.countDocuments({}), 21);
});
