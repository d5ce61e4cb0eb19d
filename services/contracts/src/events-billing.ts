import { Type, type Static } from 'typebox';

/**
 * Billing, reports, dashboards: what billing needs from orders, and what it publishes.
 *
 * `OrderBillingFacts` rides on every order event inside `OrderFacts.billing` (optional: old consumers and the catalogue
 * rule are untouched), built by orders in one place (services/orders/src/events/facts.ts). Billing keeps an order
 * projection from it (services/billing/src/readmodels/order-projection.ts). No signature image, no secret: signatures
 * and stamps are booleans or times.
 */
export const OrderBillingFacts = Type.Object({
  /** data.billing.invoice, .amount as typed, and the same amount in integer cents (contracts centsOf; 0 when blank). */
  invoice: Type.String(),
  amount: Type.String(),
  amountCents: Type.Integer(),
  /** The derived method text ('Cash 12', 'Net Terms' …) and its key (contracts BILLING_METHODS or ''). */
  method: Type.String(),
  methodSelect: Type.String(),
  /** data.order.dateApproved and the delivered day (YYYY-MM-DD; '' when none): the on-time rate compares them. */
  dateApproved: Type.String(),
  deliveredDay: Type.String(),
  /** data.order.rejected (the reason code; '' when none). */
  rejected: Type.String(),
  /** data.recon once a reconciliation was printed. */
  recon: Type.Optional(Type.Object({ date: Type.String(), user: Type.String() })),
  /** Which signatures the order carries. */
  signatures: Type.Object({
    pickup: Type.Boolean(),
    driver: Type.Boolean(),
    customer: Type.Boolean(),
    dropoff: Type.Boolean(),
  }),
  /** The custody times (ISO; absent when not yet): picked up, checked in, checked out, delivered. */
  times: Type.Object({
    pickedUp: Type.Optional(Type.String()),
    checkedin: Type.Optional(Type.String()),
    checkedout: Type.Optional(Type.String()),
    delivered: Type.Optional(Type.String()),
  }),
});
export type OrderBillingFacts = Static<typeof OrderBillingFacts>;

/**
 * billing.snapshot.requested.v1: billing's projection is empty or older than the streams (events are kept 7 days): it
 * asks orders (`want: ['orders']`, every order, pages of `orders.snapshot.published.v1` naming `requestedBy:
 * 'billing'`), accounts (`['users']`, pages of `accounts.snapshot.published.v1`), fleet (`['drivers']`, pages of
 * `fleet.snapshot.published.v1`) and routing (`['routes']`, pages of `routing.routes.published.v1`) for their state.
 */
export const BillingSnapshotRequestedData = Type.Object({
  requestId: Type.String(),
  requestedBy: Type.String(),
  want: Type.Array(
    Type.Union([
      Type.Literal('orders'),
      Type.Literal('users'),
      Type.Literal('drivers'),
      Type.Literal('routes'),
    ]),
  ),
  /** The asker's CONSUMER_SUFFIX ('' in production): only an owner of the same scope answers (test isolation). */
  scope: Type.Optional(Type.String()),
});
export type BillingSnapshotRequestedData = Static<typeof BillingSnapshotRequestedData>;

/**
 * billing.recon.stamped.v1: a reconciliation was printed (orders spec §3 "Printing stamps data.recon (date, user) on
 * reconciled orders"). Orders sets data.recon on each named order it holds and appends a `reconciled` entry to the
 * order's ledger (idempotent per stampId). At most RECON_STAMP_MAX orders per event; a bigger print is several events.
 */
export const RECON_STAMP_MAX = 250;
export const ReconStampedData = Type.Object({
  stampId: Type.String(),
  /** The vendor licence and period printed (YYYY-MM-DD, inclusive). */
  vendorLN: Type.String(),
  from: Type.String(),
  to: Type.String(),
  orderIds: Type.Array(Type.String(), { maxItems: RECON_STAMP_MAX }),
  /** When and by whom (the user's display name or email; their id for the ledger). */
  date: Type.String(),
  user: Type.String(),
  userId: Type.String(),
});
export type ReconStampedData = Static<typeof ReconStampedData>;

/**
 * billing.report.completed.v1: a report job finished; notifications mails `emails` with the files attached (read from
 * the object store by key; the event carries no report content).
 */
export const ReportFile = Type.Object({
  key: Type.String(),
  filename: Type.String(),
  contentType: Type.String(),
  size: Type.Integer({ minimum: 0 }),
});
export type ReportFile = Static<typeof ReportFile>;
export const ReportCompletedData = Type.Object({
  reportId: Type.String(),
  kind: Type.String(),
  /** The mail's subject line, e.g. 'Timestamp report 2026-11-20'. */
  title: Type.String(),
  emails: Type.Array(Type.String(), { minItems: 1 }),
  rows: Type.Integer({ minimum: 0 }),
  files: Type.Array(ReportFile),
  /** Set when the report found nothing to list (e.g. "No orders missing signatures"): said in the mail's body. */
  emptyText: Type.Optional(Type.String()),
  requestedBy: Type.String(),
});
export type ReportCompletedData = Static<typeof ReportCompletedData>;

/** routing.routes.published.v1: one page of routing's routes (id and name) answering billing's snapshot request. */
export const RoutesSnapshotPublishedData = Type.Object({
  requestId: Type.String(),
  requestedBy: Type.String(),
  scope: Type.Optional(Type.String()),
  page: Type.Integer({ minimum: 0 }),
  last: Type.Boolean(),
  asOf: Type.String(),
  routes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), deleted: Type.Boolean() })),
});
export type RoutesSnapshotPublishedData = Static<typeof RoutesSnapshotPublishedData>;
