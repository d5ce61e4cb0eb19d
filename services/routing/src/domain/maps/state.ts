import { Problem } from '@portal/service-kit';
import type { MapAddress, MapState } from '@portal/contracts/dispatch';
import { RouteMap } from '../../models/map.js';

/** The rules of a saved map (orders §7 "Maps"): its id, the stops it keeps, reading and saving. */
export const MAP_LIMITS = { stops: 500, address: 500, name: 200, orderId: 64, routeId: 100 } as const;

export const MapErrors = {
  badId: 'A map id is {routeId}_{YYYY-MM-DD}.',
  duplicate: (orderId: string) => `Stop ${orderId} is in the list twice.`,
  tooMany: `A map holds at most ${MAP_LIMITS.stops} stops.`,
} as const;

/** `{routeId}_{YYYY-MM-DD}` → its parts, or null (a real calendar day; a route id of letters, digits, _ and -, or '' for the schedule's "No route" group). */
export function parseMapId(id: string): { routeId: string; day: string } | null {
  const m = /^([A-Za-z0-9_-]{0,100})_(\d{4})-(\d{2})-(\d{2})$/.exec(id);
  if (!m) return null;
  const [, routeId, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const day = `${y}-${mo}-${d}`;
  return date.toISOString().slice(0, 10) === day ? { routeId: routeId!, day } : null;
}

export function checkMapId(id: string) {
  const parsed = parseMapId(id);
  if (!parsed) throw new Problem(400, MapErrors.badId);
  return parsed;
}

const clean = (a: MapAddress): MapAddress => ({
  address: a.address.trim(),
  name: a.name.trim(),
  deleted: a.deleted,
  order: a.order,
  ...(a.orderId ? { orderId: a.orderId } : {}),
  ...(a.zip ? { zip: a.zip.trim() } : {}),
});

/**
 * The stops as they are kept: sorted by the order sent (ties keep the list's order), renumbered 0…n-1, so a
 * saved map always reads back as one clean sequence; the same order id twice is refused.
 */
export function normalizeStops(addresses: MapAddress[]): MapAddress[] {
  if (addresses.length > MAP_LIMITS.stops) throw new Problem(400, MapErrors.tooMany);
  const seen = new Set<string>();
  for (const a of addresses) {
    if (!a.orderId) continue;
    if (seen.has(a.orderId)) throw new Problem(400, MapErrors.duplicate(a.orderId));
    seen.add(a.orderId);
  }
  return addresses
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.order - y.a.order || x.i - y.i)
    .map(({ a }, order) => ({ ...clean(a), order }));
}

const view = (doc: { _id: string; addresses: MapAddress[]; lastUpdated: Date }): MapState => ({
  id: doc._id,
  data: { addresses: doc.addresses.map(clean) },
  lastUpdated: doc.lastUpdated.toISOString(),
});

/** The saved map, or an empty one (never saved: the schedule's order is the map's). */
export async function readMap(id: string): Promise<MapState> {
  checkMapId(id);
  const doc = await RouteMap.findById(id).lean<{ _id: string; addresses: MapAddress[]; lastUpdated: Date }>();
  return doc ? view(doc) : { id, data: { addresses: [] } };
}

/**
 * A partial list (a driver sees only the stops they drive) merged into the saved one: the slots the sender's stops
 * held are filled, in the sender's new order, by the sender's stops; stops the sender does not see stay in their
 * slots; the sender's stops new to the map are appended. So a driver reordering their stops never drops or moves
 * another driver's.
 */
export function mergePartial(saved: MapAddress[], sent: MapAddress[]): MapAddress[] {
  const key = (a: MapAddress) => a.orderId || `${a.name}|${a.address}`;
  const mine = new Set(sent.map(key));
  const queue = [...sent];
  const out = [...saved]
    .sort((a, b) => a.order - b.order)
    .map((a) => (mine.has(key(a)) ? queue.shift()! : a));
  const placed = new Set(out.map(key));
  return [...out, ...queue.filter((a) => !placed.has(key(a)))].map((a, order) => ({ ...a, order }));
}

/**
 * Saves the list. `whole` (staff, who see every stop): the list replaces the saved one. Otherwise (a driver) the
 * list is merged into the saved one (mergePartial). The last save wins.
 */
export async function saveMap(
  id: string,
  addresses: MapAddress[],
  by: string,
  whole = true,
): Promise<MapState> {
  checkMapId(id);
  let stops = normalizeStops(addresses);
  if (!whole) {
    const saved = await RouteMap.findById(id).lean<{ addresses: MapAddress[] }>();
    if (saved) stops = normalizeStops(mergePartial(saved.addresses.map(clean), stops));
  }
  const doc = await RouteMap.findOneAndUpdate(
    { _id: id },
    { $set: { addresses: stops, lastUpdated: new Date(), updatedBy: by } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  return view(doc as unknown as { _id: string; addresses: MapAddress[]; lastUpdated: Date });
}
