import mongoose from 'mongoose';
import {
  ANY_ZIP,
  RouteMessages as M,
  Subjects,
  canManageRoutes,
  expandUtility,
  zip5,
  type RoleNumber,
  type Route as RouteView,
  type RouteInput,
  type RoutesWhere,
  type RouteUpdateInput,
} from '@portal/contracts';
import { Problem, type OutboxMethods } from '@portal/service-kit';
import { Route, deletedNameKey, nameKeyOf, type RouteDoc } from '../models/route.js';
import { validRoute, type CleanRoute } from './validate.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isId = (id: string) => mongoose.isValidObjectId(id) && /^[a-f\d]{24}$/i.test(id);

/**
 * Live routes, narrowed by the search box (a case-blind name prefix) or ids. Pure: unit-tested; `deleted: false`
 * is the index-served equality, the rest filters those rows.
 */
export function routeListFilter(where: RoutesWhere = {}) {
  const ids = where.ids?.filter(isId);
  return {
    deleted: false,
    ...(where.q ? { name: { $regex: `^${escapeRegExp(where.q)}`, $options: 'i' } } : {}),
    ...(ids ? { _id: { $in: ids } } : {}),
  };
}

/** where.zip: routes with a row for that zip or for every zip. In memory (no dotted-path filters, DATA.md). */
export function servesZip(zip: string | undefined) {
  if (zip === undefined) return () => true;
  const z = zip5(zip) || zip.trim();
  return (r: RouteView) => r.data.rows.some((row) => row.zipCode === z || row.zipCode === ANY_ZIP);
}
export const ROUTE_LIST_SORT = { name: 1, _id: 1 } as const;

/** A route as stored, every field (the event carries this). Pure. */
export function toRoute(r: RouteDoc): RouteView {
  return {
    id: String(r._id),
    name: r.name,
    data: {
      startTime: r.startTime ?? '',
      rows: (r.rows ?? []).map((row) => ({
        id: String((row as { _id?: unknown })._id ?? ''),
        city: row.city ?? '',
        zipCode: row.zipCode ?? '',
        dayOfTheWeek: row.dayOfTheWeek ?? '',
        biWeekly: !!row.biWeekly,
        overnight: !!row.overnight,
        price: row.price ?? 0,
        // notes always present: an empty data object would be dropped from the stored outbox event (minimize)
        data: { notes: row.data?.notes ?? '' },
      })),
    },
    created: new Date(r.created ?? 0).toISOString(),
    lastUpdated: new Date(r.lastUpdated ?? 0).toISOString(),
  };
}

/** What this caller may see of a route: the standard price only for those who edit routes (roles 0, 1). Pure. */
export function forRole(route: RouteView, role: RoleNumber): RouteView {
  if (canManageRoutes(role)) return route;
  return { ...route, data: { ...route.data, rows: route.data.rows.map(({ price: _p, ...row }) => row) } };
}

export async function listRoutes(role: RoleNumber, where: RoutesWhere = {}): Promise<RouteView[]> {
  if (where.external) return (await externalRoutes(where)).map((r) => forRole(r, role));
  const docs = await Route.find(routeListFilter(where)).sort(ROUTE_LIST_SORT).lean<RouteDoc[]>();
  return docs
    .map(toRoute)
    .filter(servesZip(where.zip))
    .map((r) => forRole(r, role));
}

/**
 * load-all-routes with `external` (orders §7 "Routes"): every live route with the utility route expanded into its
 * pseudo-routes (one per row, named by city, id `__utility__<rowId>`), then q, zip and ids on those, by name.
 */
async function externalRoutes(where: RoutesWhere): Promise<RouteView[]> {
  const docs = await Route.find({ deleted: false }).sort(ROUTE_LIST_SORT).lean<RouteDoc[]>();
  const q = where.q?.toLowerCase();
  return expandUtility(docs.map(toRoute))
    .filter((r) => !q || r.name.toLowerCase().startsWith(q))
    .filter((r) => !where.ids || where.ids.includes(r.id))
    .filter(servesZip(where.zip))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

export async function liveRoute(id: string): Promise<RouteDoc | null> {
  return isId(id) ? Route.findOne({ _id: id, deleted: false }).lean<RouteDoc>() : null;
}

const isDuplicate = (e: unknown) => (e as { code?: number }).code === 11000;
/** Two live routes cannot share a name (any case); the unique nameKey index backs the check before the write. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isDuplicate(e)) throw new Problem(409, M.duplicateName(name));
    throw e;
  }
}
async function assertNameFree(clean: CleanRoute, except?: unknown) {
  const taken = await Route.exists({
    nameKey: nameKeyOf(clean.name),
    ...(except ? { _id: { $ne: except } } : {}),
  });
  if (taken) throw new Problem(409, M.duplicateName(clean.name));
}

/** POST /routes/create: validate, then the route and its `created` event in one write. */
export async function createRoute(input: RouteInput): Promise<RouteView> {
  const clean = validRoute(input);
  await assertNameFree(clean);
  const now = new Date();
  const doc = new Route({ ...clean, nameKey: nameKeyOf(clean.name), created: now, lastUpdated: now });
  const route = toRoute(doc.toObject() as RouteDoc);
  (doc as unknown as OutboxMethods).addEvent(Subjects.routeChanged, { action: 'created', route });
  await uniqueName(clean.name, () => doc.save());
  return route;
}

/**
 * POST /routes/update: the whole route replaced (rows keep their ids when sent back), with its `updated` event in
 * the same update. The update matches the lastUpdated it read, so a concurrent change answers 409, never lost.
 */
export async function updateRoute(input: RouteUpdateInput): Promise<RouteView> {
  const clean = validRoute(input);
  const before = await liveRoute(input.id);
  if (!before) throw new Problem(404, M.notFound);
  const seen = new Date(before.lastUpdated).toISOString();
  if (input.lastUpdated && input.lastUpdated !== seen) throw new Problem(409, M.changedMeanwhile);
  await assertNameFree(clean, before._id);
  const set = { ...clean, nameKey: nameKeyOf(clean.name), lastUpdated: new Date() };
  const after = new Route({ ...before, ...set }).toObject() as RouteDoc; // ids for new rows, as stored
  const route = toRoute(after);
  const res = await uniqueName(clean.name, () =>
    Route.updateOneWithEvents(
      { _id: before._id, deleted: false, lastUpdated: before.lastUpdated },
      { $set: { ...set, rows: after.rows } },
      [{ subject: Subjects.routeChanged, data: { action: 'updated', route } }],
    ),
  );
  if (res.matchedCount === 0) throw new Problem(409, M.changedMeanwhile);
  return route;
}

/** POST /routes/delete: flagged, its name freed, with its `deleted` event; a second delete is a 404. */
export async function deleteRoute(id: string): Promise<{ id: string; deleted: true }> {
  const before = await liveRoute(id);
  if (!before) throw new Problem(404, M.notFound);
  const lastUpdated = new Date();
  const route = toRoute({ ...before, lastUpdated });
  const res = await Route.updateOneWithEvents(
    { _id: before._id, deleted: false },
    { $set: { deleted: true, nameKey: deletedNameKey(before.name, before._id), lastUpdated } },
    [{ subject: Subjects.routeChanged, data: { action: 'deleted', route } }],
  );
  if (res.matchedCount === 0) throw new Problem(404, M.notFound);
  return { id: String(before._id), deleted: true };
}
