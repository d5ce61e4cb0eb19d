import {
  dayOf,
  deliversOvernight,
  isStaff,
  licencePickupRoute,
  orderDeliveryDays,
  zip5,
  type OrderData,
  type RouteFindMatch,
} from '@portal/contracts';
import type { Caller } from './order-access.js';
import type { LicenceRecordView } from '../readmodels/licences.js';
import { routesFor, type RouteDaysDeps } from './order-route-days.js';

/**
 * What an order takes from the routes (orders §3–5), one routing call per save at most:
 * - the vendor's delivery-day rule: the days routing runs a delivery row to the destination zip on the preferred day
 *   (new or changed, today or later, not in the all-available mode) — contracts' `orderDeliveryDays`, the one rule;
 * - `overnight`: the delivery (approved day, else preferred) rides an overnight row (contracts' `deliversOvernight`),
 *   recomputed when that day, the zip or the route changed; the lists show the clock and the date plus one.
 * Routing unreachable: the day rule answers 503 (never skipped); a lookup for `overnight` alone keeps the stored flag.
 */
export async function routeFacts(
  c: Caller,
  stored: OrderData,
  next: OrderData,
  creating: boolean,
  now: Date,
  deps: RouteDaysDeps,
): Promise<{ allowedDeliveryDays?: string[] }> {
  const o = next.order;
  const prev = stored.order;
  const preferred = dayOf(o.preferredDelivery);
  const arrives = dayOf(o.deliveryDate || o.preferredDelivery);
  const today = dayOf(now.toISOString());
  const zip = zip5(next.destCompany.Zip ?? '');
  const needDays =
    !isStaff(c.role) &&
    !o.showAllRoutes &&
    !!preferred &&
    preferred !== 'invalid' &&
    preferred >= today &&
    (creating || dayOf(prev.preferredDelivery) !== preferred);
  const needOvernight =
    creating ||
    arrives !== dayOf(prev.deliveryDate || prev.preferredDelivery) ||
    (o.route ?? '') !== (prev.route ?? '') ||
    zip !== zip5(stored.destCompany?.Zip ?? '');
  const validArrives = !!arrives && arrives !== 'invalid';
  const days = [needDays ? preferred : '', needOvernight && validArrives ? arrives : '']
    .filter(Boolean)
    .sort();
  if (!days.length) return {};
  let routes: RouteFindMatch[];
  try {
    routes = await routesFor(zip, days[0]!, days[days.length - 1]!, deps);
  } catch (e) {
    if (needDays) throw e;
    return {};
  }
  if (needOvernight) o.overnight = validArrives && deliversOvernight(routes, arrives, o.route);
  if (!needDays) return {};
  return { allowedDeliveryDays: orderDeliveryDays(routes).filter((d) => d === preferred) };
}

/**
 * The pickup route from the originating licence's record (orders §3 pickupRoute: route and day) when the order is
 * placed or its licence changes and nobody chose one: the entry for the pickup day's weekday, else the first.
 */
export function pickupRouteFromLicence(
  o: OrderData['order'],
  pickup: LicenceRecordView | null,
  licenceChanged: boolean,
): void {
  if (!pickup || !licenceChanged || (o.pickupRoute ?? '').trim()) return;
  const route = licencePickupRoute(pickup.pickupRoute, dayOf(o.pickupDate || o.preferredPickup));
  if (route) o.pickupRoute = route;
}
