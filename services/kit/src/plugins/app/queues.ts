import fp from 'fastify-plugin';
import { Queue, Worker, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { WorkerDef } from '../../consumers.js';
import { extractTrace, injectTrace, SpanKind, withSpan } from '../../telemetry.js';

/** BullMQ: `app.queues.add()` (fails fast when Redis is down) and the service's workers (closed at shutdown). */
export default fp(
  async (app, opts: { workers: WorkerDef[] }) => {
    const prefix = `portal-${app.serviceName}`;
    const queues = new Map<string, Promise<Queue>>();
    const byQueue = new Map(opts.workers.map((w) => [w.queue, w]));

    const queueFor = (name: string) => {
      let q = queues.get(name);
      if (!q) {
        const queue = new Queue(name, { connection: app.redis, prefix });
        queue.on('error', (err) => app.log.warn({ err: err.message, queue: name }, 'queue error'));
        q = queue.waitUntilReady().then(() => queue);
        queues.set(name, q);
      }
      return q;
    };

    app.decorate('queues', {
      async add(queue: string, name: string, data: Record<string, unknown>, jobOpts: JobsOptions = {}) {
        const def = byQueue.get(queue);
        const defaults: JobsOptions = {
          attempts: def?.attempts ?? 5,
          backoff: { type: 'exponential', delay: def?.backoffMs ?? 1000 },
          removeOnComplete: 1000,
          removeOnFail: 5000,
        };
        return withSpan(
          `${queue} send`,
          async () => {
            const job = await (
              await queueFor(queue)
            ).add(
              name,
              { ...data, _trace: injectTrace({} as Record<string, string>) },
              { ...defaults, ...jobOpts },
            );
            return job.id;
          },
          { 'messaging.system': 'bullmq', 'messaging.destination.name': queue },
          { kind: SpanKind.PRODUCER },
        );
      },
    });

    const workers: { worker: Worker; conn: Redis }[] = [];
    app.addHook('onReady', async () => {
      for (const def of opts.workers) {
        const conn = new Redis(app.env.REDIS_URL, { maxRetriesPerRequest: null });
        const log = app.log.child({ queue: def.queue });
        const worker = new Worker(
          def.queue,
          async (job) => {
            const parent = extractTrace((job.data as { _trace?: Record<string, string> })._trace);
            return withSpan(
              `${def.queue} process`,
              () => def.handle(job, { app, log: log.child({ jobId: job.id }) }),
              {
                'messaging.system': 'bullmq',
                'messaging.destination.name': def.queue,
                'bullmq.job.attempt': job.attemptsMade + 1,
              },
              { kind: SpanKind.CONSUMER, parent },
            );
          },
          { connection: conn, prefix, concurrency: def.concurrency ?? 1 },
        );
        worker.on('failed', (job, err) =>
          log.warn({ err: err.message, jobId: job?.id, attempt: job?.attemptsMade }, 'job failed'),
        );
        worker.on('error', (err) => log.warn({ err: err.message }, 'worker error'));
        workers.push({ worker, conn });
      }
    });
    app.addHook('preClose', async () => {
      for (const { worker, conn } of workers) {
        await worker.close();
        await conn.quit().catch(() => conn.disconnect());
      }
      for (const q of queues.values()) await (await q.catch(() => undefined))?.close();
    });
  },
  { name: 'queues', dependencies: ['redis'] },
);
