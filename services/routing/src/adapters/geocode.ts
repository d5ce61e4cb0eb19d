import { createRequire } from 'node:module';
import { cacheCounter } from '@portal/service-kit';
import { fetchJson, isCoordinate, type LatLon } from './geo.js';

/**
 * Geocoding behind one interface. Offline (the default): the US zip-code centroids of the `zipcodes` npm package
 * (BSD; ~42,000 US zips with a latitude and longitude, shipped in the package, read once, no download at run time).
 * With GEOCODER_URL: the Nominatim search API (`GET {url}/search?q=…&countrycodes=us&format=jsonv2&limit=1`, also
 * served by Photon-compatible and self-hosted Nominatim installs), each call bounded by a timeout; a failed or empty
 * answer falls back to the zip centroid. Answers are cached in memory per address (the same stops come every day).
 */
export interface GeocodeStop {
  address: string;
  zip: string;
}
export interface Geocoded extends LatLon {
  precision: 'address' | 'zip';
}
export interface GeocoderOptions {
  /** Nominatim base URL ('' = offline). */
  url: string;
  timeoutMs: number;
  /** Parallel calls to the geocoder (Nominatim's public policy asks for 1). */
  concurrency: number;
  userAgent?: string;
}

type ZipRecord = { latitude: number; longitude: number; country: string };
let codes: Record<string, ZipRecord> | undefined;
const zipTable = () =>
  (codes ??= (createRequire(import.meta.url)('zipcodes') as { codes: Record<string, ZipRecord> }).codes);

/** The centroid of a US zip (5 digits; ZIP+4 and spaces are cut), or null when the data set does not have it. */
export function zipCentroid(zip: string): LatLon | null {
  const five = /^\s*(\d{5})/.exec(zip ?? '')?.[1];
  const rec = five ? zipTable()[five] : undefined;
  if (!rec || rec.country !== 'US' || !isCoordinate(rec.latitude, rec.longitude)) return null;
  return { lat: rec.latitude, lon: rec.longitude };
}

const fromZip = (stop: GeocodeStop): Geocoded | null => {
  const c = zipCentroid(stop.zip);
  return c ? { ...c, precision: 'zip' } : null;
};

const CACHE_MAX = 5000;
export function createGeocoder(opts: GeocoderOptions) {
  const cache = new Map<string, LatLon | null>();
  const stats = cacheCounter('routing.geocode', { max: CACHE_MAX, size: () => cache.size });
  async function remote(stop: GeocodeStop): Promise<LatLon | null> {
    const key = `${stop.address}|${stop.zip}`.toLowerCase();
    if (cache.has(key)) {
      stats.hit();
      return cache.get(key)!;
    }
    stats.miss();
    const q = new URLSearchParams({ q: stop.address, countrycodes: 'us', format: 'jsonv2', limit: '1' });
    const url = `${opts.url.replace(/\/+$/, '')}/search?${q}`;
    const answer = await fetchJson(
      url,
      opts.timeoutMs,
      opts.userAgent ? { 'user-agent': opts.userAgent } : {},
    );
    const first = Array.isArray(answer) ? (answer[0] as { lat?: unknown; lon?: unknown }) : undefined;
    const point = first ? { lat: Number(first.lat), lon: Number(first.lon) } : null;
    const found = point && isCoordinate(point.lat, point.lon) ? point : null;
    if (cache.size >= CACHE_MAX) {
      cache.delete(cache.keys().next().value!);
      stats.evicted();
    }
    cache.set(key, found);
    return found;
  }
  async function one(stop: GeocodeStop): Promise<Geocoded | null> {
    if (!opts.url || !stop.address.trim()) return fromZip(stop);
    try {
      const hit = await remote(stop);
      if (hit) return { ...hit, precision: 'address' };
    } catch {
      // the geocoder is down or slow: the zip centroid still puts the stop on the map
    }
    return fromZip(stop);
  }
  /** One answer per stop, in order; null when neither the geocoder nor the zip table places it. */
  return async function geocode(stops: GeocodeStop[]): Promise<(Geocoded | null)[]> {
    const out: (Geocoded | null)[] = new Array(stops.length).fill(null);
    let next = 0;
    const lanes = Array.from({ length: Math.max(1, Math.min(opts.concurrency, stops.length)) }, async () => {
      while (next < stops.length) {
        const i = next++;
        out[i] = await one(stops[i]!);
      }
    });
    await Promise.all(lanes);
    return out;
  };
}
export type Geocoder = ReturnType<typeof createGeocoder>;
