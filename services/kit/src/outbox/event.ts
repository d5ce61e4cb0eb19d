import { randomUUID } from 'node:crypto';
import { injectTrace } from '../telemetry.js';
import type { TypedEvent } from '../events.js';

/**
 * One event as the outbox stores it, wherever it waits (on its document or as an intent): the relay publishes it as
 * the envelope of the contracts (publish.ts), its `id` the envelope's id and JetStream's Nats-Msg-Id.
 */
export interface OutboxEvent {
  id: string;
  subject: string;
  data: unknown;
  time: Date;
  /** The trace of the write that queued it: the publish joins it. */
  traceparent?: string;
}
/** An event to queue: `{ subject: Subjects.x, data }`, its payload typed by the contracts' catalogue. */
export type NewEvent = TypedEvent;
/** An event whose subject is typed as a plain `string` (not a catalogue literal). */
export interface UntypedEvent {
  subject: string;
  data: unknown;
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

/**
 * The top-level flag set with every event written on a document, in the same update (FerretDB has no transactions:
 * the events must live on the document to be atomic with its data). It is an equality filter FerretDB pushes down to
 * its GIN index, so the relay's sweep costs O(pending documents), not a scan of every collection. The relay unsets
 * it once the array is empty.
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
