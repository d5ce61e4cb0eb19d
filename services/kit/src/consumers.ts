import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope } from '@portal/contracts';
import type { Job } from 'bullmq';

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
  handle(job: Job<D>, ctx: WorkerContext): Promise<unknown> | unknown;
}
export function defineWorker<D = unknown>(def: WorkerDef<D>): WorkerDef<D> {
  return def;
}
