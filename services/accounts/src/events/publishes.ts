import { seal } from '@portal/service-kit';
import {
  Subjects,
  type InviteData,
  type PinRequestedData,
  type ResetRequestedData,
  type UserAppliedData,
  type UserRefData,
  type UserVerifiedData,
} from '@portal/contracts';
import type { UserDoc } from '../models/user.js';

/** The events accounts writes to its outbox (stream ACCOUNTS). Payloads follow @portal/contracts. */
export interface OutboxEvent {
  subject: string;
  data: unknown;
}

const ref = (u: Pick<UserDoc, '_id' | 'email' | 'role'>, verified: unknown): UserRefData => ({
  userId: String(u._id),
  email: u.email,
  role: u.role,
  verified: verified as UserRefData['verified'],
});

/**
 * Events for a profile update: always `accounts.user.updated`; `accounts.user.verified` when verified goes from
 * anything but true to true; `accounts.user.suspended` when it becomes 'suspended'.
 */
export function userUpdateEvents(before: UserDoc, after: { verified?: unknown }): OutboxEvent[] {
  const verified = after.verified ?? before.verified;
  const events: OutboxEvent[] = [];
  if (after.verified === true && before.verified !== true) {
    const name = [before.name?.firstName, before.name?.lastName].filter(Boolean).join(' ');
    const data: UserVerifiedData = {
      userId: String(before._id),
      email: before.email,
      ...(name ? { name } : {}),
    };
    events.push({ subject: Subjects.userVerified, data });
  }
  if (after.verified === 'suspended' && before.verified !== 'suspended') {
    events.push({ subject: Subjects.userSuspended, data: ref(before, verified) });
  }
  events.push({ subject: Subjects.userUpdated, data: ref(before, verified) });
  return events;
}

export const configChanged = (keys: string[]): OutboxEvent => ({
  subject: Subjects.configChanged,
  data: { keys },
});

export const userRef = ref;

/** First complete profile save: the application notice to the config's signupEmails. */
export function userApplied(u: UserDoc, recipients: string[]): OutboxEvent {
  const data: UserAppliedData = {
    userId: String(u._id),
    email: u.email,
    recipients,
    ...(u.company?.Licensee ? { companyName: u.company.Licensee } : {}),
    ...(u.company?.['License #'] ? { licenseNumber: u.company['License #'] } : {}),
  };
  return { subject: Subjects.userApplied, data };
}

export const userCreated = (u: UserDoc): OutboxEvent => ({
  subject: Subjects.userCreated,
  data: ref(u, u.verified),
});
export const userDeleted = (u: UserDoc): OutboxEvent => ({
  subject: Subjects.userDeleted,
  data: ref(u, u.verified),
});

/** accounts.invite.created / resent: the mail carries the sign-up link {APP_URL}/signMeUp?email=... */
export function inviteEvent(
  subject: typeof Subjects.inviteCreated | typeof Subjects.inviteResent | typeof Subjects.inviteAccepted,
  inv: {
    _id: unknown;
    email: string;
    invited: string;
    user?: { company?: Record<string, unknown> | null } | null;
  },
  appUrl: string,
  /** The invite's sign-up token (issue 8): the link proves the invite; only its hash is stored. */
  token?: string,
): OutboxEvent {
  const company = (inv.user?.company ?? {}) as {
    Licensee?: string;
    'License #'?: string;
    licenseNumbers?: string[];
  };
  const lics = [
    ...new Set([company['License #'], ...(company.licenseNumbers ?? [])].filter((x): x is string => !!x)),
  ];
  const data: InviteData = {
    inviteId: String(inv._id),
    email: inv.email,
    invitedBy: inv.invited,
    ...(company.Licensee ? { companyName: company.Licensee } : {}),
    licenseNumbers: lics,
    link:
      `${appUrl.replace(/\/$/, '')}/signMeUp?email=${encodeURIComponent(inv.email)}` +
      (token ? `&token=${encodeURIComponent(token)}` : ''),
  };
  return { subject, data };
}

/** accounts.licence.changed {id, licenseNumber, action} — a licence record was created, updated or deleted. */
export const licenceChanged = (
  id: string,
  licenseNumber: string,
  action: 'created' | 'updated' | 'deleted' | 'stored',
) => ({
  subject: Subjects.licenceChanged,
  data: { id, licenseNumber, action },
});

/**
 * accounts.user.pin-requested: the pin is sealed (kit seal(), EVENT_SEAL_KEY, bound to the address, expiring with
 * the pin), so neither the outbox, the ACCOUNTS stream nor the mail job holds it in clear.
 */
export function pinRequested(
  email: string,
  pin: string,
  purpose: PinRequestedData['purpose'],
  expiresAt: Date,
): OutboxEvent {
  const data: PinRequestedData = {
    email,
    sealedPin: seal(pin, { expiresAt, context: email }),
    purpose,
    expiresAt: expiresAt.toISOString(),
  };
  return { subject: Subjects.pinRequested, data };
}

/** accounts.user.reset-requested: the reset code sealed like a pin. */
export function resetRequested(
  email: string,
  code: string,
  expiresAt: Date,
  purpose: ResetRequestedData['purpose'] = 'reset',
): OutboxEvent {
  const data: ResetRequestedData = {
    email,
    sealedCode: seal(code, { expiresAt, context: email }),
    expiresAt: expiresAt.toISOString(),
    purpose,
  };
  return { subject: Subjects.resetRequested, data };
}
