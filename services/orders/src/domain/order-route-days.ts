import {
  OrderMessages,
  dayOf,
  orderDeliveryDays,
  type RouteFindAnswer,
  type RouteFindMatch,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { keptRoutes } from './route-days-cache.js';

/**
 * The delivery days of a destination zip, from routing's `POST /api/routes/find {zip, from, to}` on the running
 * stack (routing owns routes; orders keeps no copy of them, only routing's answers until a route changes). The
 * caller's bearer token is forwarded on a call: routing checks it like any call (orders has checked the caller
 * already, and an answer is the same for every caller). The base URL is env ROUTING_URL (app.ts; default http://127.0.0.1:$ROUTING_PORT, the local stack's).
 * Routing down or failing → 503 with a clear message: the day rule is never skipped silently for a vendor.
 */
export interface RouteDaysDeps {
  routingUrl: string;
  authorization?: string;
  timeoutMs?: number;
}

/**
 * The days ('YYYY-MM-DD') in [from, to] an order may be delivered to `zip`: contracts' orderDeliveryDays (the days a
 * delivery route runs there, as the public schedule lists them); [] when none serves it.
 */
export async function deliveryDaysFor(
  zip: string,
  from: string,
  to: string,
  deps: RouteDaysDeps,
): Promise<string[]> {
  const routes = await routesFor(zip, from, to, deps);
  return orderDeliveryDays(routes).filter((d) => d >= from && d <= to);
}

/**
 * Routing's matches for `zip` in [from, to] ([] for no zip or a range routing refuses); 503 when unreachable. Kept
 * per process until a route changes (route-days-cache.ts).
 */
export async function routesFor(
  zip: string,
  from: string,
  to: string,
  deps: RouteDaysDeps,
): Promise<RouteFindMatch[]> {
  const zip5 = (zip ?? '').trim();
  if (!/^\d{5}(-\d{4})?$/.test(zip5)) return [];
  const base = deps.routingUrl.replace(/\/$/, '');
  return keptRoutes(`${base} ${zip5} ${from} ${to}`, () => askRouting(base, zip5, from, to, deps));
}

async function askRouting(
  base: string,
  zip5: string,
  from: string,
  to: string,
  deps: RouteDaysDeps,
): Promise<RouteFindMatch[]> {
  let res: Response;
  try {
    res = await fetch(`${base}/api/routes/find`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(deps.authorization ? { authorization: deps.authorization } : {}),
      },
      body: JSON.stringify({ zip: zip5, from, to }),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 4000),
    });
  } catch {
    throw new Problem(503, OrderMessages.routingUnavailable);
  }
  if (res.status === 400) return [];
  if (!res.ok) throw new Problem(503, OrderMessages.routingUnavailable);
  const body = (await res.json()) as RouteFindAnswer;
  return body.data.routes;
}

/** The delivery days of the one day a delivery date asks about (the rule checks that day only). */
export async function dayAllowedList(
  zip: string | undefined,
  preferredDelivery: string | undefined,
  deps: RouteDaysDeps,
): Promise<string[] | undefined> {
  const day = dayOf(preferredDelivery);
  if (!day || day === 'invalid') return undefined;
  return deliveryDaysFor(zip ?? '', day, day, deps);
}
