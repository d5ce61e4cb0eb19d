import { Problem } from '@portal/service-kit';
import { Role, type RoleNumber } from '@portal/contracts';
import { ordersOfDay, type ReadOrder } from '../../readmodels/orders.js';
import { driverIdsOfUser } from '../../readmodels/fleet.js';
import { checkMapId } from './state.js';

interface Caller {
  sub: string;
  email: string;
  role: RoleNumber;
}

export const NOT_YOUR_ROUTE = 'You have no orders on this route on this day.';

/** The order has a leg on `routeId` on `day` driven by one of `drivers` (pickup: pickupRoute, else route). */
export function drivesLeg(o: ReadOrder, routeId: string, day: string, drivers: Set<string>): boolean {
  const f = o.facts;
  const pickup = o.pickupDay === day && (f.pickupRoute || f.route) === routeId && drivers.has(f.pickupDriver);
  const delivery = o.deliveryDay === day && f.route === routeId && drivers.has(f.deliveryDriver);
  return pickup || delivery;
}

/**
 * Staff (0, 1) open every map. A driver (2) opens, reorders and saves the map of a route and day where they drive
 * an order (pickup or delivery leg: the schedule's read models), else 403; companies never reach here (route roles).
 */
export async function checkMapAccess(user: Caller, id: string): Promise<void> {
  const { routeId, day } = checkMapId(id);
  if (user.role !== Role.Driver) return;
  const [orders, ids] = await Promise.all([ordersOfDay(day), driverIdsOfUser(user.sub, user.email)]);
  const drivers = new Set(ids.filter(Boolean));
  if (!drivers.size || !orders.some((o) => drivesLeg(o, routeId, day, drivers)))
    throw new Problem(403, NOT_YOUR_ROUTE);
}
