import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope, EventPayload, EventSubject } from '@portal/contracts';
import type { Job, JobsOptions } from 'bullmq';

export interface ConsumerContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  msg: JsMsg;
}
/** The payload type of a subject (a union of subjects gives the union of their payloads). */
export type PayloadOf<S extends string> = S extends EventSubject ? EventPayload<S> : unknown;

export interface ConsumerDef<S extends string = string> {
  /** Durable consumer name, unique per consuming service (e.g. `notifications-user-verified`). */
  durable: string;
  /** Domain of the stream (`accounts`) or the stream name (`ACCOUNTS`). */
  stream: string;
  /** Catalogue subjects (`Subjects.*`, versioned); a changed list updates the durable's filter at start. */
  subjects: readonly S[];
  /**
   * Gets only events whose envelope and payload match the catalogue: an invalid one is dead-lettered with the
   * reason (and acked), never handed over.
   */
  handle(event: EventEnvelope<PayloadOf<S>>, ctx: ConsumerContext): Promise<void> | void;
  /** Messages handled at once (default 4). */
  concurrency?: number;
  /** Redelivery delay after a failure, doubled per attempt up to 60 s (default 1000 ms). */
  nakDelayMs?: number;
  /**
   * Deliveries before the event is dead-lettered (default 40: about half an hour of retries with the nak
   * backoff, so a Redis or database blip recovers on its own). The last failure publishes the event to
   * `deadLetter` (default `deadletter.<stream>.<durable>`, kept by the DEADLETTER stream) and terminates it.
   */
  maxDeliver?: number;
  deadLetter?: string;
}
/** A consumer of catalogue subjects: `event.data` is typed by the subjects it lists. */
export function defineConsumer<const S extends EventSubject>(def: ConsumerDef<S>): ConsumerDef<S> {
  return def;
}

export interface WorkerContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
}
export interface WorkerDef<D = any> {
  queue: string;
  concurrency?: number;
  /** Total tries including the first (default 5), with exponential backoff from backoffMs (default 1000). */
  attempts?: number;
  backoffMs?: number;
  /** A custom schedule instead: ms to wait after the attemptsMade-th failure (BullMQ backoffStrategy). */
  backoff?: (attemptsMade: number) => number;
  /** What BullMQ keeps of failed jobs (removeOnFail; default the last 5000). Parked jobs stay for admins. */
  keepFailed?: JobsOptions['removeOnFail'];
  handle(job: Job<D>, ctx: WorkerContext): Promise<unknown> | unknown;
}
export function defineWorker<D = unknown>(def: WorkerDef<D>): WorkerDef<D> {
  return def;
}
