import { Type, type Static } from 'typebox';

// The payloads of accounts' events (users, pins, resets, applications, invites, licences, config) and of the
// snapshot that fills another service's read model of accounts. Subjects and the catalogue: events.ts.
export const UserVerifiedData = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  name: Type.Optional(Type.String()),
});
export type UserVerifiedData = Static<typeof UserVerifiedData>;

/** The largest signature image (characters) an event carries: accounts' own limit on the profile field. */
export const EVENT_SIGNATURE_MAX = 2000;

/**
 * A user as accounts last wrote it, for others' read models (orders' members, fleet's users). Everything past
 * `verified` is optional (added for orders): a consumer keeps what an older event lacks. Facts only —
 * no password, pin, token or session; the signature only when its image is at most EVENT_SIGNATURE_MAX characters.
 */
export const UserRefData = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  role: Type.Optional(Type.Integer()),
  verified: Type.Optional(Type.Union([Type.Boolean(), Type.Literal('suspended')])),
  /** The Keycloak subject: the bearer token's `sub`, how a service finds the caller in its read model. */
  sub: Type.Optional(Type.String()),
  /** "First Last" as the profile has it. */
  name: Type.Optional(Type.String()),
  /** licenceKey() of every licence number of the user's company. */
  companyKeys: Type.Optional(Type.Array(Type.String())),
  /** The company's licence numbers as typed ('License #' first). */
  licenseNumbers: Type.Optional(Type.Array(Type.String())),
  alerts: Type.Optional(Type.Object({ email: Type.Optional(Type.Boolean()) })),
  sameDayPickup: Type.Optional(Type.Boolean()),
  signature: Type.Optional(
    Type.Object({
      name: Type.Optional(Type.String()),
      image: Type.String({ maxLength: EVENT_SIGNATURE_MAX }),
    }),
  ),
  /**
   * The public orders link, as the SHA-256 (hex) of its token — never the token, a bearer secret — when the user
   * turned the link on and is verified; '' when off. The public page looks up the hash of the token it is given.
   */
  publicOrdersHash: Type.Optional(Type.String({ pattern: '^([0-9a-f]{64})?$' })),
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
  /** 'account-created': staff made the account, the mail welcomes and asks to set a password. */
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
  /** The sign-up link without its secret: {APP_URL}/signMeUp?email=... */
  link: Type.String(),
  /**
   * The invite's single-use token, sealed like a pin (kit `seal()`, bound to the address, expiring with the invite);
   * notifications opens it and appends `&token=` to the link in the mail. Absent on `accounts.invite.accepted`.
   */
  sealedToken: Type.Optional(Type.String()),
});
export type InviteData = Static<typeof InviteData>;

/** A licence record (accounts §3 "Licence record") as events carry it; keys are the spec's own names. */
export const LicenceRecordData = Type.Object({
  'License #': Type.String(),
  Licensee: Type.Optional(Type.String()),
  DBA: Type.Optional(Type.String()),
  'Street Address': Type.Optional(Type.String()),
  City: Type.Optional(Type.String()),
  Zip: Type.Optional(Type.String()),
  emails: Type.Optional(Type.Array(Type.String())),
  pickupRoute: Type.Optional(Type.Array(Type.Object({ route: Type.String(), day: Type.String() }))),
  windows: Type.Optional(Type.Record(Type.String(), Type.String())),
  active: Type.Optional(Type.Boolean()),
  FacilityType: Type.Optional(Type.String()),
});
export type LicenceRecordData = Static<typeof LicenceRecordData>;

export const LicenceChangedData = Type.Object({
  id: Type.String(),
  licenseNumber: Type.String(),
  action: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('deleted'),
    Type.Literal('stored'),
  ]),
  /** The record after the change (created / updated; before it on deleted), for others' read models. */
  record: Type.Optional(LicenceRecordData),
});
export type LicenceChangedData = Static<typeof LicenceChangedData>;

export const ConfigChangedData = Type.Object({
  keys: Type.Array(Type.String()),
  /**
   * The changed keys' new values — public ones only (what GET /api/utils/config serves to anyone): an internal key
   * (contracts INTERNAL_CONFIG_KEYS, e.g. signupEmails) is named in `keys` but its value is never carried. A list,
   * not an object: config keys contain dots ('orders.autoApprove'), which the outbox (FerretDB) cannot store as
   * field names.
   */
  entries: Type.Optional(Type.Array(Type.Object({ key: Type.String(), value: Type.Unknown() }))),
});
export type ConfigChangedData = Static<typeof ConfigChangedData>;

/** orders.snapshot.requested.v1: a service's read model of accounts needs filling (see Subjects.snapshotRequested). */
export const SnapshotRequestedData = Type.Object({
  requestId: Type.String(),
  /** The asking service: accounts' pages name it back, so another service's consumer can skip them. */
  requestedBy: Type.String(),
  want: Type.Array(Type.Union([Type.Literal('users'), Type.Literal('licences'), Type.Literal('config')])),
  /** The asker's CONSUMER_SUFFIX ('' in production): only an accounts of the same scope answers (test isolation). */
  scope: Type.Optional(Type.String()),
});
export type SnapshotRequestedData = Static<typeof SnapshotRequestedData>;

/**
 * accounts.snapshot.published.v1: one page of a snapshot. `asOf` is when accounts began reading: an event older than
 * it is already in the snapshot. `last` closes that kind (a reader may then drop what the snapshot did not name).
 */
export const SnapshotPublishedData = Type.Object({
  requestId: Type.String(),
  requestedBy: Type.String(),
  /** The request's scope, echoed: a reader of another scope skips the page. */
  scope: Type.Optional(Type.String()),
  kind: Type.Union([Type.Literal('users'), Type.Literal('licences'), Type.Literal('config')]),
  page: Type.Integer({ minimum: 0 }),
  last: Type.Boolean(),
  asOf: Type.String(),
  users: Type.Optional(Type.Array(UserRefData)),
  licences: Type.Optional(Type.Array(LicenceRecordData)),
  config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type SnapshotPublishedData = Static<typeof SnapshotPublishedData>;
