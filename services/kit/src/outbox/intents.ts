import type { Model } from 'mongoose';
import { batchedInsert, insertEach } from './batch.js';
// a cycle with outbox.ts, for functions only (each is called long after both modules loaded)
import {
  makeEvent,
  outboxSignal,
  written,
  OUTBOX_PENDING,
  type InsertedEvent,
  type OutboxEvent,
  type UntypedEvent,
} from './outbox.js';

/**
 * A new document's only event, written to this collection of the same database just BEFORE the document (which is
 * then inserted without it): an order's create writes its large document once instead of twice (insert, then the
 * relay's update taking the event off). The relay publishes the event and deletes the intent (small, batched). An
 * intent whose document exists is published by the sweep; one whose document never came (the insert failed, or the
 * process died between the two writes) is dropped once older than {@link INTENT_GRACE_MS}, never published. Used
 * only for collections a relay of this process serves ({@link intentCollections}); scripts keep the event on the
 * document. docs/DATA.md §5.
 */
export const OUTBOX_INTENTS = 'outbox_intents';
/** An intent without its document younger than this may be an insert still in flight (in any process). */
export const INTENT_GRACE_MS = 60_000;
export interface OutboxIntent {
  _id: string;
  /** The document's collection and `_id`. */
  col: string;
  doc: unknown;
  /**
   * The event as its JSON text (what is published): one value to store and read back instead of the ~60 of the
   * event's fields. FerretDB encodes and decodes a document field by field, and reads each document a delete
   * removes: an intent of an order cost as much as a third of the order's own insert (pprof, issue 12's bulk).
   */
  json?: string;
  /** The event as a document: intents written before `json`. */
  event?: OutboxEvent;
  at: Date;
}
/** A new intent of `event` for the document `doc` of the collection `col`. */
export const intentOf = (event: OutboxEvent, col: string, doc: unknown): OutboxIntent => ({
  _id: event.id,
  col,
  doc,
  json: JSON.stringify(event),
  at: new Date(),
});
/** The event an intent holds (either form). */
export const intentEvent = (it: OutboxIntent): OutboxEvent =>
  it.event ?? (JSON.parse(it.json!) as OutboxEvent);
/** The collections whose new documents' single event goes through an intent: those a running relay serves. */
export const intentCollections = new Set<string>();
/** The key of a model's collection in {@link intentCollections}: its database and name. */
export const intentKey = (model: { db: { name: string }; collection: { collectionName: string } }) =>
  `${model.db.name}.${model.collection.collectionName}`;
/**
 * Intents of saves in flight in this process (the document's insert not answered yet), by event id → the document:
 * not the sweep's to publish, and their documents' later events wait.
 */
export const savingIntents = new Map<string, { col: string; doc: unknown }>();

/**
 * What a service does when the sweep drops an intent whose document was never written (by collection): remove what
 * it wrote beside the document (`insertWithEvent`'s `alongside`), e.g. orders' list row. Idempotent; called before
 * the intent is deleted, so a crash in between calls it again.
 */
const abandonedHandlers = new Map<string, (id: unknown) => Promise<void>>();
export function onIntentAbandoned(collection: string, handler: (id: unknown) => Promise<void>): void {
  abandonedHandlers.set(collection, handler);
}
export const intentAbandoned = async (collection: string, id: unknown): Promise<void> =>
  abandonedHandlers.get(collection)?.(id);

/** `Model.insertWithEvent()` (OutboxStatics, registered by withOutbox). */
export async function insertWithEvent(
  model: Model<unknown>,
  doc: Record<string, unknown> & { _id: unknown },
  e: UntypedEvent,
  alongside?: () => Promise<void>,
) {
  const col = model.collection;
  const event = makeEvent(e.subject, e.data);
  if (!intentCollections.has(intentKey(model))) {
    await batchedInsert(col, { ...doc, _outbox: [event], [OUTBOX_PENDING]: true });
    const inserted: InsertedEvent = { collection: col.collectionName, id: doc._id, event, db: model.db };
    if (!outboxSignal.emit('inserted', inserted)) written();
    await alongside?.(); // no intent to clean up after a crash: only once the document is there
    return;
  }
  const intents = model.db.collection<OutboxIntent>(OUTBOX_INTENTS);
  const intent = intentOf(event, col.collectionName, doc._id);
  savingIntents.set(event.id, { col: col.collectionName, doc: doc._id });
  try {
    await batchedInsert(intents, intent as never);
    // the intent is there: what goes beside the document is written with it (one round trip's wait, not two); if
    // the document never comes, the sweep's drop of the intent calls onIntentAbandoned
    const beside = alongside?.();
    beside?.catch(() => undefined); // awaited below, after the document's own outcome
    try {
      await batchedInsert(col, { ...doc, _outbox: [] });
    } catch (err) {
      await beside?.catch(() => undefined);
      // not written: a duplicate key is certain (the intent goes now); anything else the sweep decides after the
      // grace (the document may have been written after all)
      if ((err as { code?: number }).code === 11000)
        await intents.deleteOne({ _id: event.id }).catch(() => undefined);
      throw err;
    }
    await beside;
  } finally {
    savingIntents.delete(event.id);
  }
  const inserted: InsertedEvent = {
    collection: col.collectionName,
    id: doc._id,
    event,
    intent: true,
    db: model.db,
  };
  if (!outboxSignal.emit('inserted', inserted)) written();
}

/** `Model.insertManyWithEvents()` (OutboxStatics, registered by withOutbox). */
export async function insertManyWithEvents(
  model: Model<unknown>,
  items: { doc: Record<string, unknown> & { _id: unknown }; event: UntypedEvent }[],
): Promise<(Error | undefined)[]> {
  const col = model.collection;
  const name = col.collectionName;
  const events = items.map((it) => makeEvent(it.event.subject, it.event.data));
  const signal = (i: number, intent: boolean) => {
    const inserted: InsertedEvent = {
      collection: name,
      id: items[i]!.doc._id,
      event: events[i]!,
      intent,
      db: model.db,
    };
    if (!outboxSignal.emit('inserted', inserted)) written();
  };
  if (!intentCollections.has(intentKey(model))) {
    const errors = await insertEach(
      col,
      items.map((it, i) => ({ ...it.doc, _outbox: [events[i]], [OUTBOX_PENDING]: true })),
    );
    errors.forEach((e, i) => e || signal(i, false));
    return errors;
  }
  const intents = model.db.collection<OutboxIntent>(OUTBOX_INTENTS);
  for (const [i, e] of events.entries()) savingIntents.set(e.id, { col: name, doc: items[i]!.doc._id });
  let errors: (Error | undefined)[];
  try {
    errors = await insertEach(
      intents,
      events.map((e, i) => ({ ...intentOf(e, name, items[i]!.doc._id) })),
    );
    const next = items.flatMap((_, i) => (errors[i] ? [] : [i]));
    const docErrors = await insertEach(
      col,
      next.map((i) => ({ ...items[i]!.doc, _outbox: [] })),
    );
    const gone: string[] = [];
    docErrors.forEach((e, k) => {
      const i = next[k]!;
      errors[i] = e;
      // not written: a duplicate key is certain (its intent goes now); anything else the sweep decides
      if ((e as { code?: number } | undefined)?.code === 11000) gone.push(events[i]!.id);
    });
    if (gone.length) await intents.deleteMany({ _id: { $in: gone } }).catch(() => undefined);
  } finally {
    for (const e of events) savingIntents.delete(e.id);
  }
  errors.forEach((e, i) => e || signal(i, true));
  return errors;
}
