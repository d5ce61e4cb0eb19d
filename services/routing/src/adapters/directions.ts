import { fetchJson, haversineM, isCoordinate, type LatLon } from './geo.js';

/**
 * Driving directions behind one interface. With DIRECTIONS_URL: OSRM's route service
 * (`GET {url}/route/v1/driving/{lon},{lat};…?overview=full&geometries=geojson`, the documented v1 API, also
 * served by self-hosted OSRM), bounded by a timeout. Offline (the default) or when that call fails: straight
 * segments between the stops, haversine distance, and the duration at an assumed average speed.
 */
export interface Directions {
  /** [lon, lat] pairs (GeoJSON order), first stop to last. */
  line: [number, number][];
  /** metres */
  distance: number;
  /** seconds */
  duration: number;
  source: 'router' | 'straight';
}
export interface DirectionsOptions {
  url: string;
  timeoutMs: number;
  /** Assumed average speed of the straight-line estimate, km/h. */
  speedKmh: number;
}

export function straightDirections(points: LatLon[], speedKmh: number): Directions {
  let distance = 0;
  for (let i = 1; i < points.length; i++) distance += haversineM(points[i - 1]!, points[i]!);
  return {
    line: points.map((p) => [p.lon, p.lat]),
    distance: Math.round(distance),
    duration: Math.round(distance / ((speedKmh * 1000) / 3600)),
    source: 'straight',
  };
}

interface OsrmAnswer {
  code?: string;
  routes?: { distance?: number; duration?: number; geometry?: { coordinates?: unknown } }[];
}

const lineOf = (coords: unknown): [number, number][] | null => {
  if (!Array.isArray(coords) || coords.length < 2) return null;
  const line = coords.filter((c): c is [number, number] => Array.isArray(c) && isCoordinate(c[1], c[0]));
  return line.length === coords.length ? line.map(([lon, lat]) => [lon, lat]) : null;
};

export function createDirections(opts: DirectionsOptions) {
  return async function directions(points: LatLon[]): Promise<Directions> {
    if (opts.url && points.length >= 2) {
      try {
        const path = points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
        const url = `${opts.url.replace(/\/+$/, '')}/route/v1/driving/${path}?overview=full&geometries=geojson`;
        const answer = (await fetchJson(url, opts.timeoutMs)) as OsrmAnswer;
        const route = answer.code === 'Ok' ? answer.routes?.[0] : undefined;
        const line = lineOf(route?.geometry?.coordinates);
        if (route && line && Number.isFinite(route.distance) && Number.isFinite(route.duration))
          return {
            line,
            distance: Math.round(route.distance!),
            duration: Math.round(route.duration!),
            source: 'router',
          };
      } catch {
        // the router is down or slow: the straight estimate below
      }
    }
    return straightDirections(points, opts.speedKmh);
  };
}
export type DirectionsService = ReturnType<typeof createDirections>;
