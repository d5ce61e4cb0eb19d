import type { Static } from 'typebox';

/**
 * Reports: report jobs (orders spec §2 Reports, §7 POST /reports/timestamp and
 * POST /orders/signaturereport). Plain JSON Schema `as const` (the service's response schemas and the tests' checks
 * at runtime; types only in the browser). Owned by the reports part; re-exported by billing-ops.ts
 * (`@portal/contracts/billing`). Every call is staff's (roles 0, 1); a run or a schedule belongs to whoever asked for
 * it: the lists, polling, download, cancel and retry see only the caller's own (another's answers 404).
 */
export const REPORT_KINDS = ['timestamp', 'signature', 'status', 'deliveries', 'rejections'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_EVERY = ['weekly', 'monthly'] as const;
export type ReportEvery = (typeof REPORT_EVERY)[number];

/**
 * Where a finished run's files are (object store): bucket `reports`, key `runs/<run id>/<filename>`; the
 * billing.report.completed.v1 event names them by key (notifications reads them there to attach them).
 */
export const REPORTS_BUCKET = 'reports';

/** Each kind's name (the mail's subject starts with it, the screen lists it). */
export const REPORT_TITLES: Record<ReportKind, string> = {
  timestamp: 'Timestamp report',
  signature: 'Signature report',
  status: 'Orders by status',
  deliveries: 'Deliveries per route and driver',
  rejections: 'Rejections by reason',
};

/** The reports part's own words (the spec names none for these; BillingMessages has the shared ones). */
export const ReportMessages = {
  notFound: 'Report not found.',
  scheduleNotFound: 'Scheduled report not found.',
  notCancellable: (state: string) => `This report is ${state} and can no longer be cancelled.`,
  notRetryable: (state: string) =>
    `This report is ${state}; only a failed or cancelled report can be retried.`,
  noFiles: 'This report has no files to download yet.',
  cancelled: 'The report was cancelled.',
  scheduled: 'Your report is scheduled.',
  noOrders: 'No orders in this range',
} as const;

/** A finished run's file (its object-store key stays server-side; GET …/download answers a short-lived URL). */
export const ReportFileView = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: REPORT_FORMATS },
    filename: { type: 'string' },
    size: { type: 'integer', minimum: 0 },
  },
  required: ['format', 'filename', 'size'],
  additionalProperties: false,
} as const;
export type ReportFileView = Static<typeof ReportFileView>;

/** One report run. `from`..`to` inclusive days (YYYY-MM-DD); a timestamp run also has `selectedDate` (= from = to). */
export const ReportRunView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: REPORT_KINDS },
    state: { type: 'string', enum: REPORT_STATES },
    /** The kind's title and range, e.g. 'Orders by status 2026-10-01 to 2026-10-31'. */
    title: { type: 'string' },
    selectedDate: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    /** Where the result is mailed. */
    emails: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    /** 0–100, updated while running (at most every ~500 ms). */
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    rows: { type: 'integer', minimum: 0 },
    /** Why it failed: BillingMessages.reportFailed(…), "Failed to generate report: …". */
    error: { type: 'string' },
    /** Set when the report found nothing, e.g. "No orders missing signatures". */
    emptyText: { type: 'string' },
    files: { type: 'array', items: ReportFileView },
    finishedAt: { type: 'string', format: 'date-time' },
    /** Set when a schedule made this run. */
    scheduleId: { type: 'string' },
  },
  required: ['id', 'kind', 'state', 'title', 'from', 'to', 'emails', 'createdAt', 'progress'],
  additionalProperties: false,
} as const;
export type ReportRunView = Static<typeof ReportRunView>;

const dataOf = <P extends Record<string, unknown>, R extends readonly string[]>(properties: P, required: R) =>
  ({
    type: 'object',
    properties: { data: { type: 'object', properties, required, additionalProperties: false } },
    required: ['data'],
    additionalProperties: false,
  }) as const;

/** GET /api/reports?limit=: the caller's own runs, newest first. */
export const ReportList = dataOf({ reports: { type: 'array', items: ReportRunView } }, ['reports'] as const);
export type ReportList = Static<typeof ReportList>;

/** GET /api/reports/:id (polling), POST /api/reports/:id/cancel (200): the run. */
export const ReportOne = dataOf({ report: ReportRunView }, ['report'] as const);
export type ReportOne = Static<typeof ReportOne>;

/**
 * 202 of POST /api/reports/timestamp, POST /api/orders/signaturereport, POST /api/reports/run and
 * POST /api/reports/:id/retry: Messages.reportStarted ("Your report has started. …") and the queued run.
 */
export const ReportStarted = {
  type: 'object',
  properties: { message: { type: 'string' }, data: ReportOne.properties.data },
  required: ['message', 'data'],
  additionalProperties: false,
} as const;
export type ReportStarted = Static<typeof ReportStarted>;

/** GET /api/reports/:id/download?format=csv|xlsx: a pre-signed URL valid a few minutes (through the edge). */
export const ReportDownload = dataOf({ url: { type: 'string' }, filename: { type: 'string' } }, [
  'url',
  'filename',
] as const);
export type ReportDownload = Static<typeof ReportDownload>;

/** POST /api/reports/timestamp (spec §7): the day (default today, UTC) and where to mail (default the caller). */
export interface TimestampReportRequest {
  selectedDate?: string;
  emails?: string[];
}
/** POST /api/orders/signaturereport (spec path, routed to billing) and POST /api/reports/run: default lastMonth(). */
export interface RangeReportRequest {
  from?: string;
  to?: string;
  emails?: string[];
}
export interface ReportRunRequest extends RangeReportRequest {
  kind: ReportKind;
}

/**
 * A scheduled report: weekly = every Monday 06:00 UTC covering last week (lastWeek()); monthly = the 1st 06:00 UTC
 * covering last month (lastMonth()). Each firing makes a normal run for the schedule's owner.
 */
export const ReportScheduleView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: REPORT_KINDS },
    every: { type: 'string', enum: REPORT_EVERY },
    emails: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    /** When it fires next (ISO), if the queue knows. */
    nextRunAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'kind', 'every', 'emails', 'createdAt'],
  additionalProperties: false,
} as const;
export type ReportScheduleView = Static<typeof ReportScheduleView>;

/** GET /api/reports/schedules: the caller's schedules, newest first. */
export const ReportScheduleList = dataOf({ schedules: { type: 'array', items: ReportScheduleView } }, [
  'schedules',
] as const);
export type ReportScheduleList = Static<typeof ReportScheduleList>;

/** POST /api/reports/schedules {kind, every, emails} → 201 {message: ReportMessages.scheduled, data: {schedule}}. */
export const ReportScheduled = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    data: dataOf({ schedule: ReportScheduleView }, ['schedule'] as const).properties.data,
  },
  required: ['message', 'data'],
  additionalProperties: false,
} as const;
export type ReportScheduled = Static<typeof ReportScheduled>;
export interface ReportScheduleRequest {
  kind: ReportKind;
  every: ReportEvery;
  emails: string[];
}
/** DELETE /api/reports/schedules/:id → 204 (another's or unknown → 404 ReportMessages.scheduleNotFound). */
