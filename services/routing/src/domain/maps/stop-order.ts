import { mapIdOf, type MapAddress } from '@portal/contracts/dispatch';
import { RouteMap } from '../../models/map.js';

/**
 * For the tracking part: the order ids of the saved map of a route and day, in saved order, deleted stops (and
 * stops with no order id) left out; null when no map was saved (the schedule's order applies).
 */
export async function stopOrderOf(routeId: string, day: string): Promise<string[] | null> {
  const doc = await RouteMap.findById(mapIdOf(routeId, day)).lean<{ addresses: MapAddress[] }>();
  if (!doc) return null;
  return [...doc.addresses]
    .sort((a, b) => a.order - b.order)
    .filter((a) => !a.deleted && a.orderId)
    .map((a) => a.orderId!);
}
