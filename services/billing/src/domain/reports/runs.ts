import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { Problem } from '@portal/service-kit';
import { DEFAULT_PAGE_SIZE } from '@portal/contracts';
import {
  REPORTS_BUCKET,
  ReportMessages,
  type ReportFormat,
  type ReportKind,
  type ReportRunView,
} from '@portal/contracts/billing';
import { ReportRun, type ReportRunDoc } from '../../models/report-run.js';
import { dropQueuedRun, enqueueRun } from '../../jobs/enqueue.js';
import { runFields, type Requester, type RunFields } from './input.js';

/** How long a download URL works (seconds). */
export const DOWNLOAD_SECONDS = 300;

export function toReportRunView(r: ReportRunDoc): ReportRunView {
  const iso = (d?: Date | null) => (d ? new Date(d).toISOString() : undefined);
  const view: ReportRunView = {
    id: String(r._id),
    kind: r.kind as ReportKind,
    state: r.state ?? 'queued',
    title: r.title ?? '',
    from: r.from ?? '',
    to: r.to ?? '',
    emails: [...(r.emails ?? [])],
    createdAt: new Date(r.createdAt).toISOString(),
    progress: r.progress ?? 0,
  };
  if (r.kind === 'timestamp') view.selectedDate = r.selectedDate || r.from || '';
  if (typeof r.rows === 'number') view.rows = r.rows;
  if (r.error) view.error = r.error;
  if (r.emptyText) view.emptyText = r.emptyText;
  if (r.files?.length)
    view.files = r.files.map((f) => ({
      format: f.format as ReportFormat,
      filename: f.filename,
      size: f.size ?? 0,
    }));
  if (r.finishedAt) view.finishedAt = iso(r.finishedAt);
  if (r.scheduleId) view.scheduleId = r.scheduleId;
  return view;
}

/** Records a run and queues its job; a queue that cannot take it leaves nothing behind (the 503 stands). */
export async function createRun(app: FastifyInstance, fields: RunFields & { scheduleId?: string }) {
  const doc = await ReportRun.create({ ...fields, state: 'queued', progress: 0, attempt: 1 });
  try {
    await enqueueRun(app, String(doc._id), 1);
  } catch (err) {
    await ReportRun.deleteOne({ _id: doc._id });
    throw err;
  }
  return toReportRunView(doc.toObject() as ReportRunDoc);
}

/** POST /reports/timestamp, /orders/signaturereport, /reports/run: checked (400 in BillingMessages' words), then queued. */
export async function startRun(
  app: FastifyInstance,
  who: Requester,
  kind: ReportKind,
  body: { selectedDate?: string; from?: string; to?: string; emails?: unknown } = {},
): Promise<ReportRunView> {
  const checked = runFields(who, kind, body);
  if (!checked.ok) throw new Problem(400, checked.message);
  return createRun(app, checked.value);
}

/** The caller's own runs, newest first (never another user's: the filter is the caller). */
export const reportRunsQuery = (userId: string) => ({
  filter: { requestedBy: userId },
  sort: { createdAt: -1, _id: -1 } as const,
});

export async function listReportRuns(userId: string, limit?: number): Promise<ReportRunView[]> {
  const { filter, sort } = reportRunsQuery(userId);
  const docs = await ReportRun.find(filter)
    .sort(sort)
    .limit(limit ?? DEFAULT_PAGE_SIZE)
    .lean<ReportRunDoc[]>();
  return docs.map(toReportRunView);
}

/** The caller's run, or 404 (another's run is answered exactly like a missing one). */
export async function ownRun(who: Requester, id: string): Promise<ReportRunDoc> {
  const doc = mongoose.isValidObjectId(id) ? await ReportRun.findById(id).lean<ReportRunDoc>() : null;
  if (!doc || doc.requestedBy !== who.sub) throw new Problem(404, ReportMessages.notFound);
  return doc;
}

/** queued/running → cancelled (a running job stops at its next batch); else 409. */
export async function cancelRun(app: FastifyInstance, who: Requester, id: string): Promise<ReportRunView> {
  const doc = await ownRun(who, id);
  const res = await ReportRun.updateOne(
    { _id: doc._id, state: { $in: ['queued', 'running'] } },
    { $set: { state: 'cancelled', finishedAt: new Date() } },
  );
  if (!res.modifiedCount) {
    const now = await ownRun(who, id);
    throw new Problem(409, ReportMessages.notCancellable(now.state ?? 'done'));
  }
  await dropQueuedRun(app, id, doc.attempt ?? 1).catch(() => undefined);
  return toReportRunView(await ownRun(who, id));
}

/** failed/cancelled → queued again as a new job (202); else 409. */
export async function retryRun(app: FastifyInstance, who: Requester, id: string): Promise<ReportRunView> {
  const doc = await ownRun(who, id);
  const attempt = (doc.attempt ?? 1) + 1;
  const res = await ReportRun.updateOne(
    { _id: doc._id, state: { $in: ['failed', 'cancelled'] } },
    {
      $set: { state: 'queued', progress: 0, attempt },
      $unset: { error: 1, finishedAt: 1, rows: 1, files: 1, emptyText: 1 },
    },
  );
  if (!res.modifiedCount) throw new Problem(409, ReportMessages.notRetryable(doc.state ?? 'queued'));
  try {
    await enqueueRun(app, id, attempt);
  } catch (err) {
    await ReportRun.updateOne({ _id: doc._id }, { $set: { state: doc.state, attempt: doc.attempt } });
    throw err;
  }
  return toReportRunView(await ownRun(who, id));
}

/** A short-lived pre-signed URL of a done run's file, on the portal's public address (kit S3_PUBLIC_URL). */
export async function downloadUrl(app: FastifyInstance, who: Requester, id: string, format: ReportFormat) {
  const doc = await ownRun(who, id);
  const file = doc.state === 'done' ? doc.files?.find((f) => f.format === format) : undefined;
  if (!file) throw new Problem(409, ReportMessages.noFiles);
  const url = await app.objectStore.presignedGet(file.key, {
    bucket: REPORTS_BUCKET,
    expires: DOWNLOAD_SECONDS,
    filename: file.filename,
  });
  return { url, filename: file.filename };
}
