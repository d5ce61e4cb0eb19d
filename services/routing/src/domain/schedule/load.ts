import {
  ANY_ZIP,
  UTILITY_ID_PREFIX,
  isUtilityRoute,
  type ScheduleDay,
  type ScheduleOpts,
} from '@portal/contracts';
import { Route } from '../../models/route.js';
import { ordersOfDay } from '../../readmodels/orders.js';
import { driverIdsOfUser, listDrivers } from '../../readmodels/fleet.js';
import { buildScheduleDay, type ScheduleRouteInfo } from './build.js';

/**
 * The schedule's inputs from this instance's database: routes (deleted ones too: an old order still names its
 * route; the utility route expanded into its per-row pseudo-routes, named by city), kept ROUTES_TTL_MS in memory
 * (a renamed route shows within that); the day's orders and the drivers from the read models.
 */
export const ROUTES_TTL_MS = 3000;
let cache: { at: number; routes: ScheduleRouteInfo[] } | undefined;

interface StoredRoute {
  _id: unknown;
  name: string;
  startTime?: string;
  rows?: { _id: unknown; city?: string; zipCode?: string }[];
}

export function routeInfosOf(docs: StoredRoute[]): ScheduleRouteInfo[] {
  return docs.flatMap((r): ScheduleRouteInfo[] => {
    const rows = r.rows ?? [];
    if (isUtilityRoute(r.name))
      return rows.map((row) => ({
        id: `${UTILITY_ID_PREFIX}${String(row._id)}`,
        name: row.city ?? '',
        startTime: r.startTime ?? '',
        cities: [row.city ?? ''],
        anyZip: true,
      }));
    return [
      {
        id: String(r._id),
        name: r.name,
        startTime: r.startTime ?? '',
        cities: rows.map((row) => row.city ?? ''),
        anyZip: rows.some((row) => (row.zipCode ?? '').startsWith(ANY_ZIP)),
      },
    ];
  });
}

export async function scheduleRoutes(now = Date.now()): Promise<ScheduleRouteInfo[]> {
  if (cache && now - cache.at < ROUTES_TTL_MS) return cache.routes;
  const docs = await Route.find(
    {},
    { name: 1, startTime: 1, 'rows._id': 1, 'rows.city': 1, 'rows.zipCode': 1 },
  ).lean<StoredRoute[]>();
  cache = { at: now, routes: routeInfosOf(docs) };
  return cache.routes;
}
/** Forget the cached routes (tests that write routes). */
export const forgetRoutes = () => (cache = undefined);

export interface Caller {
  sub: string;
  email: string;
  role: number;
}

/** The caller's fleet driver ids (role 2), else [] (staff see all). */
export const callerDriverIds = (c: Caller) =>
  c.role === 2 ? driverIdsOfUser(c.sub, c.email) : Promise.resolve([]);

export async function scheduleFor(c: Caller, opts: ScheduleOpts, cursor: number): Promise<ScheduleDay> {
  const [orders, routes, drivers, ids] = await Promise.all([
    ordersOfDay(opts.day),
    scheduleRoutes(),
    listDrivers(),
    callerDriverIds(c),
  ]);
  return buildScheduleDay(orders, routes, drivers, opts, c.role, ids, new Date(), cursor);
}
