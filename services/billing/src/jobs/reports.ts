import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Subjects, type ReportCompletedData } from '@portal/contracts';
import { BillingMessages, REPORTS_BUCKET, ReportMessages, type ReportKind } from '@portal/contracts/billing';
import { ReportRun } from '../models/report-run.js';
import { BUILDERS } from '../domain/reports/kinds.js';
import { daysOf } from '../domain/reports/input.js';
import { BATCH, dayBatches, loadNames } from '../domain/reports/read.js';
import { ReportFiles } from '../domain/reports/writers.js';

/** Progress is written (job and run document) at most this often. */
export const PROGRESS_EVERY_MS = 500;
const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Tests only: make the next runs fail (retry after a failure), or slow each batch (cancel a big run). */
export const jobFaults = { failRuns: 0, batchDelayMs: 0 };

type RunJob = Pick<Job, 'attemptsMade' | 'opts' | 'updateProgress'>;
interface Ctx {
  app: FastifyInstance;
  log: FastifyBaseLogger;
}

/** 0–99 while running: `done` whole days of `days`, plus `share` (0–1) of the current one. Pure. */
export const progressOf = (done: number, days: number, share: number) =>
  Math.min(99, Math.floor(((done + share) / Math.max(days, 1)) * 100));

const stillRunning = async (id: string) =>
  (await ReportRun.findById(id, { state: 1 }).lean<{ state: string }>())?.state === 'running';
const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/**
 * Runs one report (the BullMQ job `run` {runId}): marks it running, streams the projection day by day in batches
 * into a CSV and an xlsx (temp files), updates progress, stops at the next batch once cancelled, uploads both to the
 * `reports` bucket and marks it done together with billing.report.completed.v1 (same update, the outbox). A failure
 * on the last attempt marks it failed with "Failed to generate report: …".
 */
export async function runReport(runId: string, job: RunJob, { app, log }: Ctx): Promise<string> {
  const started = await ReportRun.updateOne(
    { _id: runId, state: { $in: ['queued', 'running'] } },
    { $set: { state: 'running', progress: 0 }, $unset: { error: 1 } },
  );
  if (!started.matchedCount) return 'skipped'; // cancelled (or gone) before it started
  const run = await ReportRun.findById(runId).lean();
  if (!run) return 'skipped';
  const dir = await mkdtemp(path.join(tmpdir(), 'report-'));
  const name = `${slug(run.title || run.kind)}-${runId.slice(-6)}`;
  const builder = BUILDERS[run.kind as ReportKind]();
  const files = new ReportFiles(
    path.join(dir, `${name}.csv`),
    path.join(dir, `${name}.xlsx`),
    run.kind,
    builder.columns,
  );
  let closed = false;
  try {
    if (jobFaults.failRuns > 0) {
      jobFaults.failRuns -= 1;
      throw new Error('the order store did not answer');
    }
    const days = daysOf(run.from, run.to);
    const names = await loadNames();
    // Progress without counting first (a count costs FerretDB nearly a read): days done, plus the share of the
    // current day read so far against the average day so far (the first day: against one more batch).
    let read = 0;
    let lastProgress = Date.now();
    for (const [index, day] of days.entries()) {
      let inDay = 0;
      for await (const batch of dayBatches(day)) {
        await files.add(builder.batch(batch, names));
        read += batch.length;
        inDay += batch.length;
        if (jobFaults.batchDelayMs) await new Promise((r) => setTimeout(r, jobFaults.batchDelayMs));
        if (!(await stillRunning(runId))) {
          log.info({ runId, read }, 'report cancelled');
          return 'cancelled';
        }
        if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
          lastProgress = Date.now();
          const expected = index ? (read - inDay) / index : inDay + BATCH;
          const progress = progressOf(index, days.length, Math.min(0.95, inDay / Math.max(expected, 1)));
          await job.updateProgress(progress);
          await ReportRun.updateOne({ _id: runId, state: 'running' }, { $set: { progress } });
        }
      }
      await files.add(builder.endDay?.(day) ?? []);
    }
    await files.add(builder.end?.() ?? []);
    await files.close(builder.summary?.());
    closed = true;

    await app.objectStore.ensureBucket(REPORTS_BUCKET);
    const stored = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const filename = `${name}.${format}`;
      const key = `runs/${runId}/${filename}`;
      const file = path.join(dir, filename);
      await app.objectStore.client.fPutObject(REPORTS_BUCKET, key, file, {
        'Content-Type': CONTENT_TYPES[format],
      });
      stored.push({
        format,
        key,
        filename,
        contentType: CONTENT_TYPES[format],
        size: (await stat(file)).size,
      });
    }
    const emptyText = files.rows === 0 ? (builder.emptyText ?? ReportMessages.noOrders) : undefined;
    const data: ReportCompletedData = {
      reportId: runId,
      kind: run.kind,
      title: run.title,
      emails: [...run.emails],
      rows: files.rows,
      files: stored.map(({ key, filename, contentType, size }) => ({ key, filename, contentType, size })),
      requestedBy: run.requestedBy,
      ...(emptyText ? { emptyText } : {}),
    };
    const done = await ReportRun.updateOneWithEvents(
      { _id: runId, state: 'running' },
      {
        $set: {
          state: 'done',
          progress: 100,
          rows: files.rows,
          files: stored,
          finishedAt: new Date(),
          ...(emptyText ? { emptyText } : {}),
        },
      },
      [{ subject: Subjects.reportCompleted, data }],
    );
    await job.updateProgress(100);
    if (!done.matchedCount) {
      // cancelled while uploading: the cancel stands, its files go
      await app.objectStore.client
        .removeObjects(
          REPORTS_BUCKET,
          stored.map((s) => s.key),
        )
        .catch(() => undefined);
      return 'cancelled';
    }
    log.info({ runId, rows: files.rows }, 'report done');
    return 'done';
  } catch (err) {
    const message = (err as Error).message?.split('\n')[0]?.slice(0, 200) || 'unknown error';
    const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await ReportRun.updateOne(
      { _id: runId, state: 'running' },
      last
        ? { $set: { state: 'failed', error: BillingMessages.reportFailed(message), finishedAt: new Date() } }
        : { $set: { state: 'queued', progress: 0 } },
    );
    log.warn({ runId, err: message, last }, 'report failed');
    throw err;
  } finally {
    if (!closed) await files.abort();
    await rm(dir, { recursive: true, force: true });
  }
}
