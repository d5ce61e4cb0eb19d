/**
 * Dispatch: the route map calls and words. Plain types and constants (browser-safe); the whole of dispatch is the
 * `@portal/contracts/dispatch` entry (dispatch.ts re-exports this file).
 */

/** Map state (orders §3 "Map state"): GET /api/maps/{id}, POST /api/maps/update {id, data}. id = `{routeId}_{day}`. */
export interface MapAddress {
  address: string;
  name: string;
  deleted: boolean;
  order: number;
  /** The order this stop serves (ours; the spec's fields are the four above). */
  orderId?: string;
  zip?: string;
}
export interface MapState {
  id: string;
  data: { addresses: MapAddress[] };
  /** When it was saved last (absent: never saved). */
  lastUpdated?: string;
}
export const mapIdOf = (routeId: string, day: string) => `${routeId}_${day}`;

/** Route map (maps part): GET /api/maps/config → {data: MapsConfig}. */
export interface MapsConfig {
  /** XYZ tile URL template ({z}/{x}/{y}); '' = the plain vector basemap of US state outlines. */
  tilesUrl: string;
  tilesAttribution: string;
  zoom: number;
}
/** POST /api/maps/geocode {stops: [{address, zip}]} → {data: {points: (GeoPoint | null)[]}} (one per stop). */
export interface GeoPoint {
  lat: number;
  lon: number;
  /** 'zip': the zip code's centroid (offline default, or the geocoder did not find the street address). */
  precision: 'address' | 'zip';
}
/** POST /api/maps/directions {points: [{lat, lon}]} → {data: MapDirections}. */
export interface MapDirections {
  /** [lon, lat] pairs. */
  line: [number, number][];
  /** metres */
  distance: number;
  /** seconds */
  duration: number;
  /** 'straight': straight segments at an assumed speed (no directions service configured, or it failed). */
  source: 'router' | 'straight';
}
export const MapMessages = {
  saved: 'Map saved.',
  saveFailed: (message: string) => `Map not saved: ${message}`,
  notLocated: 'No position found for this address',
  noStops: 'This route has no stops on this day.',
} as const;
