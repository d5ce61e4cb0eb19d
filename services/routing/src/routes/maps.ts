import { Role, type RoleNumber } from '@portal/contracts';
import { type MapAddress } from '@portal/contracts/dispatch';
import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { readMap, saveMap } from '../domain/maps/state.js';
import { checkMapAccess } from '../domain/maps/access.js';
import { createGeocoder } from '../adapters/geocode.js';
import { createDirections } from '../adapters/directions.js';
import * as S from '../schemas/maps.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
/** Who runs routes: staff (0, 1) and drivers (2) read, reorder and save maps; companies (3, 4) never see them. */
export const MAP_ROLES: RoleNumber[] = [Role.SuperAdmin, Role.Admin, Role.Driver];

/** The adapters and basemap from this app's env (parts/maps.ts `MapsEnv`; unset = offline). */
function depsOf(env: Record<string, unknown>) {
  const str = (k: string) => String(env[k] ?? '');
  const num = (k: string, d: number) => (Number.isFinite(Number(env[k])) ? Number(env[k]) : d);
  const timeoutMs = num('GEO_TIMEOUT_MS', 4000);
  return {
    geocode: createGeocoder({
      url: str('GEOCODER_URL'),
      timeoutMs,
      concurrency: num('GEOCODER_CONCURRENCY', 1),
      userAgent: str('GEOCODER_USER_AGENT'),
    }),
    directions: createDirections({
      url: str('DIRECTIONS_URL'),
      timeoutMs,
      speedKmh: num('MAP_SPEED_KMH', 50),
    }),
    tilesUrl: str('MAP_TILES_URL'),
    tilesAttribution: str('MAP_TILES_ATTRIBUTION'),
  };
}

/** The maps calls (orders §7 "Maps") and the geocoder, directions and basemap the modal uses. */
export const mapsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app.env);
  const config = { roles: MAP_ROLES };
  app.get(
    '/maps/config',
    { config, schema: { tags: ['maps'], response: { 200: S.ConfigAnswer, ...errors } } },
    async () => ({
      data: { tilesUrl: deps.tilesUrl, tilesAttribution: deps.tilesAttribution, zoom: S.DEFAULT_ZOOM },
    }),
  );
  app.get(
    '/maps/:id',
    {
      config,
      schema: { tags: ['maps'], params: S.MapParams, response: { 200: S.MapAnswer, ...errors } },
    },
    async (request) => {
      await checkMapAccess(request.user, request.params.id);
      return { data: await readMap(request.params.id) };
    },
  );
  app.post(
    '/maps/update',
    {
      config,
      schema: { tags: ['maps'], body: S.MapUpdateBody, response: { 200: S.MapAnswer, ...errors } },
    },
    async (request) => {
      const { id, data } = request.body;
      await checkMapAccess(request.user, id);
      // a driver sends only the stops they drive: merged into the saved list, others' stops kept
      const whole = request.user.role !== Role.Driver;
      return { data: await saveMap(id, data.addresses as MapAddress[], request.user.sub, whole) };
    },
  );
  app.post(
    '/maps/geocode',
    {
      config,
      schema: { tags: ['maps'], body: S.GeocodeBody, response: { 200: S.GeocodeAnswer, ...errors } },
    },
    async (request) => ({ data: { points: await deps.geocode(request.body.stops) } }),
  );
  app.post(
    '/maps/directions',
    {
      config,
      schema: { tags: ['maps'], body: S.DirectionsBody, response: { 200: S.DirectionsAnswer, ...errors } },
    },
    async (request) => ({ data: await deps.directions(request.body.points) }),
  );
};
