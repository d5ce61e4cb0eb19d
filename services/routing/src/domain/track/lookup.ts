import { OrderStatus } from '@portal/contracts';
import { type TrackingView } from '@portal/contracts/dispatch';
import { verifyTrackingToken } from '@portal/service-kit';
import { ordersOfDay, readOrder } from '../../readmodels/orders.js';
import { stopOrderOf } from '../maps/stop-order.js';
import { trackingView } from './view.js';

/**
 * GET /api/track/:token: the token verified (HMAC, expiry), then the order read from routing's read model; null for
 * an invalid, expired or revoked link (the route answers one 404 for all of them, so a caller learns nothing).
 */
export async function lookupTracking(
  token: string,
  secret: string,
  now = Date.now(),
): Promise<TrackingView | null> {
  const claims = verifyTrackingToken(token, secret, now);
  if (!claims) return null;
  const order = await readOrder(claims.orderId);
  if (!order) return null;
  const inTransitOnRoute = order.status === OrderStatus.inTransit && order.facts.route && order.deliveryDay;
  const [dayOrders, saved] = inTransitOnRoute
    ? await Promise.all([ordersOfDay(order.deliveryDay), stopOrderOf(order.facts.route, order.deliveryDay)])
    : [[], null];
  return trackingView(order, dayOrders, saved);
}
