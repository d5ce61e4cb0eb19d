import type { Static } from 'typebox';

/**
 * Billing's answers (orders spec §2 Reports, §7; services/billing serves them, mfe-billing reads them). Plain JSON
 * Schema `as const`, as in orders.ts: the service's response schemas and the tests' checks at runtime, types only
 * in the browser (no TypeBox runtime ships).
 */
/** What a report run is (only timestamp reports so far) and where it stands; the service's model stores these. */
export const REPORT_KINDS = ['timestamp'] as const;
export const REPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** One report run: a timestamp report for a day, mailed to `emails` when done. */
export const ReportRunView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    kind: { type: 'string', enum: REPORT_KINDS },
    state: { type: 'string', enum: REPORT_STATES },
    /** 'YYYY-MM-DD': the day the report covers. */
    selectedDate: { type: 'string' },
    /** Where the result is mailed. */
    emails: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'kind', 'state', 'selectedDate', 'emails', 'createdAt'],
  additionalProperties: false,
} as const;
export type ReportRunView = Static<typeof ReportRunView>;

/** GET /api/reports: the caller's own runs, newest first. */
export const ReportList = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { reports: { type: 'array', items: ReportRunView } },
      required: ['reports'],
      additionalProperties: false,
    },
  },
  required: ['data'],
  additionalProperties: false,
} as const;
export type ReportList = Static<typeof ReportList>;

/** POST /api/reports/timestamp's 202: the spec's message and the queued run. */
export const ReportStarted = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: { report: ReportRunView },
      required: ['report'],
      additionalProperties: false,
    },
  },
  required: ['message', 'data'],
  additionalProperties: false,
} as const;
export type ReportStarted = Static<typeof ReportStarted>;
