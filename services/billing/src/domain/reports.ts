import { DEFAULT_PAGE_SIZE } from '@portal/contracts';
import { REPORT_TITLES, type ReportRunView } from '@portal/contracts/billing';
import { ReportRun, type ReportRunDoc } from '../models/report-run.js';
import type { ReportListQuery, TimestampReportBody } from '../schemas.js';

interface Requester {
  sub: string;
  email: string;
}

/** What a timestamp report run records (pure): the day asked for or today (UTC), mailed to the given or the caller. */
export function timestampRunFields(who: Requester, body: TimestampReportBody = {}, now = new Date()) {
  const emails = [...new Set((body.emails?.length ? body.emails : [who.email]).map((e) => e.toLowerCase()))];
  return {
    requestedBy: who.sub,
    kind: 'timestamp' as const,
    selectedDate: body.selectedDate ?? now.toISOString().slice(0, 10),
    emails,
  };
}

export function toReportRunView(r: ReportRunDoc): ReportRunView {
  return {
    id: String(r._id),
    kind: 'timestamp',
    state: r.state ?? 'queued',
    title: `${REPORT_TITLES.timestamp} ${r.selectedDate ?? ''}`,
    selectedDate: r.selectedDate ?? '',
    from: r.selectedDate ?? '',
    to: r.selectedDate ?? '',
    progress: 0,
    emails: [...(r.emails ?? [])],
    createdAt: r.createdAt.toISOString(),
  };
}

/** Records the request; the report job that fills and mails it is the next billing issue (README). */
export async function startTimestampReport(who: Requester, body: TimestampReportBody | undefined) {
  const doc = await ReportRun.create(timestampRunFields(who, body));
  return toReportRunView(doc.toObject() as ReportRunDoc);
}

/** The caller's own runs, newest first (never another user's: the filter is the caller). */
export const reportRunsQuery = (userId: string) => ({
  filter: { requestedBy: userId },
  sort: { createdAt: -1, _id: -1 } as const,
});

export async function listReportRuns(userId: string, q: ReportListQuery): Promise<ReportRunView[]> {
  const { filter, sort } = reportRunsQuery(userId);
  const docs = await ReportRun.find(filter)
    .sort(sort)
    .limit(q.limit ?? DEFAULT_PAGE_SIZE)
    .lean<ReportRunDoc[]>();
  return docs.map(toReportRunView);
}
