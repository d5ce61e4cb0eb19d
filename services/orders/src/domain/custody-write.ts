import { Subjects, type CustodyStep, type OrderSource } from '@portal/contracts';
import type { NewEvent } from '@portal/service-kit';
import type { OrderDoc } from '../models/order.js';
import type { Change } from './ledger.js';
import type { Caller } from './order-access.js';
import { commit } from './order-write.js';
import { factsOf } from './order-events/facts.js';

/**
 * A chain-of-custody step as ONE conditional write of the order: the fields it sets, its ledger entry
 * (action = the step) and its `orders.order.custody.v1` event carrying that entry's seq and hash, plus any further
 * events (status notices). A lost race is the same 409 as any order write. Callers check tenancy and rules first
 * (order-access.ts writableOrder/readableOrder) and pass the order as read WITH its history.
 */
export interface CustodyWrite {
  step: CustodyStep;
  set: Partial<OrderDoc>;
  changes: Change[];
  /** Facts for the event (strings, numbers, booleans: hashes, counts, results; never an image or a secret). */
  detail?: Record<string, string | number | boolean>;
  source?: OrderSource;
  events?: (next: OrderDoc) => Promise<NewEvent[]>;
}

export async function writeCustodyStep(
  c: Caller,
  prev: OrderDoc,
  w: CustodyWrite,
  now: Date = new Date(),
): Promise<OrderDoc> {
  return commit(
    c,
    prev,
    {
      set: w.set,
      action: w.step,
      changes: w.changes,
      source: w.source ?? 'form',
      events: async (next) => {
        const entry = next.history[next.history.length - 1]!;
        const custody: NewEvent = {
          subject: Subjects.orderCustody,
          data: {
            id: String(next._id),
            orderId: next.orderId,
            step: w.step,
            at: entry.at,
            by: { userId: c.userId, name: c.name },
            seq: entry.seq,
            hash: entry.hash,
            ...(w.detail ? { detail: w.detail } : {}),
            facts: factsOf(next), // routing's read model
          },
        } as NewEvent;
        return [custody, ...(w.events ? await w.events(next) : [])];
      },
    },
    now,
  );
}
