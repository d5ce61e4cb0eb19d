import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { JobsOptions, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { JOB_DEFAULTS, type WorkerDef } from '../../consumers.js';
import type { Env } from '../../env.js';
import type { Jobs } from '../../types.js';
import { Problem } from '../../problem.js';
import { UNAVAILABLE_MESSAGE } from '../../unavailable.js';
import { jobRows, jobRowsModel } from './job-rows.js';
import { jobRecovery } from './job-recovery.js';
import { extractTrace, injectTrace, SpanKind, withSpan } from '../../telemetry.js';

/**
 * BullMQ (with msgpackr, cron-parser and its Lua scripts: ~190 modules) loads with a service's first queue or
 * worker: a service that has neither (accounts, routing) never holds it.
 */
let bullmq: Promise<typeof import('bullmq')> | undefined;
const loadBullmq = () => (bullmq ??= import('bullmq'));

/** The BullMQ key prefix of a service's queues (QUEUE_PREFIX, default `portal-<service>`). */
export const queuePrefix = (env: Pick<Env, 'QUEUE_PREFIX'>, serviceName: string) =>
  env.QUEUE_PREFIX || `portal-${serviceName}`;

/** A worker's own options from its definition (the kit's defaults: JOB_DEFAULTS). Pure. */
export const workerOptions = (def: WorkerDef) => ({
  concurrency: def.concurrency ?? 1,
  stalledInterval: def.progressCheckMs ?? JOB_DEFAULTS.progressCheckMs,
  ...(def.backoff
    ? { settings: { backoffStrategy: (attemptsMade: number) => def.backoff!(attemptsMade) } }
    : {}),
});

/** The type name of the kit's custom backoff (WorkerDef.backoff) in job options. */
const CUSTOM_BACKOFF = 'portal';
const CONNECTION_ERROR =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Connection is closed|MaxRetriesPerRequest|Stream isn't writeable/i;
/** An error that means Redis is unreachable, not that the job itself is wrong. */
function isConnectionError(err: unknown): boolean {
  const e = err as { name?: string; message?: string; code?: string };
  return CONNECTION_ERROR.test(`${e?.name ?? ''} ${e?.code ?? ''} ${e?.message ?? ''}`);
}

/** How long add() keeps trying through a Redis blip before answering 503 (ms). */
const ADD_PATIENCE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * BullMQ: `app.jobs.add()` (alias `app.queues`) (rides out a short Redis blip, then a 503 problem) and the service's workers (closed
 * at shutdown, which waits for the job in hand: a mail being sent is finished, not cut).
 */
