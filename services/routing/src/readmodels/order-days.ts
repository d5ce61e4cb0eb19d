import { EventEmitter } from 'node:events';
import {
  CHANGES_KEEP_MS,
  ReadOrderChange,
  ReadOrderModel,
  ReadOrderSeq,
  type ReadOrder,
} from './order-model.js';

/**
 * The day cache (README "Read models"): FerretDB decodes documents slowly (~2–4 ms per 1.3-KB order), too slow for
 * a 2,000-order day at every schedule call. Each instance keeps the days it was asked for (at most CACHE_DAYS, least
 * recently asked dropped) in memory and brings them up to date at each call: the change counter read by _id; when it
 * moved, the change log since the newest line it saw (minus CATCH_UP_MARGIN_MS, for a write by another instance
 * stamped just before but committed after). Each line names the order, the version it wrote and the days it touched
 * (before and after), so only what another instance wrote on a day kept here (cached, or shown by a live stream) is
 * read again by _id: the orders this process applied itself are merged already, and a burst of thousands elsewhere
 * (another instance's bulk upload, a snapshot) costs no read per order. Idempotent: an entry is replaced only by a higher version, or by the whole state of the
 * version of a partial copy.
 */
export const CACHE_DAYS = 14;
export const CATCH_UP_MARGIN_MS = 2000;
/** Callers within this long of the last catch-up share it (this instance's own changes are merged at once). */
export const CATCH_UP_EVERY_MS = 250;

const dayCache = new Map<string, Map<string, ReadOrder>>();
let merged = 0;
let seenUpTo = 0;
let seenSeq = -1;
let caughtUpAt = 0;
let catchingUp: Promise<void> | null = null;
let pruning = false;

export const fromDoc = (d: any): ReadOrder => {
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
export const emitChange = (c: OrderChange) => emitter.emit('change', c);

/** A version's rank in the change log and here: a whole state follows a partial copy of its version. */
export const rankOf = (version: number, partial = false) => version * 2 + (partial ? 0 : 1);

/**
 * The newest version of each order this process has merged and told its listeners about. Several routing instances
 * share the feed durable, so each applies only its share of the order events; the others' changes reach this process
 * through the change log (catchUp below), which emits each once, never one this process applied itself.
 */
const emittedVersions = new Map<string, number>();
export function emitted(id: string, version: number, partial = false): boolean {
  const rank = rankOf(version, partial);
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

/** A stored state into every cached day it is on (or off), unless a newer one is there. */
export function merge(doc: any): void {
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

/** The days open live streams show (routes/live.ts): followed like cached days, though this instance may not have read them. */
const watched = new Map<string, number>();
export function watchDay(day: string): () => void {
  watched.set(day, (watched.get(day) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (watched.get(day) ?? 1) - 1;
    if (n > 0) watched.set(day, n);
    else watched.delete(day);
  };
}
const kept = (day: string) => dayCache.has(day) || watched.has(day);

interface Line {
  id?: string | null;
  v?: number | null;
  days?: string[] | null;
}
/**
 * The orders of the log's lines this process must read again: written elsewhere at a version it has not merged, and
 * touching a day kept here (the line's days are the order's days before and after the write) or cached now. A line
 * without a version or days (older routing) counts.
 */
function toRead(lines: Line[]): string[] {
  const ids = new Set<string>();
  for (const l of lines) {
    const id = String(l.id);
    if (ids.has(id)) continue;
    const v = typeof l.v === 'number' ? l.v : Infinity;
    if ((emittedVersions.get(id) ?? 0) >= v) continue;
    const days = Array.isArray(l.days) ? l.days : null;
    if (days && !days.some(kept) && !cachedOrder(id)) continue;
    ids.add(id);
  }
  return [...ids];
}

async function catchUp(): Promise<void> {
  if (Date.now() - caughtUpAt < CATCH_UP_EVERY_MS) return;
  caughtUpAt = Date.now();
  const seq = await ReadOrderSeq.findById('orders').lean();
  const n = seq?.n ?? 0;
  if (n === seenSeq) return;
  const since = new Date(seenUpTo - CATCH_UP_MARGIN_MS);
  const lines = await ReadOrderChange.find({ at: { $gt: since } }).lean();
  const docs = await Promise.all(toRead(lines).map((id) => ReadOrderModel.findById(id).lean()));
  for (const d of docs) {
    if (!d) continue;
    const before = cachedOrder(String(d._id));
    merge(d);
    // a change another instance applied: told to this process's listeners (the live streams) once
    if (emitted(String(d._id), Number(d.version), !!d.partial)) {
      const after = fromDoc(d);
      emitChange({ id: after.id, before, after });
    }
  }
  for (const l of lines) seenUpTo = Math.max(seenUpTo, (l.at as Date).getTime());
  seenSeq = n;
  // the clean-up of old lines is best effort and never waited for: a schedule read must not wait for it, and a
  // failed one is tried again by a later catch-up
  if (Math.random() < 0.1 && !pruning) {
    pruning = true;
    void ReadOrderChange.deleteMany({ at: { $lt: new Date(Date.now() - CHANGES_KEEP_MS) } })
      .catch(() => undefined)
      .finally(() => (pruning = false));
  }
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
