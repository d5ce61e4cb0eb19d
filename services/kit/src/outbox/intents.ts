import type { Model } from 'mongoose';
import { batchedInsert, insertEach } from '../batch.js';
import type { OutboxEvent } from './event.js';
import type { OutboxSignal } from './signal.js';

/**
 * The intents strategy: a new document's only event is written to this collection of the same database just BEFORE
 * the document, which is then inserted without it. It exists because of FerretDB's limits: FerretDB rewrites a whole
 * document on every update, so taking the event off a large new document (an order) after its publish cost a second
 * write of all of it; an intent is small, and its delete is batched (intent-deletes.ts). The relay publishes the
 * event and deletes the intent. An intent whose document exists is published by the sweep (intent-sweep.ts); one
 * whose document never came (the insert failed, or the process died between the two writes) is dropped once older
 * than {@link INTENT_GRACE_MS}, never published. Used only for models a relay of this process serves (the signal);
 * scripts keep the event on the document. docs/DATA.md §5.
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
   * removes: an intent of an order cost as much as a third of the order's own insert (pprof of a bulk upload).
   */
  json?: string;
  /** The event as a document: the older form, intents written before `json`. */
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

const intentsOf = (model: Model<unknown>) => model.db.collection<OutboxIntent>(OUTBOX_INTENTS);
const isDuplicate = (err: unknown) => (err as { code?: number } | undefined)?.code === 11000;

/**
 * What a service does when the sweep drops an intent whose document was never written: remove what it wrote beside
 * the document (`insertWithEvent`'s `alongside`), e.g. orders' list row. Kept on the model it concerns; idempotent;
 * called before the intent is deleted, so a crash in between calls it again.
 */
const ABANDONED = Symbol('outbox intent abandoned');
type WithAbandoned = { [ABANDONED]?: (id: unknown) => Promise<void> };
export function onIntentAbandoned(model: Model<any>, handler: (id: unknown) => Promise<void>): void {
  (model as WithAbandoned)[ABANDONED] = handler;
}
export const intentAbandoned = async (model: object, id: unknown): Promise<void> =>
  (model as WithAbandoned)[ABANDONED]?.(id);

/** The intent of a document about to be inserted, written first; the document's insert follows. */
export async function writeIntent(
  model: Model<unknown>,
  signal: OutboxSignal,
  event: OutboxEvent,
  id: unknown,
): Promise<void> {
  const intent = intentOf(event, model.collection.collectionName, id);
  signal.saving.set(event.id, { col: intent.col, doc: id });
  try {
    await batchedInsert(intentsOf(model), intent as never);
  } catch (err) {
    signal.saving.delete(event.id);
    throw err;
  }
}

/**
 * The document's insert was answered: with an error, its intent goes at once when the error is certain (a duplicate
 * key); anything else the sweep decides after the grace (the document may have been written after all). Without
 * one, the relay gets the event. Either way the intent is no longer in flight.
 */
export async function settleIntent(
  model: Model<unknown>,
  signal: OutboxSignal,
  event: OutboxEvent,
  id: unknown,
  err?: unknown,
): Promise<void> {
  try {
    if (err && isDuplicate(err))
      await intentsOf(model)
        .deleteOne({ _id: event.id })
        .catch(() => undefined);
  } finally {
    signal.saving.delete(event.id);
  }
  if (!err)
    signal.inserted({ collection: model.collection.collectionName, id, event, intent: true, db: model.db });
}

/** `Model.insertWithEvent()` through an intent. */
export async function insertWithIntent(
  model: Model<unknown>,
  signal: OutboxSignal,
  doc: Record<string, unknown> & { _id: unknown },
  event: OutboxEvent,
  alongside?: () => Promise<void>,
): Promise<void> {
  await writeIntent(model, signal, event, doc._id);
  // the intent is there: what goes beside the document is written with it (one round trip's wait, not two); if
  // the document never comes, the sweep's drop of the intent calls onIntentAbandoned
  const beside = alongside?.();
  beside?.catch(() => undefined); // awaited below, after the document's own outcome
  try {
    await batchedInsert(model.collection, { ...doc, _outbox: [] });
  } catch (err) {
    await beside?.catch(() => undefined);
    await settleIntent(model, signal, event, doc._id, err);
    throw err;
  }
  try {
    await beside;
  } catch (err) {
    signal.saving.delete(event.id);
    throw err;
  }
  await settleIntent(model, signal, event, doc._id);
}

/** `Model.insertManyWithEvents()` through intents: the intents in one insert, then the documents in one. */
export async function insertManyWithIntents(
  model: Model<unknown>,
  signal: OutboxSignal,
  items: { doc: Record<string, unknown> & { _id: unknown }; event: OutboxEvent }[],
): Promise<(Error | undefined)[]> {
  const name = model.collection.collectionName;
  for (const { doc, event } of items) signal.saving.set(event.id, { col: name, doc: doc._id });
  let errors: (Error | undefined)[];
  try {
    errors = await insertEach(
      intentsOf(model),
      items.map(({ doc, event }) => ({ ...intentOf(event, name, doc._id) })),
    );
    const next = items.flatMap((_, i) => (errors[i] ? [] : [i]));
    const docErrors = await insertEach(
      model.collection,
      next.map((i) => ({ ...items[i]!.doc, _outbox: [] })),
    );
    const gone: string[] = [];
    docErrors.forEach((e, k) => {
      const i = next[k]!;
      errors[i] = e;
      // not written: a duplicate key is certain (its intent goes now); anything else the sweep decides
      if (isDuplicate(e)) gone.push(items[i]!.event.id);
    });
    if (gone.length)
      await intentsOf(model)
        .deleteMany({ _id: { $in: gone } })
        .catch(() => undefined);
  } finally {
    for (const { event } of items) signal.saving.delete(event.id);
  }
  errors.forEach(
    (e, i) =>
      e ||
      signal.inserted({
        collection: name,
        id: items[i]!.doc._id,
        event: items[i]!.event,
        intent: true,
        db: model.db,
      }),
  );
  return errors;
}
