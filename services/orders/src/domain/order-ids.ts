import mongoose, { Schema } from 'mongoose';
import { OrderCounter } from '../models/order.js';

/**
 * The next human order ids ("G-100001", …), `n` at once for a bulk upload. Numbers are handed out in blocks of
 * ORDER_ID_BLOCK, and a block is taken by INSERTING its claim (`orderidblocks`, `_id` = the block's first number):
 * a unique insert is atomic on MongoDB and on FerretDB alike, so two processes (or two replicas) never take the same
 * block. A counter update is not (FerretDB reads and writes the document without a row lock: two replicas took the
 * same block six times in a 430-create run). The counter (`ordercounters`) is kept only as a hint of where the
 * free blocks start; a stale hint costs a few refused claims, never a repeat.
 */
export const ORDER_ID_BLOCK = 10;
const FIRST = 100_001;
/** Claims tried before giving up (each refused claim moves past a block another process holds). */
const MAX_CLAIMS = 200;

/** The claims (a model, so the start-up migration creates the collection before two replicas race to). */
export const OrderIdBlock = mongoose.model(
  'OrderIdBlock',
  new Schema({ _id: Number, at: Date }, { versionKey: false }),
  'orderidblocks',
);
const blocks = () => OrderIdBlock.db.collection<{ _id: number; at: Date }>('orderidblocks');
const isDuplicate = (err: unknown) => (err as { code?: number } | undefined)?.code === 11000;

export async function nextOrderIds(n = 1): Promise<string[]> {
  if (n === 1) return [await nextSingleId()];
  const numbers: number[] = [];
  // every block the upload needs in one claim (a bulk upload of 5,000 rows had claimed 500 one at a time)
  for (const first of await claimBlocks(Math.ceil(n / ORDER_ID_BLOCK))) {
    for (let i = 0; i < ORDER_ID_BLOCK; i++) {
      if (numbers.length < n) numbers.push(first + i);
      else if (!pool || pool.next >= pool.end) pool = { next: first + i, end: first + ORDER_ID_BLOCK };
    }
  }
  return numbers.map((x) => `G-${x}`);
}

/** The block the counter's hint points at: the first block past the numbers it says are handed out. */
async function hintedBlock(): Promise<number> {
  const c = await OrderCounter.findById('orderId').lean<{ seq?: number }>();
  return Math.ceil((c?.seq ?? 0) / ORDER_ID_BLOCK);
}

/** The block after the highest claimed one. */
async function highestClaim(): Promise<number> {
  const [top] = await blocks()
    .find({}, { projection: { _id: 1 } })
    .sort({ _id: -1 })
    .limit(1)
    .toArray();
  return top ? (top._id - FIRST) / ORDER_ID_BLOCK + 1 : 0;
}

/**
 * Claims `count` free blocks; answers their first numbers, ascending. The claims of a run go in one unordered insert,
 * so a bulk upload's 500 blocks cost one round trip, not 500. This process's claims take turns (concurrent bulk
 * uploads and refills would otherwise all race through the same blocks); other processes are met by the unique
 * insert: a block one of them holds is refused, passed over and made up for in the next round.
 */
let claiming: Promise<unknown> = Promise.resolve();
/** The block after the last one this process claimed (the hint may lag behind it). */
let nextBlock = 0;
function claimBlocks(count: number): Promise<number[]> {
  const run = claiming.then(
    () => claimRun(count),
    () => claimRun(count),
  );
  claiming = run.catch(() => undefined);
  return run;
}
const claimBlock = () => claimBlocks(1).then((firsts) => firsts[0]!);

/** The positions of `firsts` whose claims another process holds; any other failure throws. */
async function insertClaims(firsts: number[]): Promise<Set<number>> {
  const at = new Date();
  try {
    await blocks().insertMany(
      firsts.map((_id) => ({ _id, at })),
      { ordered: false },
    );
    return new Set();
  } catch (err) {
    const e = err as { writeErrors?: { index: number; code?: number; err?: { code?: number } }[] };
    const held = e.writeErrors ?? (isDuplicate(err) ? [{ index: 0, code: 11000 }] : undefined);
    if (!held || held.some((w) => (w.code ?? w.err?.code) !== 11000)) throw err;
    return new Set(held.map((w) => w.index));
  }
}

