import {
  FLEET_EXPORT_PATH,
  type DriverAnswer,
  type DriverInput,
  type DriverListAnswer,
  type FleetManagerAnswer,
  type MaintenanceAnswer,
  type MaintenanceInput,
  type MaintenanceListAnswer,
  type Vehicle,
  type VehicleAnswer,
  type VehicleInput,
  type VehicleListAnswer,
} from '@portal/contracts';
import { saveBlob, serverMessage, type ApiClient, type Session } from '@portal/ui';

/** mfe-fleet's calls (orders §7 Drivers, Vehicles; services/fleet), typed by @portal/contracts' fleet shapes. */
export const FLEET_KEY = ['fleet'] as const;
export const DRIVERS_KEY = ['fleet', 'drivers'] as const;
export const VEHICLES_KEY = ['fleet', 'vehicles'] as const;
export const FLEETMANAGER_KEY = ['fleet', 'fleetmanager'] as const;
export const maintenanceKey = (vehicleId: string) => ['fleet', 'maintenance', vehicleId] as const;
const one = (id: string) => `/api/vehicles/${encodeURIComponent(id)}`;

export const listDrivers = (api: ApiClient) =>
  api.get<DriverListAnswer>('/api/drivers').then((r) => r.data.drivers);
export const saveDriver = (api: ApiClient, driver: DriverInput) =>
  api.post<DriverAnswer>('/api/drivers/update', { driver });
export const deleteDriver = (api: ApiClient, id: string) =>
  api.post<{ message: string }>('/api/drivers/delete', { driver: { id } });

export const listVehicles = (api: ApiClient) =>
  api.get<VehicleListAnswer>('/api/vehicles').then((r) => r.data.vehicles);
/** The fleet manager's list: the same vehicles plus counts over the caller's whole fleet. */
export const fleetManager = (api: ApiClient) =>
  api.get<FleetManagerAnswer>('/api/vehicles/fleetmanager').then((r) => r.data);
export const createVehicle = (api: ApiClient, vehicle: VehicleInput) =>
  api.post<VehicleAnswer>('/api/vehicles/create', { vehicle });
/** `confirmLowerMileage` only after the user said yes (the service refuses a lowered mileage without it). */
export const updateVehicle = (api: ApiClient, vehicle: VehicleInput, confirmLowerMileage = false) =>
  api.post<VehicleAnswer>('/api/vehicles/update', {
    vehicle,
    ...(confirmLowerMileage ? { confirmLowerMileage } : {}),
  });
export const deleteVehicle = (api: ApiClient, id: string) =>
  api.post<{ message: string }>('/api/vehicles/delete', { vehicle: { id } });

export const listMaintenance = (api: ApiClient, vehicleId: string) =>
  api.get<MaintenanceListAnswer>(`${one(vehicleId)}/maintenance`).then((r) => r.data);
export const logMaintenance = (api: ApiClient, vehicleId: string, maintenance: MaintenanceInput) =>
  api.post<MaintenanceAnswer>(`${one(vehicleId)}/maintenance`, { maintenance });

/** What an update sends back: the stored fields, never the computed alerts. */
export const vehicleInput = ({ due: _due, updatedAt: _at, ...v }: Vehicle): VehicleInput => v;

export const EXPORT_URL = `/api${FLEET_EXPORT_PATH}`;

/**
 * Downloads a file the service builds (the xlsx export). The shell's ApiClient reads answers as text, which would
 * break a binary file, and the access token lives only in the shell's memory: the shell's session has getToken()
 * (ShellSession), not declared on @portal/ui's Session, so it is used here when present (asked for in the report:
 * an ApiClient method for binary answers).
 */
export async function downloadFile(session: Session, path: string, fileName: string): Promise<void> {
  const token = await (session as Session & { getToken?: () => Promise<string | null> }).getToken?.();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new Error(serverMessage(body, `${res.status} ${res.statusText}`.trim()));
  }
  saveBlob(fileName, await res.blob());
}
