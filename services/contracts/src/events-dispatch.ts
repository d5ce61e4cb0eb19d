import { Type, type Static } from 'typebox';
import { OrderBillingFacts } from './events-billing.js';

/**
 * Dispatch: what routing needs to keep orders, drivers and vehicles as read models.
 *
 * `OrderFacts` rides on every order event (OrderNotice.facts, OrderCustodyData.facts: optional, so old consumers and
 * the snapshot rule are untouched): the order's scheduling state after the write, built by orders in one place
 * (services/orders/src/events/facts.ts). A reader keeps the facts with the highest `version` (events may arrive out
 * of order). No signature images, no secrets.
 */
const Address = Type.Object({
  name: Type.String(),
  street: Type.String(),
  city: Type.String(),
  zip: Type.String(),
});
/**
 * An order's notice fields (what a notice carries besides its mail fields): its ids, status, type, licences, names
 * and days. Routing and billing keep them beside the facts; `OrderFacts.order` carries them after every write.
 */
export const OrderSliceFields = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  status: Type.Integer({ minimum: 0, maximum: 8 }),
  orderType: Type.String(),
  orderDef: Type.String(),
  pickupLN: Type.String(),
  destinationLN: Type.String(),
  vendorName: Type.String(),
  destName: Type.String(),
  preferredDelivery: Type.Optional(Type.String()),
  deliveryDate: Type.Optional(Type.String()),
  pickupDate: Type.Optional(Type.String()),
});
export type OrderSlice = Static<typeof OrderSliceFields>;

export const OrderFacts = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  updatedAt: Type.String(),
  /** 0 live, 1 deleted, 2 cancelled (contracts Deleted). */
  deleted: Type.Integer({ minimum: 0, maximum: 2 }),
  /** The order's tenancy keys (orders' companyKeys): who may see it besides staff. */
  companyKeys: Type.Array(Type.String()),
  /** Delivery route id, pickup route id ('' when none). */
  route: Type.String(),
  pickupRoute: Type.String(),
  /** contracts PICKUP_TYPES key or ''. */
  pickupType: Type.String(),
  /** Fleet driver ids ('' when none). */
  pickupDriver: Type.String(),
  deliveryDriver: Type.String(),
  /** When the pickup driver last changed (ISO), for "a pickup driver change within 24 hours is highlighted red". */
  pickupDriverChange: Type.Optional(Type.String()),
  /** Fleet vehicle ids of the legs (data.order.vehicle, set by the weekly schedule); absent when none. */
  pickupVehicle: Type.Optional(Type.String()),
  deliveryVehicle: Type.Optional(Type.String()),
  /** Box count (the order's weight). */
  weight: Type.String(),
  notes: Type.String(),
  billingNotes: Type.String(),
  checkedin: Type.Boolean(),
  checkedout: Type.Boolean(),
  /** A manifest is uploaded; `manifestSigned` once the receiver signed it. */
  hasManifest: Type.Boolean(),
  manifestSigned: Type.Boolean(),
  pickupAddress: Address,
  destAddress: Address,
  /** Once delivered: when, and the receiver's printed name (the tracking page shows these). */
  deliveredAt: Type.Optional(Type.String()),
  signedBy: Type.Optional(Type.String()),
  createdBy: Type.String(),
  /** The order's billing, signature and custody-time facts (events-billing.ts), for billing's projection. */
  billing: Type.Optional(OrderBillingFacts),
  /**
   * The order's notice fields after the write, status included: every event of one write (a custody step and the
   * notices beside it share one version) carries the whole state, so whichever a reader applies first brings its copy
   * fully up to date and the others, of the same version, change nothing. Optional: older events lack it.
   */
  order: Type.Optional(OrderSliceFields),
});
export type OrderFacts = Static<typeof OrderFacts>;

/**
 * routing.snapshot.requested.v1: routing's read models are empty or older than the streams (events are kept 7 days):
 * it asks orders (`want: ['orders']`, orders delivered on or after `fromDay`) and fleet (`['drivers', 'vehicles']`)
 * for their current state. Each owner answers with `<owner>.snapshot.published.v1` pages.
 */
export const DispatchSnapshotRequestedData = Type.Object({
  requestId: Type.String(),
  requestedBy: Type.String(),
  want: Type.Array(Type.Union([Type.Literal('orders'), Type.Literal('drivers'), Type.Literal('vehicles')])),
  /** Orders only: the first delivery day (YYYY-MM-DD) wanted. */
  fromDay: Type.Optional(Type.String()),
  /** The asker's CONSUMER_SUFFIX ('' in production): only an owner of the same scope answers (test isolation). */
  scope: Type.Optional(Type.String()),
});
export type DispatchSnapshotRequestedData = Static<typeof DispatchSnapshotRequestedData>;

