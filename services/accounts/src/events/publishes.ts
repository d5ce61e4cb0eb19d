import { seal, type NewEvent, type OutboxMethods } from '@portal/service-kit';
import {
  AccountState,
  Subjects,
  isApproved,
  isSuspended,
  type EventPayload,
  type InviteData,
  type PinRequestedData,
  type ResetRequestedData,
  type UserRefData,
} from '@portal/contracts';
import type { UserDoc } from '../models/user.js';
import { licenceFacts, publicEntries, publicOrdersHash, userFacts } from './facts.js';

/**
 * What accounts publishes (stream ACCOUNTS) through its outbox: one builder per event, each payload typed by the
 * contracts' EventCatalogue for its subject. Events carry ids and sealed codes, never a secret in clear.
 */
export type AccountsEvent = NewEvent;

/** Queues an event on a document (written atomically with its next save()). */
export function queue(doc: object, ev: AccountsEvent): void {
  (doc as OutboxMethods).addEvent(ev.subject, ev.data);
}

type UserState = Parameters<typeof userFacts>[0];
/** A user event's payload: who, and the facts others' read models keep (events/facts.ts), as of after the write. */
export const userRef = (u: UserState, verified: unknown): UserRefData => ({
  userId: String(u._id),
  email: u.email,
  role: u.role,
  verified: verified as UserRefData['verified'],
  ...userFacts(u),
  publicOrdersHash: publicOrdersHash(u.publicOrdersToken, verified),
});
const ref = userRef;

/**
 * Events for a profile update: always `accounts.user.updated`; `accounts.user.verified` when verified goes from
 * anything but true to true; `accounts.user.suspended` when it becomes suspended.
 */
export function userUpdateEvents(
  before: UserDoc,
  after: { verified?: unknown },
  /** The profile after the write (default: `before`): the facts the events carry. */
  next: UserState = before,
): AccountsEvent[] {
  const verified = after.verified ?? before.verified;
  const events: AccountsEvent[] = [];
  if (isApproved(after.verified) && !isApproved(before.verified)) {
    const name = [before.name?.firstName, before.name?.lastName].filter(Boolean).join(' ');
    events.push({
      subject: Subjects.userVerified,
      data: { userId: String(before._id), email: before.email, ...(name ? { name } : {}) },
    });
  }
  if (isSuspended(after.verified) && !isSuspended(before.verified)) {
    events.push({ subject: Subjects.userSuspended, data: ref(next, verified) });
  }
  events.push({ subject: Subjects.userUpdated, data: ref(next, verified) });
  return events;
}

export const userUpdated = (u: UserState & Pick<UserDoc, 'verified'>): AccountsEvent => ({
  subject: Subjects.userUpdated,
  data: ref(u, u.verified),
});

/** accounts.config.changed: the keys saved, with their values when public (never signupEmails' addresses). */
export const configChanged = (entries: [string, unknown][]): AccountsEvent => ({
  subject: Subjects.configChanged,
  data: { keys: entries.map(([k]) => k), entries: publicEntries(entries) },
});

/** First complete profile save: the application notice to the config's signupEmails. */
export function userApplied(u: UserDoc, recipients: string[]): AccountsEvent {
  return {
    subject: Subjects.userApplied,
    data: {
      userId: String(u._id),
      email: u.email,
      recipients,
      ...(u.company?.Licensee ? { companyName: u.company.Licensee } : {}),
      ...(u.company?.['License #'] ? { licenseNumber: u.company['License #'] } : {}),
    },
  };
}

export const userCreated = (u: UserState & Pick<UserDoc, 'verified'>): AccountsEvent => ({
  subject: Subjects.userCreated,
  data: ref(u, u.verified ?? AccountState.Pending),
});
export const userDeleted = (u: UserDoc): AccountsEvent => ({
  subject: Subjects.userDeleted,
  data: ref(u, u.verified),
});

type InviteSubject =
  typeof Subjects.inviteCreated | typeof Subjects.inviteResent | typeof Subjects.inviteAccepted;

/**
 * accounts.invite.created / resent / accepted. The mail's sign-up link is {APP_URL}/signMeUp?email=...; the invite's
 * single-use token travels only sealed (kit seal(), bound to the address, expiring with the invite), and
 * notifications opens it at send time to append `&token=` in the mail. Accepted events carry no token.
 */
export function inviteEvent(
  subject: InviteSubject,
  inv: {
    _id: unknown;
    email: string;
    invited: string;
    user?: { company?: Record<string, unknown> | null } | null;
  },
  appUrl: string,
  token?: { value: string; expiresAt: Date },
): AccountsEvent {
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
    link: `${appUrl.replace(/\/$/, '')}/signMeUp?email=${encodeURIComponent(inv.email)}`,
    ...(token ? { sealedToken: seal(token.value, { expiresAt: token.expiresAt, context: inv.email }) } : {}),
  };
  return { subject, data };
}

/**
 * accounts.licence.changed {id, licenseNumber, action, record}: a licence record was created, updated or deleted;
 * `record` is the record after the change (before it, on deleted) for others' read models.
 */
export const licenceChanged = (
  id: string,
  licenseNumber: string,
  action: EventPayload<typeof Subjects.licenceChanged>['action'],
  record?: Parameters<typeof licenceFacts>[0],
): AccountsEvent => ({
  subject: Subjects.licenceChanged,
  data: { id, licenseNumber, action, ...(record ? { record: licenceFacts(record) } : {}) },
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
): AccountsEvent {
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
): AccountsEvent {
  const data: ResetRequestedData = {
    email,
    sealedCode: seal(code, { expiresAt, context: email }),
    expiresAt: expiresAt.toISOString(),
    purpose,
  };
  return { subject: Subjects.resetRequested, data };
}
