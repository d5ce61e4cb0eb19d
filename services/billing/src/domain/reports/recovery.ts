import type { FastifyInstance } from 'fastify';
import type { ReportEvery } from '@portal/contracts/billing';
import { ReportRun } from '../../models/report-run.js';
import { ReportSchedule } from '../../models/report-schedule.js';
import { enqueueRun, REPORTS_QUEUE } from '../../jobs/enqueue.js';
import { registerSchedule } from './schedules.js';

/** Unfinished runs queued again per recovery at most (oldest first). */
const RUNS_MAX = 1000;

/**
 * The reports' state lives in billing's database; Redis only queues it. Run at start and every time Redis comes back
 * (app.jobs.onRecover): every schedule's job scheduler is registered again (an upsert by its key), and every run
 * still queued or running is queued again under its own job id (`<run id>-<attempt>`: BullMQ ignores an id it still
 * holds, so nothing runs twice; a run a lost Redis forgot is picked up instead of staying "queued" forever).
 */
export async function recoverReports(app: FastifyInstance): Promise<{ schedules: number; runs: number }> {
  const schedules = await ReportSchedule.find({}, { every: 1 }).lean<
    { _id: unknown; every: ReportEvery }[]
  >();
  for (const s of schedules) await registerSchedule(app, String(s._id), s.every);
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  const runs = await ReportRun.find({ state: { $in: ['queued', 'running'] } }, { attempt: 1 })
    .sort({ createdAt: 1 })
    .limit(RUNS_MAX)
    .lean<{ _id: unknown; attempt?: number }[]>();
  let requeued = 0;
  for (const r of runs) {
    const attempt = r.attempt ?? 1;
    if (await queue.getJob(`${String(r._id)}-${attempt}`)) continue;
    await enqueueRun(app, String(r._id), attempt);
    requeued++;
  }
  if (requeued || schedules.length)
    app.log.info({ schedules: schedules.length, requeued }, 'report schedules and runs recovered');
  return { schedules: schedules.length, runs: requeued };
}