const pageFields = {
  requestId: Type.String(),
  requestedBy: Type.String(),
  scope: Type.Optional(Type.String()),
  page: Type.Integer({ minimum: 0 }),
  last: Type.Boolean(),
  /** When the owner began reading: an event older than this is already in the snapshot. */
  asOf: Type.String(),
};

/** One order in a snapshot page: the notice fields routing reads, plus the facts. */
export const OrderSnapshotItem = Type.Object({
  ...OrderSliceFields.properties,
  facts: OrderFacts,
});
export type OrderSnapshotItem = Static<typeof OrderSnapshotItem>;

/** An order's notice fields as routing keeps them (a snapshot item without its facts), from a notice or an item. */
export function orderSliceOf(n: OrderSlice): OrderSlice {
  return {
    id: n.id,
    orderId: n.orderId,
    status: n.status,
    orderType: n.orderType,
    orderDef: n.orderDef,
    pickupLN: n.pickupLN,
    destinationLN: n.destinationLN,
    vendorName: n.vendorName,
    destName: n.destName,
    ...(n.preferredDelivery ? { preferredDelivery: n.preferredDelivery } : {}),
    ...(n.deliveryDate ? { deliveryDate: n.deliveryDate } : {}),
    ...(n.pickupDate ? { pickupDate: n.pickupDate } : {}),
  };
}

/**
 * The whole state of the order after the write an event tells of: `facts.order` (every event of one write carries
 * it, the custody event included), else the notice's own fields (an older notice); null for an older custody event,
 * which names only the order: its reader keeps the notice fields it holds and marks the copy partial, so the notice
 * of the same write (same version) still applies.
 */
export function orderStateOf(
  d: { facts?: OrderFacts } & Partial<OrderSlice> & { step?: unknown },
): OrderSlice | null {
  if (d.facts?.order) return orderSliceOf(d.facts.order);
  if (d.step === undefined && d.status !== undefined) return orderSliceOf(d as OrderSlice);
  return null;
}

/** orders.snapshot.published.v1: one page of orders answering routing's request. */
export const OrdersSnapshotPublishedData = Type.Object({
  ...pageFields,
  orders: Type.Array(OrderSnapshotItem),
});
export type OrdersSnapshotPublishedData = Static<typeof OrdersSnapshotPublishedData>;

/** fleet.snapshot.published.v1: one page of drivers or vehicles (the shapes of their changed events). */
export const FleetSnapshotPublishedData = Type.Object({
  ...pageFields,
  kind: Type.Union([Type.Literal('drivers'), Type.Literal('vehicles')]),
  drivers: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        email: Type.String(),
        userId: Type.Optional(Type.String()),
      }),
    ),
  ),
  vehicles: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        lic: Type.String(),
        status: Type.Union([Type.Literal(0), Type.Literal(1)]),
        /** Service kinds due now (fleet's serviceDue), e.g. ['oil']. */
        due: Type.Optional(Type.Array(Type.String())),
      }),
    ),
  ),
});
export type FleetSnapshotPublishedData = Static<typeof FleetSnapshotPublishedData>;

/** One driver-day cell as stored (orders §3 "Driver schedule": driver, vehicle, route and misc). */
const CellRef = Type.Object({
  route: Type.Optional(Type.String()),
  routeName: Type.Optional(Type.String()),
  vehicle: Type.Optional(Type.String()),
  vehicleName: Type.Optional(Type.String()),
});

/**
 * routing.driverschedule.changed.v1: a weekly schedule was saved. `changes` are the net changes per driver and day
 * (a change back to the original cancels out, so it is not here); `notify` = the user asked to email the affected
 * drivers (notifications sends one mail per driver with an email).
 */
export const DriverScheduleChangedData = Type.Object({
  id: Type.String(),
  /** Week start, Monday (YYYY-MM-DD). */
  week: Type.String(),
  notify: Type.Boolean(),
  by: Type.Object({ userId: Type.String(), name: Type.String() }),
  changes: Type.Array(
    Type.Object({
      driverId: Type.String(),
      driverName: Type.String(),
      email: Type.Optional(Type.String()),
      /** 1 (Monday) … 7 (Sunday). */
      day: Type.Integer({ minimum: 1, maximum: 7 }),
      date: Type.String(),
      before: Type.Union([CellRef, Type.Null()]),
      after: Type.Union([CellRef, Type.Null()]),
    }),
  ),
  /**
   * The whole week after the save, route-day by route-day (contracts dispatch-weekly.ts DriverAssignment): who
   * drives each route on each day, with which vehicle. Orders applies it to the week's orders (fixorders).
   * Optional: older events lack it.
   */
  assignments: Type.Optional(
    Type.Array(
      Type.Object({
        day: Type.Integer({ minimum: 1, maximum: 7 }),
        date: Type.String(),
        route: Type.String(),
        routeName: Type.Optional(Type.String()),
        driver: Type.String(),
        vehicle: Type.Optional(Type.String()),
      }),
    ),
  ),
});
export type DriverScheduleChangedData = Static<typeof DriverScheduleChangedData>;
