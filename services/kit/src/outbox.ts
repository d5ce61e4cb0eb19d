import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Schema, type Model } from 'mongoose';
import { injectTrace } from './telemetry.js';
import { batchedInsert } from './batch.js';
import type { TypedEvent } from './events.js';
import { acquireDocLock, docKey, withDocLock } from './doc-lock.js';

export { docKey, withDocLock };
export type { OutboxMethods, OutboxModel, OutboxStatics } from './outbox-types.js';
import {
  INTENT_GRACE_MS,
  OUTBOX_INTENTS,
  insertManyWithEvents,
  insertWithEvent,
  intentCollections,
  intentAbandoned,
  intentEvent,
  intentKey,
  intentOf,
  onIntentAbandoned,
  savingIntents,
  type OutboxIntent,
} from './outbox-intents.js';

export {
  INTENT_GRACE_MS,
  OUTBOX_INTENTS,
  intentAbandoned,
  intentCollections,
  intentEvent,
  intentKey,
  onIntentAbandoned,
  savingIntents,
  type OutboxIntent,
};

export interface OutboxEvent {
  id: string;
  subject: string;
  data: unknown;
  time: Date;
  traceparent?: string;
}
/** An event to queue: `{ subject: Subjects.x, data }`, its payload typed by the contracts' catalogue. */
export type NewEvent = TypedEvent;
/** An event whose subject is typed as a plain `string` (not a catalogue literal). */
export interface UntypedEvent {
  subject: string;
  data: unknown;
}

/**
 * In-process nudges: `written` makes the relay drain right after a write instead of waiting for its sweep;
 * `inserted` hands it a new document's only event ({@link InsertedEvent}), which it publishes without reading the
 * document back.
 */
export const outboxSignal = new EventEmitter();
/** A document inserted with exactly one event: nothing older can wait on it, so the relay may publish it at once. */
export interface InsertedEvent {
  collection: string;
  id: unknown;
  event: OutboxEvent;
  /** The event waits in {@link OUTBOX_INTENTS} (not on the document): the relay deletes its intent once published. */
  intent?: boolean;
  /** The database (mongoose connection) of the document: a relay serves its own models' only. */
  db?: unknown;
}

export function makeEvent(subject: string, data: unknown): OutboxEvent {
  return {
    id: randomUUID(),
    subject,
    data,
    time: new Date(),
    traceparent: injectTrace({} as Record<string, string>).traceparent,
  };
}

/** A write queued events on the document `collection:id` (the relay's key; unknown when the filter named no id). */
export function written(collection?: string, id?: unknown): void {
  outboxSignal.emit(
    'written',
    collection !== undefined && id !== undefined ? docKey(collection, id) : undefined,
  );
}

const OutboxEventSchema = new Schema(
  { id: String, subject: String, data: Schema.Types.Mixed, time: Date, traceparent: String },
  // minimize false: an empty object in a payload (e.g. facts.billing.times {}) is kept, as the catalogue requires
  { _id: false, minimize: false },
);

/**
 * The top-level flag set with every event, in the same update (FerretDB has no transactions: the events must
 * live on the document to be atomic with its data). It is an equality filter FerretDB pushes down to its GIN
 * index, so the relay's sweep costs O(pending documents), not a scan of every collection. The relay unsets it
 * once the array is empty.
 */
export const OUTBOX_PENDING = '_outboxPending';
/**
 * Events the relay refused to publish (payload not matching the catalogue, or a subject nobody declared): a
 * programming error, kept on the document with the reason for a developer to look at, never retried.
 */
export const OUTBOX_PARKED = '_outboxParked';
export interface ParkedEvent extends OutboxEvent {
  reason: string;
  parkedAt: Date;
}

