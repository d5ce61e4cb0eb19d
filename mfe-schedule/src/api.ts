import type { ApiClient } from '@portal/ui';

/** mfe-schedule's calls (INTERFACES.md §3). */
export const listRoutes = (api: ApiClient) => api.get<unknown>('/api/routes');
