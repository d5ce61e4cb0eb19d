import type { ApiClient } from '@portal/ui';
import type { GeoPoint, MapAddress, MapDirections, MapState, MapsConfig } from '@portal/contracts/dispatch';

/** The route map's calls to services/routing (orders §7 "Maps", and the geocoder/directions/basemap adapters). */
export const mapKey = (id: string) => ['routing', 'map', id] as const;

export const getMapsConfig = (api: ApiClient) =>
  api.get<{ data: MapsConfig }>('/api/maps/config').then((r) => r.data);
export const getMap = (api: ApiClient, id: string) =>
  api.get<{ data: MapState }>(`/api/maps/${encodeURIComponent(id)}`).then((r) => r.data);
export const saveMap = (api: ApiClient, id: string, addresses: MapAddress[]) =>
  api.post<{ data: MapState }>('/api/maps/update', { id, data: { addresses } }).then((r) => r.data);
export const geocode = (api: ApiClient, stops: { address: string; zip: string }[]) =>
  api
    .post<{ data: { points: (GeoPoint | null)[] } }>('/api/maps/geocode', { stops })
    .then((r) => r.data.points);
export const directions = (api: ApiClient, points: { lat: number; lon: number }[]) =>
  api.post<{ data: MapDirections }>('/api/maps/directions', { points }).then((r) => r.data);
