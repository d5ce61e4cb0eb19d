import { canManageRoutes, type RoleNumber } from '@portal/contracts';
import { Route, type RouteDoc } from '../models/route.js';
import type { RouteListQuery, RouteView } from '../schemas.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Live routes, optionally those whose name starts with the search text (any case). Pure: unit-tested. */
export function routeListFilter(q: RouteListQuery = {}) {
  return q.q
    ? { deleted: false, name: { $regex: `^${escapeRegExp(q.q)}`, $options: 'i' } }
    : { deleted: false };
}
export const ROUTE_LIST_SORT = { name: 1, _id: 1 } as const;

/** A route as this caller may see it: the standard price only for those who edit routes. */
export function toRouteView(r: RouteDoc, role: RoleNumber): RouteView {
  const withPrice = canManageRoutes(role);
  return {
    id: String(r._id),
    name: r.name,
    startTime: r.startTime ?? '',
    rows: (r.rows ?? []).map((row) => ({
      id: String((row as { _id?: unknown })._id ?? ''),
      city: row.city ?? '',
      zipCode: row.zipCode ?? '',
      dayOfTheWeek: row.dayOfTheWeek ?? '',
      biWeekly: !!row.biWeekly,
      overnight: !!row.overnight,
      ...(withPrice ? { price: row.price ?? 0 } : {}),
    })),
  };
}

export async function listRoutes(role: RoleNumber, q: RouteListQuery): Promise<RouteView[]> {
  const docs = await Route.find(routeListFilter(q)).sort(ROUTE_LIST_SORT).lean<RouteDoc[]>();
  return docs.map((r) => toRouteView(r, role));
}
