import type { FastifyInstance } from 'fastify';

/** The reports' BullMQ queue (prefix QUEUE_PREFIX, default `portal-billing`): jobs `run` {runId} and `scheduled` {scheduleId}. */
export const REPORTS_QUEUE = 'billing-reports';
/** Tries per run (BullMQ attempts) before it is marked failed. */
export const REPORT_ATTEMPTS = 2;

/** Queues one try of a run (job id `<run id>-<attempt>`: a retry is a new job). Nothing secret in the data. */
export async function enqueueRun(app: FastifyInstance, runId: string, attempt: number): Promise<void> {
  await app.jobs.add(
    REPORTS_QUEUE,
    'run',
    { runId },
    {
      jobId: `${runId}-${attempt}`,
      attempts: REPORT_ATTEMPTS,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    },
  );
}

/** Drops a queued try that has not started (a cancel); a running one stops itself at its next batch. */
export async function dropQueuedRun(app: FastifyInstance, runId: string, attempt: number): Promise<void> {
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  const job = await queue.getJob(`${runId}-${attempt}`);
  if (job && (await job.isWaiting().catch(() => false))) await job.remove().catch(() => undefined);
}
