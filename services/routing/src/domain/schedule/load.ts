import { Role, ANY_ZIP, UTILITY_ID_PREFIX, isUtilityRoute } from '@portal/contracts';
import { type ScheduleDay, type ScheduleOpts } from '@portal/contracts/dispatch';
import { Route } from '../../models/route.js';
import { ordersOfDay, ordersStamp } from '../../readmodels/orders.js';
import { driverIdsOfUser, listDrivers, listVehicles } from '../../readmodels/fleet.js';
import { buildScheduleDay, type ScheduleDriver, type ScheduleRouteInfo } from './build.js';

/**
 * The schedule's inputs from this instance's database: routes (deleted ones too: an old order still names its
 * route; the utility route expanded into its per-row pseudo-routes, named by city), kept ROUTES_TTL_MS in memory
 * (a renamed route shows within that); the day's orders and the drivers from the read models.
 */
export const ROUTES_TTL_MS = 3000;
let cache: { at: number; routes: ScheduleRouteInfo[]; json: string; version: number } | undefined;

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
        zips: rows.map((row) => row.zipCode ?? '').filter((z) => z && !z.startsWith(ANY_ZIP)),
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
  const routes = routeInfosOf(docs);
  const json = JSON.stringify(routes);
  // the version moves only when the routes did (the answer cache keys on it, not on the refresh time)
  cache = {
    at: now,
    routes,
    json,
    version: cache?.json === json ? cache.version : (cache?.version ?? 0) + 1,
  };
  return cache.routes;
}
/** Forget the cached routes and drivers (tests that write them). */
export const forgetRoutes = () => {
  cache = undefined;
  drivers = undefined;
  answers.clear();
};

/**
 * The drivers' and vehicles' names by id (one map: fleet ids never collide), kept like the routes (a renamed driver
 * or vehicle shows within ROUTES_TTL_MS): an order names its legs' drivers and vehicles by id.
 */
let drivers: { at: number; list: ScheduleDriver[]; json: string; version: number } | undefined;
export async function scheduleDrivers(now = Date.now()): Promise<ScheduleDriver[]> {
  if (drivers && now - drivers.at < ROUTES_TTL_MS) return drivers.list;
  const [people, vehicles] = await Promise.all([listDrivers(), listVehicles()]);
  const list = [...people, ...vehicles].map((d) => ({ id: d.id, name: d.name }));
  const json = JSON.stringify(list);
  drivers = {
    at: now,
    list,
    json,
    version: drivers?.json === json ? drivers.version : (drivers?.version ?? 0) + 1,
  };
  return drivers.list;
}

export interface Caller {
  sub: string;
  email: string;
  role: number;
}

/** The caller's fleet driver ids (role 2), else [] (staff see all). */
export const callerDriverIds = (c: Caller) =>
  c.role === Role.Driver ? driverIdsOfUser(c.sub, c.email) : Promise.resolve([]);

/**
 * The answer as JSON, kept per (day, q, scope) while nothing it depends on moved (the orders' catch-up stamp, the
 * live cursor, the cached routes and drivers) and for at most ANSWER_TTL_MS (the 24-hour driver-change flag ages):
 * a dispatch office's screens asking for the same day share one build and one JSON.stringify (2 MB for 2,000
 * orders). Staff (0, 1) share an answer; a driver's is keyed by their driver ids.
 */
export const ANSWER_TTL_MS = 30_000;
const ANSWERS = 16;
const answers = new Map<string, { at: number; stamp: string; json: Buffer }>();

export async function scheduleJson(c: Caller, opts: ScheduleOpts, cursor: number): Promise<Buffer> {
  const [orders, routes, list, ids] = await Promise.all([
    ordersOfDay(opts.day),
    scheduleRoutes(),
    scheduleDrivers(),
    callerDriverIds(c),
  ]);
  const slot = `${opts.day}|${opts.q ?? ''}|${c.role === Role.Driver ? `driver:${ids.join(',')}` : 'staff'}`;
  const stamp = `${ordersStamp()}|${cursor}|${cache?.version}|${drivers?.version}`;
  const now = Date.now();
  const hit = answers.get(slot);
  if (hit && hit.stamp === stamp && now - hit.at < ANSWER_TTL_MS) return hit.json;
  const day = buildScheduleDay(orders, routes, list, opts, c.role, ids, new Date(now), cursor);
  // UTF-8 once per build, not per caller (2 MB)
  const json = Buffer.from(JSON.stringify({ data: day }));
  answers.delete(slot);
  answers.set(slot, { at: now, stamp, json });
  if (answers.size > ANSWERS) answers.delete(answers.keys().next().value!);
  return json;
}

export async function scheduleFor(c: Caller, opts: ScheduleOpts, cursor: number): Promise<ScheduleDay> {
  return (JSON.parse((await scheduleJson(c, opts, cursor)).toString()) as { data: ScheduleDay }).data;
}
