import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JsMsg } from '@nats-io/jetstream';
import type { EventEnvelope, EventPayload, EventSubject } from '@portal/contracts';
import type { Job, JobsOptions } from 'bullmq';

/**
 * A job error not worth retrying: the job fails now, whatever attempts it has left. BullMQ tells it by its name, so
 * the kit has its own class: a service without jobs does not load BullMQ for it.
 */
export class UnrecoverableError extends Error {
  override name = 'UnrecoverableError';
}

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
  /**
   * How long NATS waits for an ack before it redelivers (default 30 s). A running handler keeps its event for as
   * long as it runs (plugins/app/consumers.ts tells NATS it is working); this is how soon the event of a process
   * that died goes to another replica.
   */
  ackWaitMs?: number;
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
  /**
   * A durable of one process (its name carries the instance, e.g. a per-replica copy that every replica must keep
   * current): NATS deletes it after this long with nobody pulling, so a gone replica's does not pile up.
   */
  inactiveMs?: number;
}
/** `inactiveMs` of a per-instance durable: long enough for a restart, short enough that gone replicas' do not pile up. */
export const INSTANCE_DURABLE_INACTIVE_MS = 10 * 60_000;
/** A consumer of catalogue subjects: `event.data` is typed by the subjects it lists. */
export function defineConsumer<const S extends EventSubject>(def: ConsumerDef<S>): ConsumerDef<S> {
  return def;
}

export interface WorkerContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
}
/**
 * The general queue helper's defaults (orders §9: "defaults to size 100 with a progress check every 5 minutes"):
 * a long job works through its items `batch` at a time (billing's report reads 100 orders per round trip, checking
 * for a cancel between two), and every worker checks its running jobs' progress (BullMQ's stalled-job check: a job
 * whose worker died is taken up again) every `progressCheckMs`.
 */
export const JOB_DEFAULTS = { batch: 100, progressCheckMs: 5 * 60_000 } as const;

export interface WorkerDef<D = any> {
  queue: string;
  concurrency?: number;
  /** How often the worker checks its running jobs for stalls (default JOB_DEFAULTS.progressCheckMs). */
  progressCheckMs?: number;
  /** Total tries including the first (default 5), with exponential backoff from backoffMs (default 1000). */
  attempts?: number;
  backoffMs?: number;
  /** A custom schedule instead: ms to wait after the attemptsMade-th failure (BullMQ backoffStrategy). */
  backoff?: (attemptsMade: number) => number;
  /** What BullMQ keeps of failed jobs (removeOnFail; default the last 5000). Parked jobs stay for admins. */
  keepFailed?: JobsOptions['removeOnFail'];
  /**
   * Each job is also recorded in the service's database (`_jobs`, kit plugins/app/job-rows.ts) until handled:
   * queued again from there at start and when Redis comes back, never queued twice once done. For work that must
   * not be lost with Redis (mails); a job whose own document already records its state re-queues it by
   * `app.jobs.onRecover` instead.
   */
  durable?: boolean;
  handle(job: Job<D>, ctx: WorkerContext): Promise<unknown> | unknown;
}
export function defineWorker<D = unknown>(def: WorkerDef<D>): WorkerDef<D> {
  return def;
}
