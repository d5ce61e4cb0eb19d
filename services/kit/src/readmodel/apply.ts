import type { Model } from 'mongoose';
import {
  ORDER_FACT_SUBJECTS,
  STREAMS,
  orderStateOf,
  type OrderFacts,
  type OrderSlice,
} from '@portal/contracts';
import { defineConsumer, type ConsumerContext, type ConsumerDef } from '../consumers.js';

/**
 * The version rule of a read model of another service's records (orders' `facts.version`): a state applies only
 * when its version is higher than the stored one, so redeliveries, out-of-order events and a snapshot overlapping
 * the stream change nothing. `partial`: a copy written from an event that named only the record (an older custody
 * event), over the fields held; the whole state of that same version still applies over it.
 */
export interface Applied<T> {
  written: boolean;
  /** The stored document before the write (null: inserted, or not written). */
  before: T | null;
}

/**
 * Writes `set` to document `id` when `version` is newer (a conditional update by _id, else an insert: a duplicate
 * key means a newer-or-equal version is stored, ignored). `insert` adds fields only a new document gets.
 */
export async function applyIfNewer<T = Record<string, unknown>>(
  model: Model<any>,
  id: string,
  version: number,
  set: Record<string, unknown>,
  opts: { partial?: boolean; insert?: Record<string, unknown> } = {},
): Promise<Applied<T>> {
  const partial = !!opts.partial;
  const older = { version: { $lt: version } };
  const before = await model
    .findOneAndUpdate(
      { _id: id, ...(partial ? older : { $or: [older, { version, partial: true }] }) },
      { $set: { ...set, version, partial } },
      { upsert: false, returnDocument: 'before' },
    )
    .lean<T>();
  if (before) return { written: true, before };
  try {
    await model.create({ _id: id, ...set, ...opts.insert, version, partial });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return { written: false, before: null };
    throw err;
  }
  return { written: true, before: null };
}

/**
 * The stored versions of `ids` (one read), a partial copy counted half a version below its own so the whole state
 * of that version still applies: a snapshot page applies only `isNewer` items (a start-up snapshot is mostly known).
 */
export async function knownVersions(model: Model<any>, ids: string[]): Promise<Map<string, number>> {
  const docs = await model
    .find({ _id: { $in: ids } }, { version: 1, partial: 1 })
    .lean<{ _id: unknown; version: number; partial?: boolean }[]>();
  return new Map(docs.map((d) => [String(d._id), Number(d.version) - (d.partial ? 0.5 : 0)]));
}
export const isNewer = (known: Map<string, number>, id: string, version: number): boolean =>
  (known.get(id) ?? 0) < version;

/**
 * A snapshot page's items applied by the version rule: one read of the known versions, then `apply` for each newer
 * item only. Returns how many `apply` wrote (a truthy answer).
 */
export async function applyNewer<T extends { id: string; facts: { version: number } }>(
  model: Model<any>,
  items: readonly T[],
  apply: (item: T) => Promise<unknown>,
): Promise<number> {
  const known = await knownVersions(
    model,
    items.map((i) => i.id),
  );
  let applied = 0;
  for (const i of items) if (isNewer(known, i.id, i.facts.version) && (await apply(i))) applied++;
  return applied;
}

/** An order event as the version rule reads it (any of ORDER_FACT_SUBJECTS). */
type OrderEventData = { id: string; facts?: OrderFacts } & Partial<OrderSlice> & { step?: unknown };

/**
 * A read model of orders fed by every event that carries facts. The whole state of the write (`orderStateOf`) is
 * applied; an older custody event names only the order: its facts go over the notice fields `held` returns (null:
 * an order this read model does not hold yet, skipped: its created event or the snapshot brings it whole), marked
 * partial. An event without facts (published before facts existed) is skipped: the snapshot brings that order.
 */
export function orderFactsConsumer(def: {
  durable: string;
  apply(
    state: OrderSlice,
    facts: OrderFacts,
    ctx: ConsumerContext & { by: string; partial: boolean },
  ): Promise<unknown>;
  held(id: string, facts: OrderFacts): Promise<OrderSlice | null>;
}): ConsumerDef<(typeof ORDER_FACT_SUBJECTS)[number]> {
  return defineConsumer({
    durable: def.durable,
    stream: STREAMS.orders,
    subjects: ORDER_FACT_SUBJECTS,
    concurrency: 1,
    async handle(event, ctx) {
      const d = event.data as OrderEventData;
      if (!d.facts) return;
      const by = 'step' in event.data ? event.data.by.userId : event.data.changedBy.userId;
      const state = orderStateOf(d);
      if (state) return void (await def.apply(state, d.facts, { ...ctx, by, partial: false }));
      const cur = await def.held(d.id, d.facts);
      if (cur) await def.apply(cur, d.facts, { ...ctx, by, partial: true });
    },
  });
}