/** Mongoose schema plugin: `_outbox` on the document, `doc.addEvent()`, `Model.updateOneWithEvents()`. */
export function withOutbox(schema: Schema): void {
  schema.add({ _outbox: { type: [OutboxEventSchema], default: [] }, [OUTBOX_PENDING]: Boolean });
  schema.index({ [OUTBOX_PENDING]: 1 });
  schema.method('addEvent', function (this: Record<string, unknown>, subject: string, data: unknown) {
    (this._outbox as OutboxEvent[]).push(makeEvent(subject, data));
    this[OUTBOX_PENDING] = true;
    return this;
  });
  schema.static(
    'updateOneWithEvents',
    async function (
      this: Model<unknown>,
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
        this.updateOne(filter, {
          ...update,
          $push: push,
          ...(Object.keys(set).length ? { $set: set } : {}),
        });
      const id = (filter as Record<string, unknown>)._id;
      const res =
        id !== undefined ? await withDocLock(this.collection.collectionName, id, write) : await write();
      if (res.matchedCount > 0 && evs.length) written(this.collection.collectionName, id);
      return res;
    },
  );
  schema.static(
    'insertWithEvent',
    function (
      this: Model<unknown>,
      doc: Record<string, unknown> & { _id: unknown },
      e: UntypedEvent,
      alongside?: () => Promise<void>,
    ) {
      return insertWithEvent(this, doc, e, alongside);
    },
  );
  schema.static(
    'insertManyWithEvents',
    function (
      this: Model<unknown>,
      items: { doc: Record<string, unknown> & { _id: unknown }; event: UntypedEvent }[],
    ) {
      return insertManyWithEvents(this, items);
    },
  );
  // A save of a loaded document writes the whole of it back through FerretDB's read-modify-write, so it takes the
  // document's turn like the relay's clean-up does (found as lost saves: a delete flag or an event written back
  // away by the relay's $pullAll in flight). Released after the save, whether it succeeded or not.
  schema.pre('save', async function () {
    if (this.isNew) return;
    this.$locals.releaseDocLock = await acquireDocLock(
      (this.constructor as Model<unknown>).collection.collectionName,
      this._id,
    );
  });
  const release = (doc: { $locals?: Record<string, unknown> }) => {
    const done = doc.$locals?.releaseDocLock as (() => void) | undefined;
    if (doc.$locals) delete doc.$locals.releaseDocLock;
    done?.();
  };
  schema.post('save', function (doc: { $locals: Record<string, unknown> }) {
    release(doc);
  });
  // error-handling middleware (four-argument form in mongoose's typings is loose): a failed save releases too
  type Locals = { $locals: Record<string, unknown> };
  (schema.post as unknown as (h: string, fn: (...a: never[]) => void) => void)(
    'save',
    function (this: Locals, err: unknown, doc: Locals | undefined, next: (e?: unknown) => void) {
      release(doc ?? this);
      const d = doc ?? this;
      const intent = d.$locals?.intent as OutboxEvent | undefined;
      if (intent) {
        delete d.$locals.intent;
        // the document was not written (a duplicate key is certain; anything else the sweep decides after the grace)
        const col = (this as unknown as { constructor: Model<unknown> }).constructor;
        const drop =
          (err as { code?: number })?.code === 11000
            ? col.db
                .collection<OutboxIntent>(OUTBOX_INTENTS)
                .deleteOne({ _id: intent.id })
                .catch(() => undefined)
            : Promise.resolve();
        void drop.finally(() => savingIntents.delete(intent.id));
      }
      next(err);
    },
  );
  schema.pre('save', async function () {
    const doc = this as unknown as { $locals: Record<string, unknown>; _outbox?: OutboxEvent[] } & Record<
      string,
      unknown
    >;
    doc.$locals.outboxDirty = this.isModified('_outbox');
    doc.$locals.outboxNew = this.isNew;
    const model = this.constructor as Model<unknown>;
    if (
      this.isNew &&
      doc.$locals.outboxDirty &&
      doc._outbox?.length === 1 &&
      intentCollections.has(intentKey(model))
    ) {
      // the intent first, then the document without the event (OUTBOX_INTENTS)
      const event = (doc._outbox[0] as unknown as { toObject(): OutboxEvent }).toObject();
      const intent = intentOf(event, model.collection.collectionName, this._id);
      savingIntents.set(event.id, { col: intent.col, doc: this._id });
      try {
        await batchedInsert(model.db.collection<OutboxIntent>(OUTBOX_INTENTS), intent as never);
      } catch (err) {
        savingIntents.delete(event.id);
        throw err;
      }
      doc.$locals.intent = event;
      this.set('_outbox', []);
      this.set(OUTBOX_PENDING, undefined);
      return;
    }
    // events set any other way (create({_outbox}), assignment) still raise the flag
    // the flag is written even when it is already true in memory: the relay may have cleared it in the database
    // since this document was loaded (mongoose saves only paths that changed in memory)
    if (doc.$locals.outboxDirty && doc._outbox?.length) {
      doc[OUTBOX_PENDING] = true;
      this.markModified(OUTBOX_PENDING);
    }
  });
  schema.post(
    'save',
    function (
      this: { constructor: unknown },
      doc: { _id: unknown; _outbox?: { toObject(): OutboxEvent }[]; $locals: Record<string, unknown> },
    ) {
      const intent = doc.$locals.intent as OutboxEvent | undefined;
      if (intent) {
        delete doc.$locals.intent;
        const inserted: InsertedEvent = {
          collection: (this.constructor as Model<unknown>).collection.collectionName,
          id: doc._id,
          event: intent,
          intent: true,
          db: (this.constructor as Model<unknown>).db,
        };
        const taken = outboxSignal.emit('inserted', inserted);
        savingIntents.delete(intent.id);
        if (!taken) written();
        return;
      }
      if (!doc.$locals.outboxDirty || !doc._outbox?.length) return;
      if (doc.$locals.outboxNew && doc._outbox.length === 1) {
        const inserted: InsertedEvent = {
          collection: (this.constructor as Model<unknown>).collection.collectionName,
          id: doc._id,
          event: doc._outbox[0]!.toObject(),
          db: (this.constructor as Model<unknown>).db,
        };
        if (outboxSignal.emit('inserted', inserted)) return;
      }
      written((this.constructor as Model<unknown>).collection.collectionName, doc._id);
    },
  );
  schema.set('toJSON', {
    ...(schema.get('toJSON') ?? {}),
    transform: hideOutbox(schema.get('toJSON')?.transform),
  });
}

type Transform = (doc: unknown, ret: Record<string, unknown>, opts: unknown) => unknown;
function hideOutbox(prev: unknown): Transform {
  return (doc, ret, opts) => {
    delete ret._outbox;
    delete ret[OUTBOX_PENDING];
    delete ret[OUTBOX_PARKED];
    return typeof prev === 'function' ? (prev as Transform)(doc, ret, opts) : ret;
  };
}
