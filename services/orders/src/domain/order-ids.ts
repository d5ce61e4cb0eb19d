import { withDocLock } from '@portal/service-kit';
import { OrderCounter } from '../models/order.js';

/**
 * The next human order ids ("G-100001", …), `n` at once for a bulk upload. FerretDB's findOneAndUpdate reads and
 * writes the counter without a row lock (two concurrent calls got the same seq: test/domain/order-ids.test.ts), so
 * the calls of this process take the counter's turn; the unique index on orderId refuses a duplicate from another
 * process (docs/DATA.md: the cross-process race remains on FerretDB, not on MongoDB).
 */
export async function nextOrderIds(n = 1): Promise<string[]> {
  if (n === 1) return [await nextSingleId()];
  return reserve(n).then((first) => Array.from({ length: n }, (_, i) => `G-${first + i}`));
}

/** The first of `n` order numbers taken from the counter (this process's calls in turn: see nextOrderIds). */
async function reserve(n: number): Promise<number> {
  const c = await withDocLock('ordercounters', 'orderId', () =>
    OrderCounter.findOneAndUpdate(
      { _id: 'orderId' },
      { $inc: { seq: n } },
      { upsert: true, returnDocument: 'after' },
    ).lean<{ seq: number }>(),
  );
  return 100_000 + c!.seq - n + 1;
}

/**
 * Single orders (the form) take their numbers from a block this process reserved (ORDER_ID_BLOCK at a time): one
 * counter round trip per block instead of one per order, so concurrent creates do not queue on the counter. Numbers
 * of a block still unused when the process stops are never handed out (a gap in the sequence, never a repeat).
 */
export const ORDER_ID_BLOCK = 10;
let block: { next: number; end: number } | undefined;
let refill: Promise<void> | undefined;
async function nextSingleId(): Promise<string> {
  for (;;) {
    if (block && block.next < block.end) return `G-${block.next++}`;
    refill ??= reserve(ORDER_ID_BLOCK)
      .then((first) => {
        block = { next: first, end: first + ORDER_ID_BLOCK };
      })
      .finally(() => {
        refill = undefined;
      });
    await refill;
  }
}
