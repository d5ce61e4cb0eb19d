import { Deleted, OrderStatus, dayOf, type OrderCore } from '@portal/contracts';
import type { DriverAssignment } from '@portal/contracts/dispatch';
import type { Change } from './ledger.js';

/**
 * The weekly driver schedule applied to one order (orders §7 POST /orders/fixorders), pure. An order has two legs
 * (as the daily schedule shows them): its pickup on `pickupRoute` (else `route`) on the approved pickup day, and its
 * delivery on `route` on the delivery day (approved, else preferred). A leg whose route runs that day in the
 * schedule gets that row's driver and vehicle; a leg the schedule does not run keeps what it has, unless `cleared`
 * says this save took exactly that driver off that route-day (then the leg loses driver and vehicle). A leg already
 * behind the order is not rewritten: the pickup only while the order waits (Received, Approved), the delivery until
 * it is delivered or rejected; cancelled and deleted orders never.
 */
export type CellKey = string;
/** `{YYYY-MM-DD}:{routeId}`: a route on a date. */
export const cellKey = (date: string, route: string): CellKey => `${date}:${route}`;

export type OrderLike = {
  deleted: number;
  data: {
    order: Pick<OrderCore, 'status' | 'orderType' | 'pickupDate' | 'deliveryDate' | 'preferredDelivery'> & {
      pickupRoute?: string;
      route?: string;
      driver?: OrderCore['driver'];
      vehicle?: { pickup?: string; delivery?: string };
    };
  };
};

export interface Plan {
  /** Every leg on a scheduled route-day (whether or not it changes). */
  scheduled: boolean;
  driver: NonNullable<OrderCore['driver']>;
  vehicle: { pickup?: string; delivery?: string };
  changes: Change[];
}

const PICKUP_OPEN: number[] = [OrderStatus.received, OrderStatus.approved];
const DELIVERY_OPEN: number[] = [...PICKUP_OPEN, OrderStatus.pickedUp, OrderStatus.inTransit];
const HOUR = 3_600_000;

const validDay = (v: string | undefined) => {
  const d = dayOf(v);
  return d === 'invalid' ? '' : d;
};

/** The order's legs as (date, route) cells; '' where the order has no such leg or it is no longer open. */
export function legsOf(o: OrderLike): { pickup: CellKey; delivery: CellKey } {
  const x = o.data.order;
  if (o.deleted !== Deleted.no || x.status === OrderStatus.cancelled) return { pickup: '', delivery: '' };
  const pDay = validDay(x.pickupDate);
  const pRoute = (x.pickupRoute || x.route || '').trim();
  const dDay = validDay(x.deliveryDate) || validDay(x.preferredDelivery);
  const dRoute = (x.route ?? '').trim();
  const pickupOpen = PICKUP_OPEN.includes(x.status) && x.orderType !== 'cash_return';
  return {
    pickup: pickupOpen && pDay && pRoute ? cellKey(pDay, pRoute) : '',
    delivery: DELIVERY_OPEN.includes(x.status) && dDay && dRoute ? cellKey(dDay, dRoute) : '',
  };
}

/**
 * The schedule's rows by cell: by route id, and by route name where the schedule knows it (the order form saves the
 * route's name, as the daily schedule reads it too). An id wins over a name that happens to equal it.
 */
export function byCell(rows: DriverAssignment[]) {
  const cells = new Map<CellKey, DriverAssignment>();
  for (const a of rows) if (a.routeName) cells.set(cellKey(a.date, a.routeName.trim()), a);
  for (const a of rows) cells.set(cellKey(a.date, a.route), a);
  return cells;
}

/**
 * "A pickup driver change within 24 hours is highlighted red" (orders §2, §9): the pickup driver went from one
 * driver to another at most 24 hours before the pickup day began, or later. A first assignment is no change.
 */
export function pickupChangeRed(before: string, after: string, pickupDate: string | undefined, now: Date) {
  if (!before || !after || before === after) return false;
  const day = validDay(pickupDate);
  if (!day) return false;
  return now.getTime() >= Date.parse(`${day}T00:00:00Z`) - 24 * HOUR;
}

/**
 * What the schedule makes of one order: the drivers and vehicles after it and the ledger's changes (empty = nothing
 * to write). `only` narrows it to some cells; `cleared` maps a cell this save emptied to the driver taken off it.
 */
export function planOrder(
  o: OrderLike,
  cells: Map<CellKey, DriverAssignment>,
  now: Date,
  opts: { only?: Set<CellKey>; cleared?: Map<CellKey, string> } = {},
): Plan {
  const x = o.data.order;
  const legs = legsOf(o);
  const driver = { ...(x.driver ?? {}) };
  const vehicle = { ...(x.vehicle ?? {}) };
  let scheduled = false;
  for (const leg of ['pickup', 'delivery'] as const) {
    const cell = legs[leg];
    if (!cell) continue;
    const a = cells.get(cell);
    // `only` and `cleared` name route-days by route id
    if (opts.only && !opts.only.has(a ? cellKey(a.date, a.route) : cell)) continue;
    if (a) {
      scheduled = true;
      driver[leg] = a.driver;
      if (a.vehicle) vehicle[leg] = a.vehicle;
      else delete vehicle[leg];
    } else if (opts.cleared?.get(cell) && opts.cleared.get(cell) === driver[leg]) {
      delete driver[leg];
      delete vehicle[leg];
    }
  }
  const before = { driver: x.driver ?? {}, vehicle: x.vehicle ?? {} };
  const changes: Change[] = [];
  for (const leg of ['pickup', 'delivery'] as const) {
    const pairs = [
      ['driver', before.driver[leg] ?? '', driver[leg] ?? ''],
      ['vehicle', before.vehicle[leg] ?? '', vehicle[leg] ?? ''],
    ] as const;
    for (const [what, from, to] of pairs)
      if (from !== to)
        changes.push({ path: `data.order.${what}.${leg}`, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  }
  if (pickupChangeRed(before.driver.pickup ?? '', driver.pickup ?? '', x.pickupDate, now)) {
    driver.pickupChange = now.toISOString();
    changes.push({
      path: 'data.order.driver.pickupChange',
      ...(before.driver.pickupChange ? { from: before.driver.pickupChange } : {}),
      to: driver.pickupChange,
    });
  }
  return { scheduled, driver, vehicle, changes };
}
