import {
  dayOf,
  orderSliceOf,
  type OrderFacts,
  type OrderNotice,
  type OrderSnapshotItem,
} from '@portal/contracts';
import {
  CHANGES_KEEP_MS,
  ReadOrderChange,
  ReadOrderModel,
  ReadOrderSeq,
  logChange,
  type ReadOrder,
} from './order-model.js';
import { applyIfNewer, orderFactsConsumer } from '@portal/service-kit';
import { emitChange, emitted, fromDoc, merge, rankOf } from './order-days.js';

/** The stored model and its change log (order-model.ts) and the day cache (order-days.ts), for this module's readers. */
export { CHANGES_KEEP_MS, ReadOrderChange, ReadOrderModel, ReadOrderSeq, type ReadOrder };
export {
  CACHE_DAYS,
  CATCH_UP_EVERY_MS,
  CATCH_UP_MARGIN_MS,
  followChanges,
  forgetDays,
  onOrderChange,
  ordersOfDay,
  ordersStamp,
  watchDay,
  type OrderChange,
} from './order-days.js';

type NoticeLike = Pick<
  OrderNotice,
  | 'id'
  | 'orderId'
  | 'status'
  | 'orderType'
  | 'orderDef'
  | 'pickupLN'
  | 'destinationLN'
  | 'vendorName'
  | 'destName'
  | 'preferredDelivery'
  | 'deliveryDate'
  | 'pickupDate'
> & { facts?: OrderFacts };

const valid = (d: string) => (d === 'invalid' ? '' : d);
export function readOrderOf(n: NoticeLike | OrderSnapshotItem, facts: OrderFacts): ReadOrder {
  const deliveryDay = valid(dayOf(n.deliveryDate) || dayOf(n.preferredDelivery));
  const pickupDay = valid(dayOf(n.pickupDate));
  return { ...orderSliceOf(n), deliveryDay, pickupDay, facts };
}

/**
 * Applies an order state when its facts are newer than the stored ones (the kit's version rule, applyIfNewer); true
 * when it was written. A whole state also replaces a partial copy of its own version (`partial`: the notice fields
 * were the held ones, not the write's).
 */
export async function applyOrder(
  n: NoticeLike | OrderSnapshotItem,
  by?: string,
  opts: { partial?: boolean } = {},
): Promise<boolean> {
  const facts = n.facts;
  if (!facts) return false;
  const next = readOrderOf(n, facts);
  const { id, ...fields } = next;
  const days = [...new Set([next.deliveryDay, next.pickupDay].filter(Boolean))];
  const partial = !!opts.partial;
  const { written, before } = await applyIfNewer(
    ReadOrderModel,
    id,
    facts.version,
    { ...fields, days, deleted: facts.deleted, appliedAt: new Date() },
    { partial },
  );
  if (!written) return false;
  // marked as this process's own before its log line exists, so a catch-up meanwhile does not read it again
  emitted(id, facts.version, partial);
  const was = Array.isArray(before?.days) ? (before.days as string[]) : [];
  await logChange(id, rankOf(facts.version, partial), [...new Set([...was, ...days])]);
  merge({ _id: id, ...fields, deleted: facts.deleted, partial });
  emitChange({ id, before: before ? fromDoc(before) : null, after: next, by });
  return true;
}

/**
 * Every order event that carries facts → this read model (the kit's orderFactsConsumer: the whole state of the
 * write, or an older custody event's facts over the notice fields held, marked partial). Redeliveries, out-of-order
 * events and snapshot overlaps change nothing.
 */
export const ordersFeedConsumer = orderFactsConsumer({
  durable: 'routing-orders-feed',
  apply: (state, facts, { by, partial }) => applyOrder({ ...state, facts }, by, { partial }),
  held: async (id) => {
    const cur = await readOrder(id);
    return cur ? orderSliceOf(cur) : null;
  },
});

export async function readOrder(id: string): Promise<ReadOrder | null> {
  const doc = await ReadOrderModel.findById(id).lean();
  return doc ? fromDoc(doc) : null;
}

/** The newest applied time (null when empty): the snapshot feed's freshness check. */
export async function ordersAsOf(): Promise<Date | null> {
  const doc = await ReadOrderModel.findOne({}, { appliedAt: 1 }).sort({ appliedAt: -1 }).lean();
  return doc ? (doc.appliedAt as Date) : null;
}
