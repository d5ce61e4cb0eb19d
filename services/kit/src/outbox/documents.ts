import { Schema, type Model } from 'mongoose';
import { batchedInsert, insertEach } from '../batch.js';
import { withDocLock } from './doc-lock.js';
import { makeEvent, OUTBOX_PENDING, type OutboxEvent, type UntypedEvent } from './event.js';
import type { OutboxSignal } from './signal.js';

/**
 * The strategy of events on the document: the events live in the document's `_outbox` array, written in the same
 * write as its data (atomic without a transaction), with the {@link OUTBOX_PENDING} flag the relay's sweep looks
 * for. Every write with events takes this way except a new document's only event while a relay of this process
 * serves its collection (intents.ts).
 */
export const OutboxEventSchema = new Schema(
  { id: String, subject: String, data: Schema.Types.Mixed, time: Date, traceparent: String },
  // minimize false: an empty object in a payload (e.g. facts.billing.times {}) is kept, as the catalogue requires
  { _id: false, minimize: false },
);

/** `Model.updateOneWithEvents()`: the events $pushed onto the same document in the same update, the flag raised. */
export async function updateOneWithEvents(
  model: Model<unknown>,
  signal: OutboxSignal | undefined,
  filter: Record<string, unknown>,
  update: Record<string, unknown>,
  events: readonly UntypedEvent[],
) {
  const evs = events.map((e) => makeEvent(e.subject, e.data));
  const push = { ...((update.$push as Record<string, unknown>) ?? {}), _outbox: { $each: evs } };
  const set = {
    ...((update.$set as Record<string, unknown>) ?? {}),
    ...(evs.length ? { [OUTBOX_PENDING]: true } : {}),
  };
  const write = () =>
    model.updateOne(filter, {
      ...update,
      $push: push,
      ...(Object.keys(set).length ? { $set: set } : {}),
    });
  const id = filter._id;
  const col = model.collection.collectionName;
  const res = id !== undefined ? await withDocLock(col, id, write) : await write();
  if (res.matchedCount > 0 && evs.length) signal?.written(col, id);
  return res;
}

/** `Model.insertWithEvent()` with the event on the document. */
export async function insertOnDocument(
  model: Model<unknown>,
  signal: OutboxSignal | undefined,
  doc: Record<string, unknown> & { _id: unknown },
  event: OutboxEvent,
  alongside?: () => Promise<void>,
): Promise<void> {
  await batchedInsert(model.collection, { ...doc, _outbox: [event], [OUTBOX_PENDING]: true });
  signal?.inserted({ collection: model.collection.collectionName, id: doc._id, event, db: model.db });
  await alongside?.(); // no intent to clean up after a crash: only once the document is there
}

/** `Model.insertManyWithEvents()` with each event on its document. */
export async function insertManyOnDocuments(
  model: Model<unknown>,
  signal: OutboxSignal | undefined,
  items: { doc: Record<string, unknown> & { _id: unknown }; event: OutboxEvent }[],
): Promise<(Error | undefined)[]> {
  const errors = await insertEach(
    model.collection,
    items.map(({ doc, event }) => ({ ...doc, _outbox: [event], [OUTBOX_PENDING]: true })),
  );
  const collection = model.collection.collectionName;
  errors.forEach(
    (e, i) =>
      e || signal?.inserted({ collection, id: items[i]!.doc._id, event: items[i]!.event, db: model.db }),
  );
  return errors;
}

/**
 * A saved document's events reach the relay: a new document's only event whole (published without reading the
 * document back), else a nudge naming the document.
 */
export function savedOnDocument(
  model: Model<unknown>,
  signal: OutboxSignal | undefined,
  doc: { _id: unknown; _outbox?: { toObject(): OutboxEvent }[] },
  isNew: boolean,
): void {
  if (!signal || !doc._outbox?.length) return;
  const collection = model.collection.collectionName;
  if (isNew && doc._outbox.length === 1)
    signal.inserted({ collection, id: doc._id, event: doc._outbox[0]!.toObject(), db: model.db });
  else signal.written(collection, doc._id);
}
