import type { ApiClient } from '@portal/ui';

/** mfe-billing's calls (INTERFACES.md §3: the report request is accepted with 202). */
export const requestTimestampReport = (api: ApiClient, body: Record<string, unknown> = {}) =>
  api.post<unknown>('/api/reports/timestamp', body);
