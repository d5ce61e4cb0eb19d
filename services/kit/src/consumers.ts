import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope } from '@portal/contracts';
import type { Job, JobsOptions } from 'bullmq';

export interface ConsumerContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  msg: JsMsg;
}
export interface ConsumerDef<T = any> {
  /** Durable consumer name, unique per consuming service (e.g. `notifications-user-verified`). */
  durable: string;
  /** Domain of the stream (`accounts`) or the stream name (`ACCOUNTS`). */
  stream: string;
  subjects: string[];
  handle(event: EventEnvelope<T>, ctx: ConsumerContext): Promise<void> | void;
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
export function defineConsumer<T = unknown>(def: ConsumerDef<T>): ConsumerDef<T> {
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
