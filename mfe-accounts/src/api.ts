import { companyName, personName, type ApiClient, type LicenceOption } from '@portal/ui';
import { LICENCE_PICKER_MAX_OPTIONS, type RoleNumber, type Verified } from '@portal/contracts';

/** A user as GET /api/users and /api/users/me answer (INTERFACES.md §3). */
export interface Account {
  id?: string;
  email: string;
  name?: string;
  role: RoleNumber;
  verified: Verified;
  company?: string;
  /** data.notification.qbMismatch: the company matches no customer in the accounting system. */
  qbMismatch?: boolean;
}

type RawAccount = Omit<Account, 'name' | 'company'> & {
  name?: unknown;
  company?: unknown;
  data?: { notification?: { qbMismatch?: boolean } };
};

/** Accounts sends name as {firstName, lastName} and company as a licence record; the screens show text. */
const toAccount = ({ data, ...u }: RawAccount): Account => ({
  ...u,
  name: personName(u.name),
  company: companyName(u.company),
  qbMismatch: data?.notification?.qbMismatch === true,
});

export const getMe = (api: ApiClient) =>
  api.get<{ user: RawAccount }>('/api/users/me').then((r) => toAccount(r.user));

export const listUsers = (api: ApiClient) =>
  api.get<{ data: { users: RawAccount[] } }>('/api/users').then((r) => (r.data?.users ?? []).map(toAccount));

export const setVerified = (api: ApiClient, email: string, verified: Verified) =>
  api.post<{ user: Account }>('/api/users/update', { user: { email, verified } });

// --- accounts admin screens (docs/ACCOUNTS-API.md: quick, invites, licence records, utils/config) ---

export const compareCustomers = (api: ApiClient) =>
  api
    .get<{ data?: { mismatches?: string[]; checked?: number } }>('/api/quick/comparecustomers')
    .then((r) => r?.data ?? {});

/** An invitation (accounts §3): user.company is the inviting company. */
export interface Invite {
  id: string;
  email: string;
  date?: string;
  invited?: string;
  user?: { email?: string; company?: unknown };
  data?: { accepted?: boolean; notified?: boolean };
}

export const sendInvite = (api: ApiClient, email: string) =>
  api.post<{ invite?: Invite; message?: string }>('/api/users/invite', { user: { email } });
export const resendInvite = (api: ApiClient, id: string) =>
  api.post<{ message?: string }>('/api/users/inviteemail', { invite: { id } });
export const listInvites = (api: ApiClient, where: Record<string, unknown> = {}) =>
  api
    .post<{ data?: { invites?: Invite[] } }>('/api/users/invites', { where })
    .then((r) => r?.data?.invites ?? []);
/** Accept (accepted + notified: the server merges the inviting company's licences) or dismiss (notified only). */
export const answerInvite = (api: ApiClient, id: string, accept: boolean) =>
  api.post('/api/users/invites/update', {
    invites: [{ id, data: accept ? { accepted: true, notified: true } : { notified: true } }],
  });

/** A licence record "LN" (accounts §3); windows are 'HH:MM-HH:MM' or '' per day. */
export interface LicenceRecord {
  id?: string;
  'License #': string;
  Licensee: string;
  DBA: string;
  'Street Address': string;
  City: string;
  Zip: string;
  windows?: Record<string, string>;
  emails?: string[];
  /** The routes and days the licence's pickups go on (orders take an order's pickup route from here). */
  pickupRoute?: PickupRoute[];
  active?: boolean;
  FacilityType?: string;
}
export interface PickupRoute {
  route: string;
  day: string;
}

/**
 * The licence picker's options (accounts §2, §9: ≤ 100 matches): bound to an api, it is the `loadOptions` the design
 * system's LicencePicker takes (the picker never calls a domain API itself); exposed to other MFEs as
 * ./LicencePicker.
 */
export const licenceOptionsLoader =
  (api: ApiClient) =>
  (query: string): Promise<LicenceOption[]> =>
    api
      .get<{ data?: { licensenumbers?: LicenceOption[] } }>(
        `/api/license/licensenumbers?search=${encodeURIComponent(query)}&limit=${LICENCE_PICKER_MAX_OPTIONS}`,
      )
      .then((r) => (r?.data?.licensenumbers ?? []).slice(0, LICENCE_PICKER_MAX_OPTIONS));

export const listLicences = (api: ApiClient) =>
  api.get<{ data?: { records?: LicenceRecord[] } }>('/api/license').then((r) => r?.data?.records ?? []);
export const saveLicence = (api: ApiClient, record: LicenceRecord, isNew: boolean) =>
  api
    .post<{ record: LicenceRecord }>(isNew ? '/api/license/create' : '/api/license/update', { record })
    .then((r) => r.record);
export const deleteLicence = (api: ApiClient, id: string) =>
  api.post('/api/license/delete', { record: { id } });

/** Settings (role 0): the whole config, internal keys such as signupEmails included (the public GET omits them). */
export const getConfig = (api: ApiClient) =>
  api.get<{ data?: Record<string, unknown> }>('/api/utils/config/all').then((r) => r?.data ?? {});