export default fp(
  async (app, opts: { workers: WorkerDef[] }) => {
    const prefix = queuePrefix(app.env, app.serviceName);
    const queues = new Map<string, Promise<Queue>>();
    const byQueue = new Map(opts.workers.map((w) => [w.queue, w]));
    const rows = jobRows(app.mongo, prefix);
    if (opts.workers.some((w) => w.durable)) jobRowsModel(app.mongo); // before the migration (onReady) runs
    const durable = (queue: string) => byQueue.get(queue)?.durable === true;

    const queueFor = (name: string) => {
      let q = queues.get(name);
      if (!q) {
        q = loadBullmq().then(async ({ Queue }) => {
          const queue = new Queue(name, { connection: app.redis, prefix });
          queue.on('error', (err) => app.log.warn({ err: err.message, queue: name }, 'queue error'));
          await queue.waitUntilReady();
          return queue;
        });
        // A failed first connection is not cached: the next add tries again.
        q.catch(() => queues.delete(name));
        queues.set(name, q);
      }
      return q;
    };

    const addOnce = async (queue: string, name: string, data: object, jobOpts: JobsOptions) =>
      (await queueFor(queue)).add(name, data, jobOpts);

    const defaultsOf = (queue: string): JobsOptions => {
      const def = byQueue.get(queue);
      return {
        attempts: def?.attempts ?? 5,
        backoff: def?.backoff
          ? { type: CUSTOM_BACKOFF }
          : { type: 'exponential', delay: def?.backoffMs ?? 1000 },
        removeOnComplete: 1000,
        removeOnFail: def?.keepFailed ?? 5000,
      };
    };

    const recovery = jobRecovery(app, async () => {
      for (const def of opts.workers.filter((w) => w.durable))
        await rows.recover(await queueFor(def.queue), defaultsOf(def.queue), app.log);
    });

    const jobs: Jobs = {
      queue: queueFor,
      onRecover: recovery.onRecover,
      recover: recovery.run,
      async add(queue: string, name: string, data: Record<string, unknown>, given: JobsOptions = {}) {
        const defaults = defaultsOf(queue);
        // a durable job has an id of its own (its row's), so Redis and the row name the same job
        const jobOpts = durable(queue) ? { ...given, jobId: given.jobId ?? randomUUID() } : given;
        return withSpan(
          `${queue} send`,
          async () => {
            const payload = { ...data, _trace: injectTrace({} as Record<string, string>) };
            if (durable(queue) && !(await rows.record(queue, name, jobOpts.jobId!, payload, jobOpts)))
              return jobOpts.jobId; // handled already (a redelivered event): not queued twice
            const until = Date.now() + ADD_PATIENCE_MS;
            for (;;) {
              try {
                return (await addOnce(queue, name, payload, { ...defaults, ...jobOpts })).id;
              } catch (err) {
                // Redis unreachable (the shared connection fails fast): retry briefly, then degrade to a 503.
                // The shared connection may still say 'ready' for a moment after Redis went away while
                // BullMQ's own connection already failed: a connection error is retried whatever it says.
                const down = app.redis.status !== 'ready' || isConnectionError(err);
                if (!down || Date.now() > until) {
                  if (!down) throw err;
                  if (durable(queue)) {
                    // recorded: queued from its row when Redis is back (the request did succeed)
                    app.log.warn(
                      { err: (err as Error).message, queue },
                      'redis unavailable; job kept in its row',
                    );
                    return jobOpts.jobId;
                  }
                  app.log.warn({ err: (err as Error).message, queue }, 'redis unavailable; job not queued');
                  throw new Problem(503, UNAVAILABLE_MESSAGE);
                }
                await sleep(250);
              }
            }
          },
          { 'messaging.system': 'bullmq', 'messaging.destination.name': queue },
          { kind: SpanKind.PRODUCER },
        );
      },
    };
    app.decorate('jobs', jobs);
    app.decorate('queues', jobs); // the earlier name, kept for existing callers

    const workers: { worker: Worker; conn: Redis }[] = [];
    app.addHook('onReady', async () => {
      const Worker = opts.workers.length ? (await loadBullmq()).Worker : undefined;
      for (const def of opts.workers) {
        // Its own connection, retrying forever: a Redis restart pauses the worker, it does not stop it.
        const conn = new Redis(app.env.REDIS_URL, { maxRetriesPerRequest: null });
        conn.on('error', () => undefined); // reported by the worker's own 'error' event
        const log = app.log.child({ queue: def.queue });
        const worker = new Worker!(
          def.queue,
          async (job) => {
            const parent = extractTrace((job.data as { _trace?: Record<string, string> })._trace);
            const result = await withSpan(
              `${def.queue} process`,
              () => def.handle(job, { app, log: log.child({ jobId: job.id }) }),
              {
                'messaging.system': 'bullmq',
                'messaging.destination.name': def.queue,
                'bullmq.job.attempt': job.attemptsMade + 1,
              },
              { kind: SpanKind.CONSUMER, parent },
            );
            // handled: its row says so before BullMQ does, so a Redis lost now does not bring the job back
            if (def.durable)
              await rows
                .settle(def.queue, String(job.id), 'done')
                .catch((err: Error) => log.warn({ err: err.message, jobId: job.id }, 'job row not settled'));
            return result;
          },
          {
            connection: conn,
            prefix,
            ...workerOptions(def),
          },
        );
        worker.on('failed', (job, err) => {
          log.warn({ err: err.message, jobId: job?.id, attempt: job?.attemptsMade }, 'job failed');
          const final =
            err.name === 'UnrecoverableError' || (job?.attemptsMade ?? 0) >= (job?.opts.attempts ?? 1);
          if (def.durable && job && final)
            void rows.settle(def.queue, String(job.id), 'failed', err.message).catch(() => undefined);
        });
        worker.on('error', (err) => log.warn({ err: err.message }, 'worker error'));
        workers.push({ worker, conn });
      }
      recovery.start();
    });
    app.addHook('preClose', async () => {
      await recovery.stop();
      for (const { worker, conn } of workers) {
        await worker.close();
        await conn.quit().catch(() => conn.disconnect());
      }
      for (const q of queues.values()) await (await q.catch(() => undefined))?.close();
    });
  },
  { name: 'queues', dependencies: ['redis'] },
);
