import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import mongoose from 'mongoose';
import { loadEnv } from '@portal/service-kit';
import { OrderCounter } from '../../src/models/order.js';
import { ORDER_ID_BLOCK, insertNumbered, nextOrderIds } from '../../src/domain/order-ids.js';

// Order numbers handed out at once (creates and a bulk upload at the same moment, in one process or in two
// replicas) never repeat: FerretDB's findOneAndUpdate reads and writes the counter without a row lock, so two
// calls could both read the same seq; blocks are claimed by a unique insert instead.
const DB = 'portal_orders_ids_test';
const blocks = () => mongoose.connection.collection<{ _id: number; at: Date }>('orderidblocks');
const clear = () => Promise.all([OrderCounter.deleteMany({}), blocks().deleteMany({})]);
before(async () => {
  await mongoose.connect(loadEnv().MONGO_URL, { dbName: DB });
  await clear();
});
after(async () => {
  await clear();
  await mongoose.disconnect();
});

const numberOf = (id: string) => Number(id.slice(2));

test('60 concurrent calls (single numbers and blocks of 5) hand out distinct order ids from claimed blocks', async () => {
  const calls = Array.from({ length: 60 }, (_, i) => nextOrderIds(i % 6 === 0 ? 5 : 1));
  const ids = (await Promise.all(calls)).flat();
  assert.equal(ids.length, 50 + 10 * 5);
  assert.equal(new Set(ids).size, ids.length, 'no id handed out twice');
  const claimed = new Set((await blocks().find().toArray()).map((b) => Number(b._id)));
  for (const id of ids) {
    const n = numberOf(id);
    assert.ok(
      claimed.has(n - ((n - 100_001) % ORDER_ID_BLOCK)),
      `${id} lies in a block this process claimed`,
    );
  }
  const numbers = ids.map(numberOf).sort((a, b) => a - b);
  assert.ok(numbers[0]! >= 100_001);
  assert.ok(
    numbers.at(-1)! - numbers[0]! < 2 * ids.length,
    'no wide gaps: leftovers of a bulk block are used',
  );
});

test('two processes taking numbers at the same moment never hand out the same one', async () => {
  const SINGLES = 600;
  const BULKS = 150;
  const goAt = Date.now() + 4000; // the other process boots (tsx) meanwhile
  const other = promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../fixtures/order-ids-instance.ts', import.meta.url))],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        ...process.env,
        IDS_DB: DB,
        GO_AT: String(goAt),
        SINGLES: String(SINGLES),
        BULKS: String(BULKS),
      },
    },
  );
  await new Promise((r) => setTimeout(r, goAt - Date.now()));
  const calls = [
    ...Array.from({ length: SINGLES }, () => nextOrderIds(1)),
    ...Array.from({ length: BULKS }, () => nextOrderIds(3)),
  ];
  const mine = (await Promise.all(calls)).flat();
  const theirs = JSON.parse((await other).stdout.trim().split('\n').at(-1)!) as string[];
  assert.equal(mine.length, SINGLES + 3 * BULKS);
  assert.equal(theirs.length, SINGLES + 3 * BULKS);
  const both = [...mine, ...theirs];
  const repeated = both.filter((id, i) => both.indexOf(id) !== i);
  assert.deepEqual(repeated, [], 'no number handed out by both processes');
});

test('the next block is claimed while the pool still has numbers: a create never waits for a claim', async () => {
  // one number at a time over three blocks, as single creates take them; each number that opens a block must come
  // from a block already claimed before it was asked for (a claim in the create's path cost it two round trips)
  const first = numberOf((await nextOrderIds(1))[0]!);
  let opened = 0;
  for (let i = 0; i < 3 * ORDER_ID_BLOCK; i++) {
    const claimed = new Set((await blocks().find().toArray()).map((b) => Number(b._id)));
    const n = numberOf((await nextOrderIds(1))[0]!);
    assert.ok(n > first, 'numbers go up');
    if ((n - 100_001) % ORDER_ID_BLOCK !== 0) continue;
    opened++;
    assert.ok(claimed.has(n), `G-${n} opens a block claimed before it was asked for`);
  }
  assert.ok(opened >= 2, `the run crossed blocks (${opened})`);
});

test('a bulk upload claims all its blocks in one insert, passing over blocks another process holds', async () => {
  // where this process's next claims will go: the block after the highest claimed one (its own are the highest)
  const top = Math.max(...(await blocks().find().toArray()).map((b) => Number(b._id)));
  // another process holds three blocks ahead, inside the run this upload will ask for
  const theirs = [3, 50, 51].map((i) => top + i * ORDER_ID_BLOCK);
  await blocks().insertMany(theirs.map((_id) => ({ _id, at: new Date(0) })));
  const ids = await nextOrderIds(100 * ORDER_ID_BLOCK);
  assert.equal(new Set(ids).size, 100 * ORDER_ID_BLOCK);
  const held = new Set(theirs);
  const mine = new Map(
    (
      await blocks()
        .find({ _id: { $gt: top } })
        .toArray()
    ).map((b) => [Number(b._id), b.at]),
  );
  for (const id of ids) {
    const n = numberOf(id);
    const block = n - ((n - 100_001) % ORDER_ID_BLOCK);
    assert.ok(!held.has(block), `${id} is not in a block another process holds`);
    assert.ok(mine.has(block), `${id} lies in a claimed block`);
  }
  const rounds = new Set([...mine].filter(([b]) => !held.has(b)).map(([, at]) => (at as Date).getTime()));
  assert.ok(
    rounds.size <= 2,
    `the run's claims went in ${rounds.size} inserts (one, plus one for the 3 held)`,
  );
});

test('a hint far behind the claims (a lost or restored counter) still finds a free block', async () => {
  await OrderCounter.deleteMany({});
  const [id] = await nextOrderIds(ORDER_ID_BLOCK); // a whole block: the process's own leftover is not used
  const highest = Math.max(...(await blocks().find().toArray()).map((b) => Number(b._id)));
  assert.equal(numberOf(id!), highest, 'the block after every claimed one');
});

test('a number another writer already holds is passed over: the insert runs again with the next one', async () => {
  const seen: string[] = [];
  // the first two numbers this process takes are someone else's (an older build's replica, a restored counter)
  const placed = await insertNumbered(async (orderId) => {
    seen.push(orderId);
    if (seen.length <= 2) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    return orderId;
  });
  assert.equal(seen.length, 3);
  assert.equal(new Set(seen).size, 3, 'a fresh number for each try');
  assert.equal(placed, seen[2]);
  let tries = 0;
  await assert.rejects(
    insertNumbered(async () => {
      tries++;
      throw Object.assign(new Error('boom'), { code: 2 });
    }),
    /boom/,
  );
  assert.equal(tries, 1, 'any other error is the caller’s at once');
});