export const saveConfig = (api: ApiClient, data: Record<string, unknown>) =>
  api.post('/api/utils/config', { data });

// ── Profile / Edit Account / Create New Account (docs/ACCOUNTS-API.md "users", "utils") ──
/** The raw user (name and company as objects) the profile form edits; see pages/profile/model.ts. */
export type RawUser = import('./pages/profile/model.js').UserRecord;
type UserAnswer = { user: RawUser; message?: string };

export const getRawMe = (api: ApiClient) => api.get<UserAnswer>('/api/users/me').then((r) => r.user);
export const getUser = (api: ApiClient, email: string) =>
  api.get<UserAnswer>(`/api/users/${encodeURIComponent(email)}`).then((r) => r.user);
export const updateUser = (api: ApiClient, user: Record<string, unknown>) =>
  api.post<UserAnswer>('/api/users/update', { user });
export const createUser = (api: ApiClient, user: Record<string, unknown>) =>
  api.post<UserAnswer>('/api/users/create', { user });
export const deleteUser = (api: ApiClient, email: string) =>
  api.post<{ message?: string }>('/api/users/delete', { user: { email } });
export const getAttached = (api: ApiClient, email: string) =>
  api
    .get<{ data: { users: RawAccount[] } }>(`/api/users/${encodeURIComponent(email)}/attached`)
    .then((r) => (r.data?.users ?? []).map(toAccount));
/** "Set all suspended/verified": one bulk update. */
export const setAllVerified = (api: ApiClient, emails: string[], verified: Verified) =>
  api.post<{ users?: RawUser[]; message?: string }>('/api/users/update', {
    users: emails.map((email) => ({ email, verified })),
  });
export const uploadFile = (api: ApiClient, file: string, kind: 'logo' | 'signature') =>
  api.post<{ data: { result: string } }>('/api/utils/uploadfile', { file, kind }).then((r) => r.data.result);

// ── auth (ACCOUNTS-API.md `auth`): sign-up, verify, forgot/reset, change password/email, delete own account ──
/** The verify answer: the address is verified (the user then signs in on Keycloak's page). */
export interface VerifyAnswer {
  user?: unknown;
  message?: string;
}
export interface SignUpBody {
  email: string;
  password: string;
  data: { role?: number; company?: { 'License #': string } };
  method: 'license' | 'invite';
  /** The invite link's token: proves the invite mail was read. */
  inviteToken?: string;
}
export const signUp = (api: ApiClient, body: SignUpBody) =>
  api.post<{ message?: string; email?: string }>('/api/auth/signUp', body);
export const verifyPin = (api: ApiClient, email: string, pin: string) =>
  api.post<VerifyAnswer>('/api/auth/verify', { email, pin });
export const resendPin = (api: ApiClient, email: string) =>
  api.post<{ message?: string }>('/api/auth/sendValidation', { email });
export const forgotPassword = (api: ApiClient, email: string) =>
  api.post<{ emailSent?: boolean; message?: string }>('/api/auth/forgotPassword', { email });
/** An invitation link without its token (an older mail): the invited address asks for a new link. */
export const requestInviteLink = (api: ApiClient, email: string) =>
  api.post<{ message?: string }>('/api/auth/inviteLink', { email });
export const forgotPasswordSubmit = (api: ApiClient, email: string, code: string, password: string) =>
  api.post<{ message?: string }>('/api/auth/forgotPasswordSubmit', { email, code, password });
export const changePassword = (api: ApiClient, user: string, oldPassword: string, newPassword: string) =>
  api.post<{ message?: string }>('/api/auth/changepassword', { user, oldPassword, newPassword });
export const requestEmailChange = (api: ApiClient, email: string) =>
  api.post<{ message?: string }>('/api/auth/changeEmail', { email });
export const updateMyEmail = (api: ApiClient, email: string, pin: string) =>
  api.post<{ user?: unknown; message?: string }>('/api/auth/updateMyEmail', { email, pin });
export const deleteOwnAccount = (api: ApiClient, email: string) =>
  api.post<{ message?: string }>('/api/users/delete', { user: { email } });

// ── Undelivered mail (services/notifications GET /email/failed, POST /email/failed/:id/resend; staff) ──
/** A mail the notifications service parked after its retry schedule (never the job data: codes stay sealed). */
export interface FailedMail {
  id: string;
  kind: string;
  to: string;
  reason: string;
  attempts: number;
  queuedAt: string;
  failedAt: string;
}
export const listFailedMail = (api: ApiClient) =>
  api.get<{ jobs: FailedMail[] }>('/api/email/failed').then((r) => r?.jobs ?? []);
/** 202 {message: 'Email queued again'}; 404 no longer parked; 409 its code expired. */
export const resendFailedMail = (api: ApiClient, id: string) =>
  api.post<{ message?: string }>(`/api/email/failed/${encodeURIComponent(id)}/resend`);
