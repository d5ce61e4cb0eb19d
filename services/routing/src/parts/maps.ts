import { Type } from 'typebox';
import type { Part, PartContext } from './part.js';
import { mapsRoutes } from '../routes/maps.js';

/** The env of the maps part: every key unset = offline (zip centroids, straight lines, vector basemap). */
export const MapsEnv = {
  /** Nominatim-compatible search API base URL ('' = offline zip centroids). */
  GEOCODER_URL: Type.String({ default: '' }),
  /** OSRM base URL ('' = straight segments). */
  DIRECTIONS_URL: Type.String({ default: '' }),
  GEO_TIMEOUT_MS: Type.Integer({ default: 4000, minimum: 100 }),
  /** Parallel geocoder calls (the public Nominatim's policy asks for 1). */
  GEOCODER_CONCURRENCY: Type.Integer({ default: 1, minimum: 1, maximum: 16 }),
  GEOCODER_USER_AGENT: Type.String({ default: 'portal-routing/1.0' }),
  /** Average speed of the straight-line estimate, km/h. */
  MAP_SPEED_KMH: Type.Number({ default: 50, minimum: 5, maximum: 130 }),
  /** XYZ tiles ({z}/{x}/{y}) for the browser's basemap ('' = US state outlines, vector). */
  MAP_TILES_URL: Type.String({ default: '' }),
  MAP_TILES_ATTRIBUTION: Type.String({ default: '' }),
};

/** The maps part (see services/routing/README.md): saved maps, geocoding, directions, basemap. */
export const mapsPart = (_ctx: PartContext): Part => ({ routes: [mapsRoutes], env: MapsEnv });
