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

/**
 * Every integration event: `<domain>.<entity>.<verb>.v<n>`. The version is part of the subject, so a consumer binds to
 * the shape it understands; an incompatible payload change is a NEW subject (`.v2`) published beside the old one
 * until every consumer has moved. `test/event-catalogue.test.ts` compares each schema with the committed snapshot
 * (`test/event-catalogue.snapshot.json`) and fails when a published version changes in a breaking way.
 */
export const Subjects = {
  userCreated: 'accounts.user.created.v1',
  userUpdated: 'accounts.user.updated.v1',
  userVerified: 'accounts.user.verified.v1',
  userSuspended: 'accounts.user.suspended.v1',
  userDeleted: 'accounts.user.deleted.v1',
  inviteCreated: 'accounts.invite.created.v1',
  inviteAccepted: 'accounts.invite.accepted.v1',
  licenceChanged: 'accounts.licence.changed.v1',
  configChanged: 'accounts.config.changed.v1',
  /** A pin for sign-up verification or for confirming a new email address (sealed in the event; the mail shows it). */
  pinRequested: 'accounts.user.pin-requested.v1',
  /** A password reset code (sealed in the event; the mail shows it). */
  resetRequested: 'accounts.user.reset-requested.v1',
  /** First profile save: the application notice to the config's signupEmails. */
  userApplied: 'accounts.user.applied.v1',
  inviteResent: 'accounts.invite.resent.v1',
  /** A route was created, updated or (flagged) deleted; carries the route as stored, prices included. */
  routeChanged: 'routing.route.changed.v1',
  /** A driver record was tied to the portal user (role 2) with its email / untied from it (fleet). */
  driverLinked: 'fleet.driver.linked.v1',
  driverUnlinked: 'fleet.driver.unlinked.v1',
  /** A driver or vehicle was created, updated or (flagged) deleted: others' read models (schedule, orders). */
  driverChanged: 'fleet.driver.changed.v1',
  vehicleChanged: 'fleet.vehicle.changed.v1',
  /** A service threshold was crossed (oil, tires, brakes, registration, insurance): published once per crossing. */
  vehicleServiceDue: 'fleet.vehicle.service-due.v1',
  /**
   * A consumer's read model of accounts is empty or older than the stream (events are kept 7 days): it asks for the
   * current state; accounts answers with `accounts.snapshot.published.v1` pages (feed fill, services/orders README).
   */
  snapshotRequested: 'orders.snapshot.requested.v1',
  /** One page of accounts' current users, licence records or public config, answering a snapshot request. */
  snapshotPublished: 'accounts.snapshot.published.v1',
  /** Orders (issue 12): every state change of an order, payload OrderNotice (recipients resolved by orders). */
  orderCreated: 'orders.order.created.v1',
  orderUpdated: 'orders.order.updated.v1',
  orderStatusChanged: 'orders.order.status-changed.v1',
  orderCancelled: 'orders.order.cancelled.v1',
  orderDeleted: 'orders.order.deleted.v1',
  orderUndeleted: 'orders.order.undeleted.v1',
  /** The delivery date was changed: "the preferred date cannot be met". */
  orderDateUnmet: 'orders.order.date-unmet.v1',
} as const;
export type EventSubject = (typeof Subjects)[keyof typeof Subjects];

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
 * `verified` is optional (added for orders, issue 12): a consumer keeps what an older event lacks. Facts only —
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

/** routing.route.changed.v1: the route as stored (contracts routing.ts `RouteChanged`), for others' read models. */
export const RouteChangedData = Type.Object({
  action: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
  route: Type.Object({
    id: Type.String(),
    name: Type.String(),
    data: Type.Object({
      startTime: Type.String(),
      rows: Type.Array(
        Type.Object({
          id: Type.String(),
          city: Type.String(),
          zipCode: Type.String(),
          dayOfTheWeek: Type.String(),
          biWeekly: Type.Boolean(),
          overnight: Type.Boolean(),
          price: Type.Optional(Type.Number()),
          data: Type.Object({ notes: Type.Optional(Type.String()) }),
        }),
      ),
    }),
    created: Type.String(),
    lastUpdated: Type.String(),
  }),
});
export type RouteChangedData = Static<typeof RouteChangedData>;

/** fleet.driver.linked.v1 / unlinked.v1: a driver record and the portal user (role 2) with the same email. */
export const DriverLinkData = Type.Object({
  driverId: Type.String(),
  userId: Type.String(),
  email: Type.String(),
  /** unlinked only: what ended the link. */
  reason: Type.Optional(
    Type.Union([
      Type.Literal('driver-email-changed'),
      Type.Literal('driver-deleted'),
      Type.Literal('user-deleted'),
      Type.Literal('user-email-changed'),
      Type.Literal('user-not-driver'),
    ]),
  ),
});
export type DriverLinkData = Static<typeof DriverLinkData>;

