import type { ApiClient } from '@portal/ui';

/**
 * mfe-fleet's calls and their answers (services/fleet: GET /drivers staff only, GET /vehicles staff and drivers —
 * drivers get active vehicles only). The shapes mirror services/fleet/src/schemas.ts; test/fleet.test.ts checks
 * every fake answer against that schema, so this copy cannot drift from what the service answers. They move to
 * @portal/contracts when fleet's shapes do.
 */
export interface Driver {
  id: string;
  name: string;
  phone: string;
  email: string;
  lic: string;
  occLic: string;
}

export interface Vehicle {
  id: string;
  name: string;
  lic: string;
  vin: string;
  year: number | null;
  /** 1 active, 0 inactive. */
  status: 0 | 1;
  mileage: number;
}

export const DRIVERS_KEY = ['fleet', 'drivers'] as const;
export const VEHICLES_KEY = ['fleet', 'vehicles'] as const;

export const listDrivers = (api: ApiClient) =>
  api.get<{ data: { drivers: Driver[] } }>('/api/drivers').then((r) => r.data.drivers);
export const listVehicles = (api: ApiClient) =>
  api.get<{ data: { vehicles: Vehicle[] } }>('/api/vehicles').then((r) => r.data.vehicles);
