import type { MetrcSyncAnswer, MetrcSyncBody, MetrcSyncStarted, MetrcSyncView } from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/** Sync Manifests' calls (services/orders routes/metrc.ts): start a run, read its progress and results. */
export const startMetrcSync = (api: ApiClient, body: MetrcSyncBody) =>
  api.post<MetrcSyncStarted>('/api/metrc/syncall', body).then((r) => r.data.jobId);

export const metrcSync = (api: ApiClient, jobId: string): Promise<MetrcSyncView> =>
  api.get<MetrcSyncAnswer>(`/api/metrc/sync/${encodeURIComponent(jobId)}`).then((r) => r.data);

/** 'YYYY-MM-DD' of today (local) minus `days`. */
export function localDay(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
