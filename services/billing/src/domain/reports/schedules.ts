import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { Problem } from '@portal/service-kit';
import {
  REPORT_EVERY,
  REPORT_KINDS,
  ReportMessages,
  lastMonth,
  lastWeek,
  type ReportEvery,
  type ReportKind,
  type ReportScheduleView,
} from '@portal/contracts/billing';
import { ReportSchedule, type ReportScheduleDoc } from '../../models/report-schedule.js';
import { REPORTS_QUEUE } from '../../jobs/enqueue.js';
import { checkEmails, titleOf, type Requester } from './input.js';
import { createRun } from './runs.js';

/** Weekly: Mondays 06:00 UTC (covering last week); monthly: the 1st 06:00 UTC (covering last month). */
export const SCHEDULE_PATTERNS: Record<ReportEvery, string> = {
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
};
export const schedulerId = (id: string) => `schedule-${id}`;

/** The range a firing covers (pure): last week for weekly, last month for monthly. */
export const scheduledRange = (every: ReportEvery, now: Date) =>
  every === 'weekly' ? lastWeek(now) : lastMonth(now);

async function nextRunAt(app: FastifyInstance, id: string): Promise<string | undefined> {
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  const s = await queue.getJobScheduler(schedulerId(id)).catch(() => undefined);
  return s?.next ? new Date(s.next).toISOString() : undefined;
}

async function toView(app: FastifyInstance, d: ReportScheduleDoc): Promise<ReportScheduleView> {
  const next = await nextRunAt(app, String(d._id));
  return {
    id: String(d._id),
    kind: d.kind as ReportKind,
    every: d.every as ReportEvery,
    emails: [...(d.emails ?? [])],
    createdAt: new Date(d.createdAt).toISOString(),
    ...(next ? { nextRunAt: next } : {}),
  };
}

/**
 * A schedule's BullMQ job scheduler, keyed by its id: an upsert, so registering it again (every start, every Redis
 * reconnect: domain/reports/recovery.ts) changes nothing but brings back one Redis lost.
 */
export async function registerSchedule(app: FastifyInstance, id: string, every: ReportEvery): Promise<void> {
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  await queue.upsertJobScheduler(
    schedulerId(id),
    { pattern: SCHEDULE_PATTERNS[every], tz: 'UTC' },
    {
      name: 'scheduled',
      data: { scheduleId: id },
      opts: { attempts: 2, removeOnComplete: 100, removeOnFail: 100 },
    },
  );
}

/** POST /reports/schedules {kind, every, emails}: recorded, then its BullMQ job scheduler (keyed by the id). */
export async function createSchedule(
  app: FastifyInstance,
  who: Requester,
  body: { kind: ReportKind; every: ReportEvery; emails?: unknown },
): Promise<ReportScheduleView> {
  if (!REPORT_KINDS.includes(body.kind) || !REPORT_EVERY.includes(body.every))
    throw new Problem(400, 'Please choose a report and how often it runs.');
  const emails = checkEmails(body.emails, who.email);
  if (!emails.ok) throw new Problem(400, emails.message);
  const doc = await ReportSchedule.create({
    owner: who.sub,
    kind: body.kind,
    every: body.every,
    emails: emails.value,
  });
  const id = String(doc._id);
  try {
    await registerSchedule(app, id, body.every);
  } catch (err) {
    await ReportSchedule.deleteOne({ _id: doc._id });
    throw err;
  }
  return toView(app, doc.toObject() as ReportScheduleDoc);
}

export const schedulesQuery = (owner: string) => ({
  filter: { owner },
  sort: { createdAt: -1, _id: -1 } as const,
});

export async function listSchedules(app: FastifyInstance, who: Requester): Promise<ReportScheduleView[]> {
  const { filter, sort } = schedulesQuery(who.sub);
  const docs = await ReportSchedule.find(filter).sort(sort).limit(100).lean<ReportScheduleDoc[]>();
  return Promise.all(docs.map((d) => toView(app, d)));
}

/** DELETE /reports/schedules/:id: the caller's own (else 404); its job scheduler goes with it. */
export async function deleteSchedule(app: FastifyInstance, who: Requester, id: string): Promise<void> {
  const doc = mongoose.isValidObjectId(id)
    ? await ReportSchedule.findById(id).lean<ReportScheduleDoc>()
    : null;
  if (!doc || doc.owner !== who.sub) throw new Problem(404, ReportMessages.scheduleNotFound);
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  await queue.removeJobScheduler(schedulerId(id));
  await ReportSchedule.deleteOne({ _id: doc._id });
}

/** A schedule fired (the job `scheduled`): a normal run for its owner over the period just ended. */
export async function fireSchedule(app: FastifyInstance, scheduleId: string, now: Date): Promise<string> {
  const s = mongoose.isValidObjectId(scheduleId)
    ? await ReportSchedule.findById(scheduleId).lean<ReportScheduleDoc>()
    : null;
  if (!s) return 'gone';
  const kind = s.kind as ReportKind;
  const range = scheduledRange(s.every as ReportEvery, now);
  // a timestamp report covers one day: the period's last (the day before it fires)
  const { from, to } = kind === 'timestamp' ? { from: range.to, to: range.to } : range;
  const run = await createRun(app, {
    requestedBy: s.owner,
    kind,
    title: titleOf(kind, from, to),
    selectedDate: kind === 'timestamp' ? from : '',
    from,
    to,
    emails: [...s.emails],
    scheduleId,
  });
  return run.id;
}