const ChangeAction = Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]);
/** fleet.driver.changed.v1: the driver as stored (contracts fleet.ts `Driver`), for others' read models. */
export const DriverChangedData = Type.Object({
  action: ChangeAction,
  driver: Type.Object({
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    userId: Type.Optional(Type.String()),
  }),
});
export type DriverChangedData = Static<typeof DriverChangedData>;
/** fleet.vehicle.changed.v1: the vehicle's identity and status (the schedule's vehicle choice). */
export const VehicleChangedData = Type.Object({
  action: ChangeAction,
  vehicle: Type.Object({
    id: Type.String(),
    name: Type.String(),
    lic: Type.String(),
    status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  }),
});
export type VehicleChangedData = Static<typeof VehicleChangedData>;

/**
 * fleet.vehicle.service-due.v1: one alert crossed (contracts fleet.ts `serviceDue`). `key` names the crossing
 * (kind and the baseline it counts from: the last change's mileage or the expiry day), so it is announced once;
 * `recipients` are the staff addresses fleet knows at the time (its read model of accounts users).
 */
export const VehicleServiceDueData = Type.Object({
  vehicleId: Type.String(),
  name: Type.String(),
  lic: Type.String(),
  kind: Type.Union([
    Type.Literal('oil'),
    Type.Literal('tires'),
    Type.Literal('brakes'),
    Type.Literal('registration'),
    Type.Literal('insurance'),
  ]),
  label: Type.String(),
  mileage: Type.Number(),
  milesSince: Type.Optional(Type.Number()),
  expiresOn: Type.Optional(Type.String()),
  daysLeft: Type.Optional(Type.Integer()),
  key: Type.String(),
  recipients: Type.Array(Type.String()),
});
export type VehicleServiceDueData = Static<typeof VehicleServiceDueData>;

/**
 * orders.order.*.v1: what changed on an order, enough for a mail and for others' read models (schedule, billing,
 * reports). `recipients` are the addresses orders resolved (users of the pickup or destination licence with
 * alerts.email not false; plus admins on cancel), [] when the config switch for that mail is off. No signature
 * images, no secrets. `link` = {APP_URL}/order/{id}.
 */
export const OrderNotice = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  status: Type.Integer({ minimum: 0, maximum: 8 }),
  previousStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
  orderType: Type.String(),
  orderDef: Type.String(),
  pickupLN: Type.String(),
  destinationLN: Type.String(),
  vendorName: Type.String(),
  destName: Type.String(),
  preferredDelivery: Type.Optional(Type.String()),
  deliveryDate: Type.Optional(Type.String()),
  pickupDate: Type.Optional(Type.String()),
  cancelReason: Type.Optional(Type.String()),
  rejected: Type.Optional(Type.Integer()),
  rejectedText: Type.Optional(Type.String()),
  exception: Type.Optional(Type.String()),
  changedBy: Type.Object({ userId: Type.String(), name: Type.Optional(Type.String()) }),
  recipients: Type.Array(Type.String()),
  link: Type.String(),
});
export type OrderNotice = Static<typeof OrderNotice>;

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

/**
 * The catalogue: each subject's payload schema. Publishers (the kit's outbox) and consumers (the kit's consume)
 * validate against it at the boundary; `EventPayload<S>` types both ends from the same line.
 */
export const EventCatalogue = {
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
  [Subjects.inviteAccepted]: InviteData,
  [Subjects.licenceChanged]: LicenceChangedData,
  [Subjects.configChanged]: ConfigChangedData,
  [Subjects.routeChanged]: RouteChangedData,
  [Subjects.driverLinked]: DriverLinkData,
  [Subjects.driverUnlinked]: DriverLinkData,
  [Subjects.driverChanged]: DriverChangedData,
  [Subjects.vehicleChanged]: VehicleChangedData,
  [Subjects.vehicleServiceDue]: VehicleServiceDueData,
  [Subjects.snapshotRequested]: SnapshotRequestedData,
  [Subjects.snapshotPublished]: SnapshotPublishedData,
  [Subjects.orderCreated]: OrderNotice,
  [Subjects.orderUpdated]: OrderNotice,
  [Subjects.orderStatusChanged]: OrderNotice,
  [Subjects.orderCancelled]: OrderNotice,
  [Subjects.orderDeleted]: OrderNotice,
  [Subjects.orderUndeleted]: OrderNotice,
  [Subjects.orderDateUnmet]: OrderNotice,
} as const satisfies Record<EventSubject, TSchema>;
export type EventPayload<S extends EventSubject> = Static<(typeof EventCatalogue)[S]>;
/** @deprecated the catalogue under its old name */
export const EventSchemas: Record<string, TSchema> = EventCatalogue;

export function isEventSubject(subject: string): subject is EventSubject {
  return Object.prototype.hasOwnProperty.call(EventCatalogue, subject);
}

/** The version a subject carries (`.v1` → 1). */
export function versionOf(subject: string): number {
  const m = /\.v(\d+)$/.exec(subject);
  if (!m) throw new Error(`event subject without a version: ${subject}`);
  return Number(m[1]);
}

export function domainOf(subject: string): Domain {
  const d = subject.split('.')[0] as Domain;
  if (!(d in STREAMS)) throw new Error(`unknown domain in subject ${subject}`);
  return d;
}
