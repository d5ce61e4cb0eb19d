import type { Model, UpdateQuery, UpdateWriteOpResult } from 'mongoose';
import type { EventPayload, EventSubject } from '@portal/contracts';
import type { NewEvent, UntypedEvent } from './event.js';

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
  insertWithEvent(
    doc: Record<string, unknown> & { _id: unknown },
    event: NewEvent,
    /**
     * A write beside the document (its projection, e.g. a list row), started once the intent is written and run
     * with the document's insert; awaited, its error thrown after the document's. If the document never comes, the
     * sweep's drop of the intent calls the collection's onIntentAbandoned handler to remove it.
     */
    alongside?: () => Promise<void>,
  ): Promise<void>;
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
