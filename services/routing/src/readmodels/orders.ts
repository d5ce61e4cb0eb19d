import { EventEmitter } from 'node:events';
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

/** The stored model and its change log (order-model.ts), re-exported for the readers of this module. */
export { CHANGES_KEEP_MS, ReadOrderChange, ReadOrderModel, ReadOrderSeq, type ReadOrder };

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

const fromDoc = (d: any): ReadOrder => {
  const { _id, days: _d, deleted: _x, version: _v, partial: _p, appliedAt: _a, ...rest } = d;
  return { id: String(_id), ...rest } as ReadOrder;
};

export interface OrderChange {
  id: string;
  before: ReadOrder | null;
  after: ReadOrder | null;
  by?: string;
}
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

/** Called after each applied change (in this process). Returns the unsubscribe. */
export function onOrderChange(fn: (c: OrderChange) => void): () => void {
  emitter.on('change', fn);
  return () => emitter.off('change', fn);
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
  await logChange(id);
  merge({ _id: id, ...fields, deleted: facts.deleted, partial });
  emitted(id, facts.version, partial);
  emitter.emit('change', {
    id,
    before: before ? fromDoc(before) : null,
    after: next,
    by,
  } satisfies OrderChange);
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

/**
 * The newest version of each order this process has told its listeners about. Several routing instances share the
 * feed durable, so each applies only its share of the order events; the others' changes reach this process through
 * the change log (catchUp below), which emits each once, never one this process applied itself.
 */
const emittedVersions = new Map<string, number>();
function emitted(id: string, version: number, partial = false): boolean {
  const rank = version * 2 + (partial ? 0 : 1); // a whole state follows a partial copy of its version
  if ((emittedVersions.get(id) ?? 0) >= rank) return false;
  if (emittedVersions.size > 100_000) emittedVersions.clear();
  emittedVersions.set(id, rank);
  return true;
}
/** The cached copy of an order (any cached day), for the `before` of a change another instance applied. */
function cachedOrder(id: string): ReadOrder | null {
  for (const list of dayCache.values()) {
    const o = list.get(id);
    if (o) return o;
  }
  return null;
}

/**
 * The day cache (README "Read models"): FerretDB decodes documents slowly (~2–4 ms per 1.3-KB order), too slow for
 * a 2,000-order day at every schedule call. Each instance keeps the days it was asked for (at most CACHE_DAYS, least
 * recently asked dropped) in memory and brings them up to date at each call: the change counter read by _id; when it
 * moved, the orders named in the change log since the newest line it saw (minus CATCH_UP_MARGIN_MS, for a write by
 * another instance stamped just before but committed after) are read by _id. Idempotent: an entry is replaced only
 * by a higher version, or by the whole state of the version of a partial copy.
 */
export const CACHE_DAYS = 14;
export const CATCH_UP_MARGIN_MS = 2000;
const dayCache = new Map<string, Map<string, ReadOrder>>();
let merged = 0;
let seenUpTo = 0;
let catchingUp: Promise<void> | null = null;

function merge(doc: any): void {
  merged++;
  const o = fromDoc(doc);
  const live = doc.deleted !== 1;
  for (const [day, list] of dayCache) {
    const cur = list.get(o.id);
    // a stored state replaces an older one, and a partial copy of its own version (applyOrder)
    if (
      cur &&
      (cur.facts.version > o.facts.version || (cur.facts.version === o.facts.version && doc.partial))
    )
      continue;
    if (live && (o.deliveryDay === day || o.pickupDay === day)) list.set(o.id, o);
    else list.delete(o.id);
  }
}

let seenSeq = -1;
/** Callers within this long of the last catch-up share it (this instance's own changes are merged at once). */
export const CATCH_UP_EVERY_MS = 250;
let caughtUpAt = 0;
async function catchUp(): Promise<void> {
  if (Date.now() - caughtUpAt < CATCH_UP_EVERY_MS) return;
  caughtUpAt = Date.now();
  const seq = await ReadOrderSeq.findById('orders').lean();
  const n = seq?.n ?? 0;
  if (n === seenSeq) return;
  const since = new Date(seenUpTo - CATCH_UP_MARGIN_MS);
  const lines = await ReadOrderChange.find({ at: { $gt: since } }).lean();
  const ids = [...new Set(lines.map((l) => String(l.id)))];
  const docs = await Promise.all(ids.map((id) => ReadOrderModel.findById(id).lean()));
  for (const d of docs) {
    if (!d) continue;
    const before = cachedOrder(String(d._id));
    merge(d);
    // a change another instance applied: told to this process's listeners (the live streams) once
    if (emitted(String(d._id), Number(d.version), !!d.partial)) {
      const after = fromDoc(d);
      emitter.emit('change', { id: after.id, before, after } satisfies OrderChange);
    }
  }
  for (const l of lines) seenUpTo = Math.max(seenUpTo, (l.at as Date).getTime());
  seenSeq = n;
  // the clean-up of old lines is best effort: a failed one must not fail the schedule read that ran it (a later
  // catch-up tries again)
  if (Math.random() < 0.1)
    await ReadOrderChange.deleteMany({ at: { $lt: new Date(Date.now() - CHANGES_KEEP_MS) } }).catch(
      () => undefined,
    );
}

/** Brings the day caches up to date now and tells the listeners what other instances applied (live streams poll). */
export async function followChanges(): Promise<void> {
  // a replica whose day cache never filled (no schedule asked here yet, its warm-up failed) still follows: from a
  // little before now, so a change another replica applied as the stream opened is not missed
  if (!seenUpTo) {
    seenUpTo = Date.now() - CATCH_UP_MARGIN_MS;
    seenSeq = -1;
  }
  await (catchingUp ??= catchUp().finally(() => (catchingUp = null)));
}

/** Orders delivered or picked up on `day` (YYYY-MM-DD), deleted ones excluded (cancelled kept: status shows it). */
export async function ordersOfDay(day: string): Promise<ReadOrder[]> {
  if (!seenUpTo) {
    seenUpTo = Date.now();
    seenSeq = (await ReadOrderSeq.findById('orders').lean())?.n ?? 0;
  } else await (catchingUp ??= catchUp().finally(() => (catchingUp = null)));
  let list = dayCache.get(day);
  if (list) {
    dayCache.delete(day); // most recently asked last
    dayCache.set(day, list);
  } else {
    const docs = await ReadOrderModel.find({ days: day, deleted: { $ne: 1 } }).lean();
    list = new Map(docs.map((d) => [String(d._id), fromDoc(d)]));
    dayCache.set(day, list);
    if (dayCache.size > CACHE_DAYS) dayCache.delete(dayCache.keys().next().value!);
  }
  return [...list.values()];
}

/** What the day cache has caught up to: equal stamps → equal days (the schedule's answer cache keys on it). */
export const ordersStamp = () => `${seenSeq}@${seenUpTo}@${merged}`;

/** Drops the day cache (tests that rewrite the collection underneath). */
export function forgetDays(): void {
  dayCache.clear();
  seenUpTo = 0;
  seenSeq = -1;
  caughtUpAt = 0;
}

export async function readOrder(id: string): Promise<ReadOrder | null> {
  const doc = await ReadOrderModel.findById(id).lean();
  return doc ? fromDoc(doc) : null;
}

/** The newest applied time (null when empty): the snapshot feed's freshness check. */
export async function ordersAsOf(): Promise<Date | null> {
  const doc = await ReadOrderModel.findOne({}, { appliedAt: 1 }).sort({ appliedAt: -1 }).lean();
  return doc ? (doc.appliedAt as Date) : null;
}
