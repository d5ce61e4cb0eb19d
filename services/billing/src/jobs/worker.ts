import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import fp from 'fastify-plugin';
import { queuePrefix, workerOptions } from '@portal/service-kit';
import { runReport } from './reports.js';
import { REPORTS_QUEUE } from './enqueue.js';
import { fireSchedule } from '../domain/reports/schedules.js';
import { recoverReports } from '../domain/reports/recovery.js';

/**
 * The reports worker (one job at a time: a report is heavy; others wait their turn), started when the app is
 * ready and closed before it shuts down (the job in hand stops at its next batch check or finishes).
 */
export const reportsWorker = fp(
  async (app) => {
    let worker: Worker | undefined;
    let conn: Redis | undefined;
    // schedules and unfinished runs back in Redis at start and after a Redis loss (their rows are the truth)
    app.jobs.onRecover(() => recoverReports(app));
    app.addHook('onReady', async () => {
      conn = new Redis(app.env.REDIS_URL, { maxRetriesPerRequest: null });
      conn.on('error', () => undefined);
      const log = app.log.child({ queue: REPORTS_QUEUE });
      worker = new Worker(
        REPORTS_QUEUE,
        async (job: Job) => {
          const ctx = { app, log: log.child({ jobId: job.id }) };
          if (job.name === 'scheduled') return fireSchedule(app, String(job.data.scheduleId), new Date());
          return runReport(String(job.data.runId), job, ctx);
        },
        {
          connection: conn,
          prefix: queuePrefix(app.env, app.serviceName),
          // one job at a time; the queue helper's progress check (every 5 minutes)
          ...workerOptions({ queue: REPORTS_QUEUE, concurrency: 1, handle: () => undefined }),
        },
      );
      worker.on('error', (err) => log.warn({ err: err.message }, 'worker error'));
    });
    app.addHook('preClose', async () => {
      await worker?.close();
      await conn?.quit().catch(() => conn?.disconnect());
    });
  },
  { name: 'billing-reports-worker' },
);
