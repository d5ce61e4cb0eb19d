import type {
  RangeReportRequest,
  ReportDownload,
  ReportFormat,
  ReportKind,
  ReportList,
  ReportOne,
  ReportRunView,
  ReportScheduleList,
  ReportScheduleRequest,
  ReportScheduled,
  ReportStarted,
} from '@portal/contracts/billing';
import type { ApiClient } from '@portal/ui';

/**
 * The Reports screen's calls (services/billing, staff only; shapes in @portal/contracts/billing, types only here).
 * The timestamp and signature reports use the spec's own paths (§7 POST /reports/timestamp {selectedDate, emails},
 * POST /orders/signaturereport); the other kinds POST /api/reports/run {kind, from, to, emails}.
 */
export type ReportRun = ReportRunView;
export const REPORTS_KEY = ['billing', 'reports'] as const;
export const SCHEDULES_KEY = ['billing', 'report-schedules'] as const;

export const listReports = (api: ApiClient) =>
  api.get<ReportList>('/api/reports?limit=50').then((r) => r.data.reports);

export const getReport = (api: ApiClient, id: string) =>
  api.get<ReportOne>(`/api/reports/${encodeURIComponent(id)}`).then((r) => r.data.report);

export interface RunAsk {
  kind: ReportKind;
  /** The timestamp report's day. */
  selectedDate: string;
  from: string;
  to: string;
  emails: string[];
}

/** The body each kind's call takes (also what the component test checks was sent). */
export function runCall(a: RunAsk): { path: string; body: object } {
  const range: RangeReportRequest = { from: a.from, to: a.to, emails: a.emails };
  if (a.kind === 'timestamp')
    return { path: '/api/reports/timestamp', body: { selectedDate: a.selectedDate, emails: a.emails } };
  if (a.kind === 'signature') return { path: '/api/orders/signaturereport', body: range };
  return { path: '/api/reports/run', body: { kind: a.kind, ...range } };
}

export const startReport = (api: ApiClient, a: RunAsk) => {
  const { path, body } = runCall(a);
  return api.post<ReportStarted>(path, body);
};

export const cancelReport = (api: ApiClient, id: string) =>
  api.post<ReportOne>(`/api/reports/${encodeURIComponent(id)}/cancel`, {}).then((r) => r.data.report);

export const retryReport = (api: ApiClient, id: string) =>
  api.post<ReportStarted>(`/api/reports/${encodeURIComponent(id)}/retry`, {});

export const downloadUrl = (api: ApiClient, id: string, format: ReportFormat) =>
  api
    .get<ReportDownload>(`/api/reports/${encodeURIComponent(id)}/download?format=${format}`)
    .then((r) => r.data);

export const listSchedules = (api: ApiClient) =>
  api.get<ReportScheduleList>('/api/reports/schedules').then((r) => r.data.schedules);

export const addSchedule = (api: ApiClient, body: ReportScheduleRequest) =>
  api.post<ReportScheduled>('/api/reports/schedules', body);

export const deleteSchedule = (api: ApiClient, id: string) =>
  api.del<unknown>(`/api/reports/schedules/${encodeURIComponent(id)}`);

/** Queued or running: the screen polls these. */
export const isActive = (r: Pick<ReportRun, 'state'>) => r.state === 'queued' || r.state === 'running';
