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
  };
}

/** How far ahead the form lists the delivery days (routing's default /routes/find range). */
export const DESTINATION_DAYS = 28;
