import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Schema, type Model, type UpdateQuery, type UpdateWriteOpResult } from 'mongoose';
import type { EventPayload, EventSubject } from '@portal/contracts';
import { injectTrace } from './telemetry.js';
import { batchedInsert, insertEach } from './batch.js';
import type { TypedEvent } from './events.js';

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
/** `S` when it is the wide `string` type, never for a literal: a literal subject must take the typed overload. */
type Wide<S extends string> = string extends S ? S : never;

/**
 * Events are typed by the contracts' EventCatalogue (`addEvent(Subjects.userVerified, payload)`) and validated
 * again by the relay before publishing (an invalid one is parked, never published). The untyped overloads keep
 * callers that hold the subject as a plain string compiling; the relay still checks them at run time.
 */
export interface OutboxMethods {
  /** Queues an event on this document; it is stored by the next save(), atomically with the data. */
  addEvent<S extends EventSubject>(subject: S, data: EventPayload<S>): this;
  /** @deprecated type the subject (`Subjects.*`) so the compiler checks the payload; checked at run time only. */
  addEvent<S extends string>(subject: Wide<S>, data: unknown): this;
}
export interface OutboxStatics {
  /** updateOne that $pushes the events onto the same document in the same update (atomic, no transaction). */
  updateOneWithEvents(
    filter: Record<string, unknown>,
    update: UpdateQuery<unknown>,
    events: readonly NewEvent[],
  ): Promise<UpdateWriteOpResult>;
  /**
   * Inserts a new document, whole as given (no casting: the caller built it; `_id` included), with one event, through
   * the driver in a batch with concurrent inserts into the collection (batch.ts). The event is written as an intent
   * first when a relay of this process serves the collection (OUTBOX_INTENTS), else on the document. A duplicate key
   * rejects as from insertOne (code 11000), and its event is never published.
   */
  insertWithEvent(doc: Record<string, unknown> & { _id: unknown }, event: NewEvent): Promise<void>;
  /**
   * insertWithEvent for many documents at once (a bulk upload's batch): the intents in one insert, then the documents
   * in one unordered insert. Answers each item's error in order (undefined: written, its event on its way); a
   * document whose intent or insert failed has no event published.
   */
  insertManyWithEvents(
    items: { doc: Record<string, unknown> & { _id: unknown }; event: NewEvent }[],
  ): Promise<(Error | undefined)[]>;
  /** @deprecated type the events (`NewEvent`) so the compiler checks the payloads; checked at run time only. */
  updateOneWithEvents<E extends UntypedEvent>(
    filter: Record<string, unknown>,
    update: UpdateQuery<unknown>,
    events: readonly (string extends E['subject'] ? E : never)[],
  ): Promise<UpdateWriteOpResult>;
}
export type OutboxModel = Model<any> & OutboxStatics;

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
  event: OutboxEvent;
  at: Date;
}
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

function makeEvent(subject: string, data: unknown): OutboxEvent {
  return {
    id: randomUUID(),
    subject,
    data,
    time: new Date(),
    traceparent: injectTrace({} as Record<string, string>).traceparent,
  };
}

/** A write queued events on the document `collection:id` (the relay's key; unknown when the filter named no id). */
function written(collection?: string, id?: unknown): void {
  outboxSignal.emit(
    'written',
    collection !== undefined && id !== undefined ? `${collection}:${String(id)}` : undefined,
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

const locks = new Map<string, Promise<unknown>>();
/**
 * Runs fn after any earlier fn of the same document in this process. FerretDB 1.24 updates a document by reading
 * it and writing the whole of it back without a row lock, so the relay's clean-up ($pullAll) racing a write that
 * $pushes a new event could write the old array back and lose that event. Writers with events and the relay
 * serialise here; across processes the race remains (docs/DATA.md).
 */
export function withDocLock<T>(collection: string, id: unknown, fn: () => Promise<T>): Promise<T> {
  const key = `${collection}:${String(id)}`;
  const prev = locks.get(key) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  void tail.then(() => {
    if (locks.get(key) === tail) locks.delete(key);
  });
  return run;
}

/** Waits for the document's turn (withDocLock) and resolves with the function that ends it. */
function acquireDocLock(collection: string, id: unknown): Promise<() => void> {
  return new Promise((acquired) => {
    void withDocLock(collection, id, () => new Promise<void>((release) => acquired(() => release())));
  });
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
    async function (this: Model<unknown>, doc: Record<string, unknown> & { _id: unknown }, e: UntypedEvent) {
      const col = this.collection;
      const event = makeEvent(e.subject, e.data);
      if (!intentCollections.has(intentKey(this))) {
        await batchedInsert(col, { ...doc, _outbox: [event], [OUTBOX_PENDING]: true });
        const inserted: InsertedEvent = { collection: col.collectionName, id: doc._id, event, db: this.db };
        if (!outboxSignal.emit('inserted', inserted)) written();
        return;
      }
      const intents = this.db.collection<OutboxIntent>(OUTBOX_INTENTS);
      const intent: OutboxIntent = {
        _id: event.id,
        col: col.collectionName,
        doc: doc._id,
        event,
        at: new Date(),
      };
      savingIntents.set(event.id, { col: col.collectionName, doc: doc._id });
      try {
        await batchedInsert(intents, intent as never);
        try {
          await batchedInsert(col, { ...doc, _outbox: [] });
        } catch (err) {
          // not written: a duplicate key is certain (the intent goes now); anything else the sweep decides after the
          // grace (the document may have been written after all)
          if ((err as { code?: number }).code === 11000)
            await intents.deleteOne({ _id: event.id }).catch(() => undefined);
          throw err;
        }
      } finally {
        savingIntents.delete(event.id);
      }
      const inserted: InsertedEvent = {
        collection: col.collectionName,
        id: doc._id,
        event,
        intent: true,
        db: this.db,
      };
      if (!outboxSignal.emit('inserted', inserted)) written();
    },
  );
  schema.static(
    'insertManyWithEvents',
    async function (
      this: Model<unknown>,
      items: { doc: Record<string, unknown> & { _id: unknown }; event: UntypedEvent }[],
    ): Promise<(Error | undefined)[]> {
      const col = this.collection;
      const name = col.collectionName;
      const events = items.map((it) => makeEvent(it.event.subject, it.event.data));
      const signal = (i: number, intent: boolean) => {
        const inserted: InsertedEvent = {
          collection: name,
          id: items[i]!.doc._id,
          event: events[i]!,
          intent,
          db: this.db,
        };
        if (!outboxSignal.emit('inserted', inserted)) written();
      };
      if (!intentCollections.has(intentKey(this))) {
        const errors = await insertEach(
          col,
          items.map((it, i) => ({ ...it.doc, _outbox: [events[i]], [OUTBOX_PENDING]: true })),
        );
        errors.forEach((e, i) => e || signal(i, false));
        return errors;
      }
      const intents = this.db.collection<OutboxIntent>(OUTBOX_INTENTS);
      const at = new Date();
      for (const [i, e] of events.entries()) savingIntents.set(e.id, { col: name, doc: items[i]!.doc._id });
      let errors: (Error | undefined)[];
      try {
        errors = await insertEach(
          intents,
          events.map((e, i) => ({ _id: e.id, col: name, doc: items[i]!.doc._id, event: e, at })),
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
      const intent: OutboxIntent = {
        _id: event.id,
        col: model.collection.collectionName,
        doc: this._id,
        event,
        at: new Date(),
      };
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
