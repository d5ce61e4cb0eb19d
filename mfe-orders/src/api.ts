import type { ApiClient } from '@portal/ui';

/** mfe-orders' calls (INTERFACES.md §3: the walking skeleton's list route answers an empty list). */
export const listOrders = (api: ApiClient) => api.get<unknown>('/api/orders');
