import type { ApiClient } from '@portal/ui';

/**
 * mfe-billing's calls and their answers (services/billing, staff only: GET /reports lists the caller's own report
 * runs, newest first; POST /reports/timestamp {selectedDate?, emails?} queues one, 202). The shapes mirror
 * services/billing/src/schemas.ts; test/reports.test.ts checks every fake answer against that schema. They move to
 * @portal/contracts when billing's shapes do.
 */
export interface ReportRun {
  id: string;
  kind: 'timestamp';
  state: 'queued' | 'running' | 'done' | 'failed';
  /** 'YYYY-MM-DD': the day the report covers. */
  selectedDate: string;
  /** Where the result is mailed. */
  emails: string[];
  createdAt: string;
}

export const REPORTS_KEY = ['billing', 'reports'] as const;

export const listReports = (api: ApiClient) =>
  api.get<{ data: { reports: ReportRun[] } }>('/api/reports').then((r) => r.data.reports);

export const requestTimestampReport = (
  api: ApiClient,
  body: { selectedDate?: string; emails?: string[] } = {},
) => api.post<{ message: string; data: { report: ReportRun } }>('/api/reports/timestamp', body);
