import { Type, type Static } from 'typebox';
import { CUSTODY_STEPS, type CustodyStep } from './custody.js';
import { OrderFacts } from './events-dispatch.js';

// The payloads of the operations domains' events (routing, fleet, orders). Subjects and the catalogue: events.ts.
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
    /** Service kinds due at the time of the change (fleet's serviceDue kinds), e.g. ['oil']. */
    due: Type.Optional(Type.Array(Type.String())),
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
  /** The order's scheduling state after this write (routing's read model). */
  facts: Type.Optional(OrderFacts),
});
export type OrderNotice = Static<typeof OrderNotice>;

/** orders.order.custody.v1: one custody step of one order (no file bytes, no signature image, no secret). */
export const OrderCustodyData = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  // Unsafe keeps the JSON (anyOf of the literals) and gives the static type the step names (a mapped Union infers never)
  step: Type.Unsafe<CustodyStep>(Type.Union(CUSTODY_STEPS.map((s) => Type.Literal(s)))),
  at: Type.String(),
  by: Type.Object({ userId: Type.String(), name: Type.String() }),
  /** The ledger entry's seq and hash: a consumer can ask /history/verify about exactly this step. */
  seq: Type.Integer({ minimum: 1 }),
  hash: Type.String(),
  /** Step facts: a sha256, a box count, a Metrc result … (strings and numbers only). */
  detail: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  ),
  /** The order's scheduling state after this step (routing's read model). */
  facts: Type.Optional(OrderFacts),
});
export type OrderCustodyData = Static<typeof OrderCustodyData>;
