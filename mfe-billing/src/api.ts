import type { ReportList, ReportRunView, ReportStarted } from '@portal/contracts/billing';
import type { ApiClient } from '@portal/ui';

/**
 * mfe-billing's calls (services/billing, staff only: GET /reports lists the caller's own report runs, newest first;
 * POST /reports/timestamp {selectedDate?, emails?} queues one, 202). The answers' shapes are @portal/contracts'
 * ReportList and ReportStarted (types only here: no schema code ships).
 */
export type ReportRun = ReportRunView;

export const REPORTS_KEY = ['billing', 'reports'] as const;

export const listReports = (api: ApiClient) =>
  api.get<ReportList>('/api/reports').then((r) => r.data.reports);

export const requestTimestampReport = (
  api: ApiClient,
  body: { selectedDate?: string; emails?: string[] } = {},
) => api.post<ReportStarted>('/api/reports/timestamp', body);
