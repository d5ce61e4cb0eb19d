import { companyName, personName, type ApiClient } from '@portal/ui';
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

type RawAccount = Omit<Account, 'name' | 'company'> & { name?: unknown; company?: unknown };

/** Accounts sends name as {firstName, lastName} and company as a licence record; the screens show text. */
const toAccount = (u: RawAccount): Account => ({ ...u, name: personName(u.name), company: companyName(u.company) });

export const getMe = (api: ApiClient) => api.get<{ user: RawAccount }>('/api/users/me').then((r) => toAccount(r.user));

export const listUsers = (api: ApiClient) =>
  api.get<{ data: { users: RawAccount[] } }>('/api/users').then((r) => (r.data?.users ?? []).map(toAccount));

export const setVerified = (api: ApiClient, email: string, verified: Verified) =>
  api.post<{ user: Account }>('/api/users/update', { user: { email, verified } });
