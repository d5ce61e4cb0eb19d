import type { ApiClient } from '@portal/ui';
import type { RoleNumber, Verified } from '@portal/contracts';

/** A user as GET /api/users and /api/users/me answer (INTERFACES.md §3). */
export interface Account {
  id?: string;
  email: string;
  name?: string;
  role: RoleNumber;
  verified: Verified;
  company?: string;
}

export const getMe = (api: ApiClient) => api.get<{ user: Account }>('/api/users/me').then((r) => r.user);

export const listUsers = (api: ApiClient) =>
  api.get<{ data: { users: Account[] } }>('/api/users').then((r) => r.data?.users ?? []);

export const setVerified = (api: ApiClient, email: string, verified: Verified) =>
  api.post<{ user: Account }>('/api/users/update', { user: { email, verified } });
