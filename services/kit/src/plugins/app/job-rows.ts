import { Schema, type Connection } from 'mongoose';
import type { JobsOptions, Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The durable record of the jobs of a `durable` worker (WorkerDef.durable): one row per job in the service's own
 * database (collection `_jobs`), written before the job goes to Redis and marked done once handled. The row is the
 * truth and the queue a cache: whatever Redis loses (a restart without persistence, a flush, a failover to an empty
 * replica) is queued again from the rows at start and each time Redis comes back; a job already done is never queued
 * again (an event redelivered after its mail went out sends no second mail).
 */
export const JOB_ROWS = '_jobs';
/** How long a row stays after its last change (the de-duplication window of redelivered events). */
const KEEP_MS = 7 * 24 * 3600_000;
/** Rows re-queued per recovery at most (the oldest first; the next recovery takes the rest). */
const RECOVER_MAX = 5000;

export type JobRowState = 'queued' | 'done' | 'failed';
export interface JobRow {
  _id: string;
  /** The queues' key prefix (QUEUE_PREFIX): suites sharing a database with prefixes of their own never mix. */
  prefix: string;
  queue: string;
  name: string;
  jobId: string;
  data: Record<string, unknown>;
  opts: JobsOptions;
  state: JobRowState;
  at: Date;
  updatedAt: Date;
  reason?: string;
}

export const rowId = (prefix: string, queue: string, jobId: string) => `${prefix}:${queue}:${jobId}`;

/**
 * `_jobs` as a model of the service's connection (registered when a worker is durable), so the start-up migration
 * makes the collection and, on FerretDB, the serving index of its `_id`: every job recorded looks its row up by `_id`
 * first (a mail per order event), which without it read the whole collection (a week of rows). No other index: the
 * recovery's and the pruning's reads are periodic.
 */
export const JOB_ROWS_MODEL = 'JobRow';
export const jobRowsModel = (conn: Connection) =>
  conn.models[JOB_ROWS_MODEL] ??
  // <any>: the inferred model type made TypeScript measure Model's variance anew, and the services' and tests'
  // typed models then no longer passed where a Model<any> is taken
  conn.model<any>(
    JOB_ROWS_MODEL,
    new Schema({ _id: String }, { versionKey: false, autoIndex: false, strict: false }),
    JOB_ROWS,
  );

export function jobRows(db: Connection, prefix: string) {
  const rows = () => db.collection<JobRow>(JOB_ROWS);
  return {
    /**
     * Records a job before it is queued; false when the same job was already handled (nothing to queue). A row
     * failed earlier is queued again (a new request for the same job).
     */
    async record(
      queue: string,
      name: string,
      jobId: string,
      data: Record<string, unknown>,
      opts: JobsOptions,
    ) {
      const _id = rowId(prefix, queue, jobId);
      const now = new Date();
      const was = await rows().findOne({ _id }, { projection: { state: 1 } });
      if (was?.state === 'done') return false;
      // options that live in Redis only as the job's own (its id is the row's), minus what a re-queue must not repeat
      const { jobId: _omit, ...kept } = opts;
      if (was) await rows().updateOne({ _id }, { $set: { state: 'queued', updatedAt: now } });
      else
        await rows().insertOne({
          _id,
          prefix,
          queue,
          name,
          jobId,
          data,
          opts: kept,
          state: 'queued',
          at: now,
          updatedAt: now,
        });
      return true;
    },
    async settle(queue: string, jobId: string, state: Exclude<JobRowState, 'queued'>, reason?: string) {
      await rows().updateOne(
        { _id: rowId(prefix, queue, jobId) },
        { $set: { state, updatedAt: new Date(), ...(reason ? { reason: reason.slice(0, 500) } : {}) } },
      );
    },
    /** Queues again every recorded job of `queue` that Redis does not hold; returns how many. */
    async recover(queue: Queue, defaults: JobsOptions, log: FastifyBaseLogger): Promise<number> {
      // done and failed rows after the de-duplication window; a row still queued that long is abandoned (a mail's
      // whole retry schedule is about a day)
      await rows().deleteMany({ prefix, updatedAt: { $lt: new Date(Date.now() - KEEP_MS) } });
      const pending = await rows()
        .find({ prefix, queue: queue.name, state: 'queued' })
        .sort({ at: 1 })
        .limit(RECOVER_MAX)
        .toArray();
      let requeued = 0;
      for (const r of pending) {
        if (await queue.getJob(r.jobId)) continue; // still in Redis (waiting, delayed, running or failed)
        // a fresh schedule from now: the delay it had is not repeated (its time has passed or Redis lost it)
        const { delay: _delay, ...opts } = r.opts ?? {};
        await queue.add(r.name, r.data, { ...defaults, ...opts, jobId: r.jobId });
        requeued++;
      }
      if (requeued) log.info({ queue: queue.name, requeued }, 'jobs re-queued from their rows');
      return requeued;
    },
  };
}
export type JobRows = ReturnType<typeof jobRows>;
