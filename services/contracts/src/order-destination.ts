import type { LicenceCopy } from './order-types.js';
import { ANY_ZIP, type RouteFindMatch } from './routing.js';

/**
 * The delivery days of a destination, as ONE rule for every reader: the order form (the days it shows and the
 * banner), orders' create/update validation and bulk upload (services/orders order-route-days.ts), and the public
 * delivery schedule (routing's search lists the same route rows' weekdays). Plain functions and interfaces: the
 * browser imports them.
 */

/**
 * A route row that delivers to its zip: not a utility pseudo-route, not a row for every zip (00000, warehouse-type),
 * not a route named Cash or Warehouse (orders §2: not delivery routes). The public delivery schedule lists exactly
 * these rows (routing search.ts) and an order is delivered on their days (orderDeliveryDays).
 */
export const isDeliveryRow = (r: Pick<RouteFindMatch, 'utility' | 'zipCode' | 'name'>): boolean =>
  !r.utility && r.zipCode !== ANY_ZIP && !/cash|warehouse/i.test(r.name);

/**
 * The days ('YYYY-MM-DD') an order may be delivered to a zip, from routing's `/routes/find` matches: the days a
 * delivery route RUNS there, i.e. the route's weekdays (orders §5 "the delivery day must match the delivery route's
 * weekdays"), exactly the days the public schedule lists. An overnight row's goods arrive the day after, which the
 * order lists show as the delivery date plus one (orders §2), so the order's own day is still the route's day.
 * Only delivery rows count (isDeliveryRow): the warehouse's every-day pseudo-route does not.
 */
export function orderDeliveryDays(
  routes: readonly Pick<RouteFindMatch, 'utility' | 'zipCode' | 'name' | 'dates'>[],
): string[] {
  return [...new Set(routes.filter(isDeliveryRow).flatMap((r) => r.dates))].sort();
}

/** The licence record as an order copies it (orders §3 destCompany), without its mail addresses. */
export type DestinationCopy = Required<Omit<LicenceCopy, 'emails'>>;

/**
 * GET /api/orders/destination?licence=…|zip=… (services/orders): the destination licence's record as the order
 * will copy it (null when the licence is not listed) and the days an order may be delivered to its zip over the
 * next DESTINATION_DAYS days (orderDeliveryDays; routing answers them).
 */
export interface DestinationAnswer {
  data: {
    destination: DestinationCopy | null;
    /** The 5-digit zip the days are for ('' when none is known). */
    zip: string;
    days: string[];
    /** Those of `days` whose delivery rides an overnight row (deliversOvernight): the goods arrive the day after. */
    overnightDays: string[];
    /** The licence's pickup routes (orders §3 pickupRoute; [] when unlisted): the admins' pickup-day question. */
    pickupRoute: LicencePickupRoute[];
  };
}

/** How far ahead the form lists the delivery days (routing's default /routes/find range). */
export const DESTINATION_DAYS = 28;

/**
 * Does an order delivered on `day` ride an overnight row (orders §3 route row `overnight`)? The delivery rows for the
 * zip that run on that day — the order's own route's rows when it names one of them — all overnight. The lists then
 * show a clock and the delivery date plus one (orders §2); an unknown day or no row on it is not overnight.
 */
export function deliversOvernight(
  routes: readonly Pick<RouteFindMatch, 'utility' | 'zipCode' | 'name' | 'dates' | 'overnight'>[],
  day: string,
  route?: string,
): boolean {
  const rows = routes.filter((r) => isDeliveryRow(r) && r.dates.includes(day));
  const named = route ? rows.filter((r) => r.name === route) : [];
  const on = named.length ? named : rows;
  return on.length > 0 && on.every((r) => r.overnight);
}

/** A licence's pickup route entry (orders §3 licence record: pickupRoute list of route and day). */
export interface LicencePickupRoute {
  route: string;
  /** A weekday code (mon, tue, wed, thur, fri, sat, sun) or its name. */
  day: string;
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** The UTC weekday (0 Sunday) of a weekday code or name ('thur', 'Thursday', 'thu'), undefined when none. */
export function weekdayOfCode(code: string): number | undefined {
  const i = WEEKDAYS.indexOf(code.trim().slice(0, 3).toLowerCase());
  return i < 0 ? undefined : i;
}
const weekdayOfDay = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The pickup route an order takes from its originating licence's record: the entry for the pickup day's weekday,
 * else the licence's first entry; '' when the licence names none.
 */
export function licencePickupRoute(entries: readonly LicencePickupRoute[], day: string): string {
  const listed = entries.filter((e) => e.route.trim());
  const wd = /^\d{4}-\d{2}-\d{2}$/.test(day) ? weekdayOfDay(day) : undefined;
  const same = listed.find((e) => wd !== undefined && weekdayOfCode(e.day) === wd);
  return (same ?? listed[0])?.route.trim() ?? '';
}

/**
 * The days of `day`'s week (Monday to Sunday) on which the licence's pickup route runs — the entries of `route` when
 * the order names one of them, else every entry — for the admins' pickup-day confirmation (orders §5,
 * adminDayConfirmations). undefined when the licence lists no pickup day (nothing to confirm against).
 */
export function licencePickupDays(
  entries: readonly LicencePickupRoute[],
  day: string,
  route?: string,
): string[] | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const named = route ? entries.filter((e) => e.route.trim() === route.trim()) : [];
  const weekdays = new Set(
    (named.length ? named : entries)
      .map((e) => weekdayOfCode(e.day))
      .filter((w): w is number => w !== undefined),
  );
  if (!weekdays.size) return undefined;
  const monday = Date.parse(`${day}T00:00:00Z`) - ((weekdayOfDay(day) + 6) % 7) * 86_400_000;
  return Array.from({ length: 7 }, (_, i) =>
    new Date(monday + i * 86_400_000).toISOString().slice(0, 10),
  ).filter((d) => weekdays.has(weekdayOfDay(d)));
}
