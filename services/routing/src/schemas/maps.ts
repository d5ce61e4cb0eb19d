import { Type, type Static, type TSchema } from 'typebox';
import { DISPATCH } from '@portal/contracts/dispatch';
import { MAP_LIMITS as L } from '../domain/maps/state.js';

/** The maps calls' bodies and answers (orders §7 "Maps"; types in contracts dispatch.ts). */
const obj = <P extends Record<string, TSchema>>(p: P) => Type.Object(p, { additionalProperties: false });
const text = (max: number, what: string) =>
  Type.String({ maxLength: max, errorMessage: `${what} must be text of at most ${max} characters` });

export const MapAddress = obj({
  address: text(L.address, 'address'),
  name: text(L.name, 'name'),
  deleted: Type.Boolean({ errorMessage: 'deleted must be true or false' }),
  order: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    errorMessage: 'order must be a whole number, 0 or more',
  }),
  orderId: Type.Optional(text(L.orderId, 'orderId')),
  zip: Type.Optional(text(10, 'zip')),
});
const MapId = Type.String({
  minLength: 1,
  maxLength: 120,
  errorMessage: 'id must be {routeId}_{YYYY-MM-DD}',
});
export const MapState = obj({
  id: Type.String(),
  data: obj({ addresses: Type.Array(MapAddress) }),
  lastUpdated: Type.Optional(Type.String()),
});
export const MapAnswer = obj({ data: MapState });
export const MapParams = obj({ id: MapId });
export const MapUpdateBody = obj({
  id: MapId,
  data: obj({
    addresses: Type.Array(MapAddress, {
      maxItems: L.stops,
      errorMessage: `data.addresses must be a list of at most ${L.stops} stops {address, name, deleted, order}`,
    }),
  }),
});
export type MapUpdateBodyT = Static<typeof MapUpdateBody>;

const Zip = Type.String({ maxLength: 10, errorMessage: 'zip must be text' });
export const GeocodeBody = obj({
  stops: Type.Array(obj({ address: text(L.address, 'address'), zip: Zip }), {
    maxItems: L.stops,
    errorMessage: `stops must be a list of at most ${L.stops} {address, zip}`,
  }),
});
const Point = obj({
  lat: Type.Number({ minimum: -90, maximum: 90, errorMessage: 'lat must be a latitude (-90 … 90)' }),
  lon: Type.Number({ minimum: -180, maximum: 180, errorMessage: 'lon must be a longitude (-180 … 180)' }),
});
const GeoPoint = obj({
  lat: Type.Number(),
  lon: Type.Number(),
  precision: Type.Union([Type.Literal('address'), Type.Literal('zip')]),
});
export const GeocodeAnswer = obj({ data: obj({ points: Type.Array(Type.Union([GeoPoint, Type.Null()])) }) });
export const DirectionsBody = obj({
  points: Type.Array(Point, {
    minItems: 2,
    maxItems: L.stops,
    errorMessage: `points must be a list of 2 to ${L.stops} {lat, lon}`,
  }),
});
export const DirectionsAnswer = obj({
  data: obj({
    line: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
    distance: Type.Number(),
    duration: Type.Number(),
    source: Type.Union([Type.Literal('router'), Type.Literal('straight')]),
  }),
});
export const ConfigAnswer = obj({
  data: obj({ tilesUrl: Type.String(), tilesAttribution: Type.String(), zoom: Type.Number() }),
});
export const DEFAULT_ZOOM = DISPATCH.mapZoom;
