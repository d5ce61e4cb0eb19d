import type { Model, Schema } from 'mongoose';
import { acquireDocLock, withDocLock } from './outbox/doc-lock.js';
import {
  insertManyOnDocuments,
  insertOnDocument,
  OutboxEventSchema,
  savedOnDocument,
  updateOneWithEvents,
} from './outbox/documents.js';
import {
  makeEvent,
  OUTBOX_PARKED,
  OUTBOX_PENDING,
  type OutboxEvent,
  type UntypedEvent,
} from './outbox/event.js';
import { insertManyWithIntents, insertWithIntent, settleIntent, writeIntent } from './outbox/intents.js';
import { signalOf, type OutboxSignal } from './outbox/signal.js';

/*
 * The transactional outbox, one direction: this file (the schema plugin the services' models use) picks a strategy
 * per write — events on the document (outbox/documents.ts) or intents (outbox/intents.ts) — over the core: the
 * event (outbox/event.ts) and the app's signal (outbox/signal.ts) that hands the write to its relay
 * (plugins/app/outbox-relay.ts), which publishes to NATS (outbox/publish.ts).
 */
export { withDocLock };
export { onIntentAbandoned } from './outbox/intents.js';
export { OUTBOX_PARKED, OUTBOX_PENDING };
export type { NewEvent, OutboxEvent, ParkedEvent, UntypedEvent } from './outbox/event.js';
export type { OutboxMethods, OutboxModel, OutboxStatics } from './outbox/types.js';

type Doc = { _id: unknown; $locals: Record<string, unknown>; _outbox?: { toObject(): OutboxEvent }[] };
const modelOf = (doc: unknown) => (doc as { constructor: Model<unknown> }).constructor;

/**
 * The signal of a new document's only event when it goes through an intent, else undefined (the event stays on the
 * document). Intents exist because of FerretDB's limits (its updates rewrite the whole document: outbox/intents.ts)
 * and only while a relay of this process serves the collection, which then sweeps them; a script without a relay
 * keeps the event on the document, where any relay finds it.
 */
const intentSignal = (model: Model<unknown>): OutboxSignal | undefined => signalOf(model);

/** Mongoose schema plugin: `_outbox` on the document, `doc.addEvent()`, `Model.updateOneWithEvents()`, inserts. */
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
    function (
      this: Model<unknown>,
      filter: Record<string, unknown>,
      update: Record<string, unknown>,
      events: readonly UntypedEvent[],
    ) {
      return updateOneWithEvents(this, signalOf(this), filter, update, events);
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
      const event = makeEvent(e.subject, e.data);
      const intents = intentSignal(this);
      return intents
        ? insertWithIntent(this, intents, doc, event, alongside)
        : insertOnDocument(this, signalOf(this), doc, event, alongside);
    },
  );
  schema.static(
    'insertManyWithEvents',
    function (
      this: Model<unknown>,
      items: { doc: Record<string, unknown> & { _id: unknown }; event: UntypedEvent }[],
    ) {
      const made = items.map((it) => ({ doc: it.doc, event: makeEvent(it.event.subject, it.event.data) }));
      const intents = intentSignal(this);
      return intents
        ? insertManyWithIntents(this, intents, made)
        : insertManyOnDocuments(this, signalOf(this), made);
    },
  );
  // A save of a loaded document writes the whole of it back through FerretDB's read-modify-write, so it takes the
  // document's turn like the relay's clean-up does (found as lost saves: a delete flag or an event written back
  // away by the relay's $pullAll in flight). Released after the save, whether it succeeded or not.
  schema.pre('save', async function () {
    if (this.isNew) return;
    this.$locals.releaseDocLock = await acquireDocLock(modelOf(this).collection.collectionName, this._id);
  });
  const release = (doc: { $locals?: Record<string, unknown> }) => {
    const done = doc.$locals?.releaseDocLock as (() => void) | undefined;
    if (doc.$locals) delete doc.$locals.releaseDocLock;
    done?.();
  };
  schema.post('save', function (doc: { $locals: Record<string, unknown> }) {
    release(doc);
  });
  // error-handling middleware (four-argument form in mongoose's typings is loose): a failed save releases too, and
  // settles the intent it wrote (the document was not written)
  (schema.post as unknown as (h: string, fn: (...a: never[]) => void) => void)(
    'save',
    function (this: Doc, err: unknown, doc: Doc | undefined, next: (e?: unknown) => void) {
      const d = doc ?? this;
      release(d);
      const intent = d.$locals?.intent as { signal: OutboxSignal; event: OutboxEvent } | undefined;
      if (intent) {
        delete d.$locals.intent;
        void settleIntent(modelOf(this), intent.signal, intent.event, d._id, err);
      }
      next(err);
    },
  );
  schema.pre('save', async function () {
    const doc = this as unknown as Doc & Record<string, unknown>;
    const dirty = this.isModified('_outbox');
    doc.$locals.outboxDirty = dirty;
    doc.$locals.outboxNew = this.isNew;
    const model = modelOf(this);
    const signal = this.isNew && dirty && doc._outbox?.length === 1 ? intentSignal(model) : undefined;
    if (signal) {
      // the intent first, then the document without the event
      const event = doc._outbox![0]!.toObject();
      await writeIntent(model, signal, event, this._id);
      doc.$locals.intent = { signal, event };
      this.set('_outbox', []);
      this.set(OUTBOX_PENDING, undefined);
      return;
    }
    // events set any other way (create({_outbox}), assignment) still raise the flag
    // the flag is written even when it is already true in memory: the relay may have cleared it in the database
    // since this document was loaded (mongoose saves only paths that changed in memory)
    if (dirty && doc._outbox?.length) {
      doc[OUTBOX_PENDING] = true;
      this.markModified(OUTBOX_PENDING);
    }
  });
  schema.post('save', function (this: Doc, doc: Doc) {
    const intent = doc.$locals.intent as { signal: OutboxSignal; event: OutboxEvent } | undefined;
    if (intent) {
      delete doc.$locals.intent;
      void settleIntent(modelOf(this), intent.signal, intent.event, doc._id);
      return;
    }
    if (doc.$locals.outboxDirty)
      savedOnDocument(modelOf(this), signalOf(modelOf(this)), doc, doc.$locals.outboxNew === true);
  });
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