async function claimRun(count: number): Promise<number[]> {
  // the hint is read at the first claim and after a refusal; otherwise this process's next block is tried first
  let k = nextBlock || (await hintedBlock());
  const got: number[] = [];
  for (let tries = 0; tries < MAX_CLAIMS; tries++) {
    const firsts = Array.from({ length: count - got.length }, (_, i) => FIRST + (k + i) * ORDER_ID_BLOCK);
    const held = await insertClaims(firsts);
    got.push(...firsts.filter((_, i) => !held.has(i)));
    k += firsts.length;
    if (got.length === count) break;
    // some held by another process: past them, and past wherever the hint has moved meanwhile; a hint far behind
    // the claims (a counter restored or lost) is passed by the highest claim (a sort, so only after a few refusals)
    k = Math.max(k, await hintedBlock(), tries >= 4 ? await highestClaim() : 0);
  }
  if (got.length < count) throw new Error(`no free order-number block after ${MAX_CLAIMS} claims`);
  nextBlock = k;
  // the hint follows (a lost or late update only costs the next claimer a refused insert)
  const seq = k * ORDER_ID_BLOCK;
  await OrderCounter.updateOne(
    { _id: 'orderId', seq: { $lt: seq } },
    { $set: { seq } },
    { upsert: true },
  ).catch((err: unknown) => {
    if (!isDuplicate(err)) throw err; // the hint is already past it (or two first upserts at once)
  });
  return got;
}

/**
 * Single orders (the form) take their numbers from a block this process claimed: one claim per ORDER_ID_BLOCK
 * orders, so concurrent creates do not queue on the database. The next block is claimed in the background once
 * REFILL_AT numbers are left, so a create does not wait for a claim's two round trips (every tenth create did: the
 * create's p95). Numbers of a block still unused when the process stops are never handed out (a gap in the
 * sequence, never a repeat).
 */
let pool: { next: number; end: number } | undefined;
/** The next block's first number, claimed ahead (settled or in flight); taken when the pool runs out. */
let ahead: Promise<number> | undefined;
const REFILL_AT = ORDER_ID_BLOCK / 2;

function claimAhead(): Promise<number> {
  if (ahead) return ahead;
  const claim = claimBlock();
  ahead = claim;
  // a failed claim is the next waiting create's error (as a claim in its path would be), then tried afresh
  claim.catch(() => {
    if (ahead === claim) ahead = undefined;
  });
  return claim;
}

async function nextSingleId(): Promise<string> {
  for (;;) {
    if (pool && pool.next < pool.end) {
      const n = pool.next++;
      if (pool.end - pool.next <= REFILL_AT) void claimAhead().catch(() => undefined);
      return `G-${n}`;
    }
    const claim = claimAhead();
    const first = await claim;
    // the first create back from the wait takes the block as the pool (unless a bulk upload's leftover filled it
    // meanwhile: the block then waits for it to run out); the others loop and number from it
    if (ahead === claim && !(pool && pool.next < pool.end)) {
      ahead = undefined;
      pool = { next: first, end: first + ORDER_ID_BLOCK };
    }
  }
}

/** Tries with a fresh number when the one taken is already an order's (see insertNumbered). */
export const NUMBER_TRIES = 5;
/**
 * Runs `insert` with the next order number; a duplicate key (the only unique key of a new order besides its freshly
 * minted _id is orderId) means another writer holds that number (a replica of an older build, a restored counter):
 * nothing of this try was written (the insert refused, its list row removed, its event never published), so it runs
 * again with the next number instead of answering the caller a bare 409.
 */
export async function insertNumbered<T>(insert: (orderId: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const [orderId] = await nextOrderIds(1);
    try {
      return await insert(orderId!);
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= NUMBER_TRIES) throw err;
    }
  }
}
