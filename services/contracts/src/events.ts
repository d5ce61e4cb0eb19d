import { Type, type Static, type TSchema } from 'typebox';

/**
 * Integration events: `<domain>.<entity>.<verb>` on one JetStream stream per domain.
 * Every event travels in the same envelope (id = Nats-Msg-Id for de-duplication).
 */
export const EventEnvelope = Type.Object({
  id: Type.String(),
  type: Type.String(),
  version: Type.Integer({ minimum: 1 }),
  time: Type.String({ format: 'date-time' }),
  source: Type.String(),
  data: Type.Unknown(),
});
export type EventEnvelope<T = unknown> = Omit<Static<typeof EventEnvelope>, 'data'> & { data: T };

/** Streams: one per domain, capturing `<domain>.>`. */
export const STREAMS = {
  accounts: 'ACCOUNTS',
  orders: 'ORDERS',
  routing: 'ROUTING',
  fleet: 'FLEET',
  billing: 'BILLING',
  notifications: 'NOTIFICATIONS',
} as const;
export type Domain = keyof typeof STREAMS;

export const Subjects = {
  userCreated: 'accounts.user.created',
  userUpdated: 'accounts.user.updated',
  userVerified: 'accounts.user.verified',
  userSuspended: 'accounts.user.suspended',
  userDeleted: 'accounts.user.deleted',
  inviteCreated: 'accounts.invite.created',
  inviteAccepted: 'accounts.invite.accepted',
  licenceChanged: 'accounts.licence.changed',
  configChanged: 'accounts.config.changed',
  /** A pin for sign-up verification or for confirming a new email address (sealed in the event; the mail shows it). */
  pinRequested: 'accounts.user.pin-requested',
  /** A password reset code (sealed in the event; the mail shows it). */
  resetRequested: 'accounts.user.reset-requested',
  /** First profile save: the application notice to the config's signupEmails. */
  userApplied: 'accounts.user.applied',
  inviteResent: 'accounts.invite.resent',
  feedbackSubmitted: 'notifications.feedback.submitted',
  orderCreated: 'orders.order.created',
  orderStatusChanged: 'orders.order.status-changed',
} as const;

export const UserVerifiedData = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  name: Type.Optional(Type.String()),
});
export type UserVerifiedData = Static<typeof UserVerifiedData>;

export const UserRefData = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  role: Type.Optional(Type.Integer()),
  verified: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('suspended')])),
});
export type UserRefData = Static<typeof UserRefData>;

/**
 * Events carry no secrets: the pin / reset code travels sealed (AES-256-GCM, service-kit `seal()`), bound to
 * `email` and expiring with the code; only notifications opens it, at send time.
 */
export const PinRequestedData = Type.Object({
  email: Type.String(),
  sealedPin: Type.String(),
  purpose: Type.Union([Type.Literal('signup'), Type.Literal('change-email')]),
  expiresAt: Type.String(),
});
export type PinRequestedData = Static<typeof PinRequestedData>;

export const ResetRequestedData = Type.Object({
  email: Type.String(),
  sealedCode: Type.String(),
  expiresAt: Type.String(),
  /** 'account-created': staff made the account, the mail welcomes and asks to set a password (issue 8). */
  purpose: Type.Optional(Type.Union([Type.Literal('reset'), Type.Literal('account-created')])),
});
export type ResetRequestedData = Static<typeof ResetRequestedData>;

export const UserAppliedData = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  companyName: Type.Optional(Type.String()),
  licenseNumber: Type.Optional(Type.String()),
  /** The admin addresses (config signupEmails) at the time of the application. */
  recipients: Type.Array(Type.String()),
});
export type UserAppliedData = Static<typeof UserAppliedData>;

export const InviteData = Type.Object({
  inviteId: Type.String(),
  email: Type.String(),
  invitedBy: Type.String(),
  companyName: Type.Optional(Type.String()),
  licenseNumbers: Type.Array(Type.String()),
  /** The sign-up link: {APP_URL}/signMeUp?email=... */
  link: Type.String(),
});
export type InviteData = Static<typeof InviteData>;

/** The payload schema per subject, for publishers to validate and consumers to read. */
export const EventSchemas: Record<string, TSchema> = {
  [Subjects.userVerified]: UserVerifiedData,
  [Subjects.userCreated]: UserRefData,
  [Subjects.userUpdated]: UserRefData,
  [Subjects.userSuspended]: UserRefData,
  [Subjects.userDeleted]: UserRefData,
  [Subjects.pinRequested]: PinRequestedData,
  [Subjects.resetRequested]: ResetRequestedData,
  [Subjects.userApplied]: UserAppliedData,
  [Subjects.inviteCreated]: InviteData,
  [Subjects.inviteResent]: InviteData,
};

export function domainOf(subject: string): Domain {
  const d = subject.split('.')[0] as Domain;
  if (!(d in STREAMS)) throw new Error(`unknown domain in subject ${subject}`);
  return d;
}
