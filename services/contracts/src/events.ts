import { Type, type Static, type TSchema } from 'typebox';
import {
  UserVerifiedData,
  UserRefData,
  PinRequestedData,
  ResetRequestedData,
  UserAppliedData,
  InviteData,
  LicenceChangedData,
  ConfigChangedData,
  SnapshotRequestedData,
  SnapshotPublishedData,
} from './events-accounts.js';
import {
  RouteChangedData,
  DriverLinkData,
  DriverChangedData,
  VehicleChangedData,
  VehicleServiceDueData,
  OrderNotice,
  OrderCustodyData,
} from './events-operations.js';
import {
  DispatchSnapshotRequestedData,
  OrdersSnapshotPublishedData,
  FleetSnapshotPublishedData,
  DriverScheduleChangedData,
} from './events-dispatch.js';
import {
  BillingSnapshotRequestedData,
  ReconStampedData,
  ReportCompletedData,
  RoutesSnapshotPublishedData,
} from './events-billing.js';

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
  /** Orders: every state change of an order, payload OrderNotice (recipients resolved by orders). */
  orderCreated: 'orders.order.created.v1',
  orderUpdated: 'orders.order.updated.v1',
  orderStatusChanged: 'orders.order.status-changed.v1',
  orderCancelled: 'orders.order.cancelled.v1',
  orderDeleted: 'orders.order.deleted.v1',
  orderUndeleted: 'orders.order.undeleted.v1',
  /** The delivery date was changed: "the preferred date cannot be met". */
  orderDateUnmet: 'orders.order.date-unmet.v1',
  /** A chain-of-custody step (manifest, signature, labels, scan, hand-over, Metrc), payload OrderCustodyData. */
  orderCustody: 'orders.order.custody.v1',
  /** Dispatch: routing asks orders and fleet for their current state (read models), they answer in pages. */
  dispatchSnapshotRequested: 'routing.snapshot.requested.v1',
  ordersSnapshotPublished: 'orders.snapshot.published.v1',
  fleetSnapshotPublished: 'fleet.snapshot.published.v1',
  /** A weekly driver schedule was saved (net changes per driver and day; notify = email the affected drivers). */
  driverScheduleChanged: 'routing.driverschedule.changed.v1',
  /** Billing asks orders and accounts for their state (events-billing.ts). */
  billingSnapshotRequested: 'billing.snapshot.requested.v1',
  /** A reconciliation was printed: orders stamps data.recon and records it in each order's ledger. */
  reconStamped: 'billing.recon.stamped.v1',
  /** A report job finished: notifications mails its files. */
  reportCompleted: 'billing.report.completed.v1',
  /** Routing's routes (id, name) answering billing's snapshot request. */
  routesSnapshotPublished: 'routing.routes.published.v1',
} as const;
export type EventSubject = (typeof Subjects)[keyof typeof Subjects];

/**
 * The order events that carry the order's `facts` (and, since custody events carry it too, its whole state in
 * `facts.order`): what a read model of orders listens to. Applied by the version rule (`orderStateOf`, facts.version),
 * so their order of arrival does not matter.
 */
export const ORDER_FACT_SUBJECTS = [
  Subjects.orderCreated,
  Subjects.orderUpdated,
  Subjects.orderStatusChanged,
  Subjects.orderCancelled,
  Subjects.orderDeleted,
  Subjects.orderUndeleted,
  Subjects.orderDateUnmet,
  Subjects.orderCustody,
] as const;

export * from './events-accounts.js';
export * from './events-operations.js';
export * from './events-dispatch.js';
export * from './events-billing.js';

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
  [Subjects.orderCustody]: OrderCustodyData,
  [Subjects.dispatchSnapshotRequested]: DispatchSnapshotRequestedData,
  [Subjects.ordersSnapshotPublished]: OrdersSnapshotPublishedData,
  [Subjects.fleetSnapshotPublished]: FleetSnapshotPublishedData,
  [Subjects.driverScheduleChanged]: DriverScheduleChangedData,
  [Subjects.billingSnapshotRequested]: BillingSnapshotRequestedData,
  [Subjects.reconStamped]: ReconStampedData,
  [Subjects.reportCompleted]: ReportCompletedData,
  [Subjects.routesSnapshotPublished]: RoutesSnapshotPublishedData,
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
