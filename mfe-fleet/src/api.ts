import type { ApiClient } from '@portal/ui';

/** mfe-fleet's calls (INTERFACES.md §3). */
export const listDrivers = (api: ApiClient) => api.get<unknown>('/api/drivers');
export const listVehicles = (api: ApiClient) => api.get<unknown>('/api/vehicles');
