import { Deleted, OrderStatus } from '@portal/contracts';
import { type TrackingView } from '@portal/contracts/dispatch';
import type { ReadOrder } from '../../readmodels/orders.js';

/**
 * What a receiver's tracking link shows (live delivery tracking), pure over routing's read model of
 * orders: null when the link is revoked (the order is deleted or cancelled, or unknown), else the order's state,
 * its place among the route's deliveries of the day while in transit, the approved window and, once delivered,
 * when and who signed. Nothing about any other order leaves this function except the count.
 *
 * Stop order (spec silent): the route's saved map order for the day (deleted stops left out) when there is one, the
 * other deliveries after it; without a map, the schedule's order within a route (by order id).
 */
const NOT_DELIVERED: number[] = [
  OrderStatus.exception,
  OrderStatus.fullRejection,
  OrderStatus.partialRejection,
];

export const isRevoked = (o: ReadOrder | null): o is null =>
  !o || (o.facts.deleted ?? 0) !== Deleted.no || o.status === OrderStatus.cancelled;

export function stateOf(status: number): TrackingView['state'] {
  if (status === OrderStatus.inTransit) return 'out-for-delivery';
  if (status === OrderStatus.delivered) return 'delivered';
  if (NOT_DELIVERED.includes(status)) return 'not-delivered';
  return 'scheduled';
}

/** The route's deliveries of the order's day in stop order: the saved map first (by db id or order id). */
export function stopList(order: ReadOrder, dayOrders: ReadOrder[], saved: string[] | null): ReadOrder[] {
  const day = order.deliveryDay;
  const route = order.facts.route;
  const stops = dayOrders.filter(
    (o) => o.id !== order.id && o.deliveryDay === day && o.facts.route === route && !isRevoked(o),
  );
  stops.push(order);
  stops.sort(
    (a, b) => a.orderId.localeCompare(b.orderId, 'en', { numeric: true }) || a.id.localeCompare(b.id),
  );
  if (!saved?.length) return stops;
  const pos = new Map<string, number>();
  saved.forEach((key, i) => pos.set(key, i));
  const at = (o: ReadOrder) => pos.get(o.id) ?? pos.get(o.orderId) ?? Number.MAX_SAFE_INTEGER;
  return stops
    .map((o, i) => ({ o, i }))
    .sort((a, b) => at(a.o) - at(b.o) || a.i - b.i)
    .map(({ o }) => o);
}

export function trackingView(
  order: ReadOrder | null,
  dayOrders: ReadOrder[],
  saved: string[] | null,
): TrackingView | null {
  if (isRevoked(order)) return null;
  const state = stateOf(order.status);
  const view: TrackingView = { orderId: order.orderId, destName: order.destName, state };
  if (order.deliveryDay) view.window = { day: order.deliveryDay };
  if (state === 'out-for-delivery' && order.facts.route) {
    const stops = stopList(order, dayOrders, saved);
    view.stop = { k: stops.findIndex((o) => o.id === order.id) + 1, n: stops.length };
  }
  if (state === 'delivered') {
    view.delivered = {
      at: order.facts.deliveredAt ?? order.facts.updatedAt,
      name: order.facts.signedBy ?? '',
    };
  }
  return view;
}
