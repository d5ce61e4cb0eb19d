import type { GeoPoint, MapAddress } from '@portal/contracts/dispatch';

/** One stop of the modal's list: the schedule's stop, with the saved map's deleted flag and its position. */
export interface MapStop {
  key: string;
  orderId: string;
  name: string;
  address: string;
  zip: string;
  deleted: boolean;
  point?: GeoPoint | null;
}
/** A stop as the schedule hands it to the map (schedule order). */
export interface ScheduleStop {
  orderId: string;
  name: string;
  address: string;
  zip: string;
}

const keyOf = (s: { orderId?: string; address: string; name: string }) =>
  s.orderId || `${s.name}|${s.address}`;

/**
 * The list the modal opens with: the saved map's order and deleted flags win for the stops it knows (matched by
 * order id, else by name and address); stops the schedule has and the map does not are appended in schedule
 * order; saved stops no longer on the route that day are dropped.
 */
export function mergeStops(stops: ScheduleStop[], saved: MapAddress[]): MapStop[] {
  const byKey = new Map(stops.map((s) => [keyOf(s), s]));
  const out: MapStop[] = [];
  const used = new Set<string>();
  for (const a of [...saved].sort((x, y) => x.order - y.order)) {
    const key = keyOf(a);
    const s = byKey.get(key);
    if (!s || used.has(key)) continue;
    used.add(key);
    out.push({ ...s, key, deleted: a.deleted });
  }
  for (const s of stops) {
    const key = keyOf(s);
    if (used.has(key)) continue;
    used.add(key);
    out.push({ ...s, key, deleted: false });
  }
  return out;
}

/** The body of POST /api/maps/update: every stop, removed ones included (greyed, restorable). */
export const toAddresses = (stops: MapStop[]): MapAddress[] =>
  stops.map((s, order) => ({
    address: s.address,
    name: s.name,
    deleted: s.deleted,
    order,
    orderId: s.orderId,
    zip: s.zip,
  }));

/** Moves the item at `from` to `to` (both indexes of the list). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Marker numbers: 1… for the stops kept, in list order; removed stops have none. */
export function numbersOf(stops: MapStop[]): (number | null)[] {
  let n = 0;
  return stops.map((s) => (s.deleted ? null : ++n));
}

export const sameOrder = (a: MapStop[], b: MapStop[]) =>
  a.length === b.length && a.every((s, i) => s.key === b[i]!.key && s.deleted === b[i]!.deleted);

const MAX_WAYPOINTS = 9;
/**
 * "Open in Google Maps": the Maps URLs API's directions link, driving; origin = first kept stop, destination =
 * the last, waypoints between (Google takes at most 9: beyond that the link covers the first 11 stops).
 */
export function googleMapsUrl(stops: MapStop[]): string | null {
  const kept = stops.filter((s) => !s.deleted);
  if (!kept.length) return null;
  const place = (s: MapStop) => [s.address, s.zip].filter(Boolean).join(' ');
  const ends = kept.length > MAX_WAYPOINTS + 2 ? kept.slice(0, MAX_WAYPOINTS + 2) : kept;
  const q = new URLSearchParams({
    api: '1',
    origin: place(ends[0]!),
    destination: place(ends[ends.length - 1]!),
  });
  if (ends.length > 2) q.set('waypoints', ends.slice(1, -1).map(place).join('|'));
  q.set('travelmode', 'driving');
  return `https://www.google.com/maps/dir/?${q}`;
}
export const googleTruncated = (stops: MapStop[]) =>
  stops.filter((s) => !s.deleted).length > MAX_WAYPOINTS + 2;

/** "12.3 mi · 25 min" */
export function distanceText(metres: number, seconds?: number): string {
  const mi = metres / 1609.344;
  const d = `${mi < 10 ? mi.toFixed(1) : Math.round(mi)} mi`;
  if (seconds === undefined) return d;
  const min = Math.round(seconds / 60);
  return `${d} · ${min >= 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${min} min`}`;
}

/**
 * Stops at the very same position (offline, every stop of a zip sits on its centroid) are spread on a small circle
 * around it (~150 m), so each numbered marker stays visible and clickable; lone stops keep their position.
 */
export function spreadSame<T extends { lat: number; lon: number }>(points: T[], radiusDeg = 0.0015): T[] {
  const groups = new Map<string, number[]>();
  points.forEach((p, i) => {
    const k = `${p.lat.toFixed(5)},${p.lon.toFixed(5)}`;
    groups.set(k, [...(groups.get(k) ?? []), i]);
  });
  const out = [...points];
  for (const idx of groups.values()) {
    if (idx.length < 2) continue;
    idx.forEach((i, j) => {
      const a = (2 * Math.PI * j) / idx.length;
      const p = points[i]!;
      const r = radiusDeg * Math.sqrt(idx.length / 2);
      out[i] = {
        ...p,
        lat: p.lat + r * Math.sin(a),
        lon: p.lon + (r * Math.cos(a)) / Math.cos((p.lat * Math.PI) / 180),
      };
    });
  }
  return out;
}
