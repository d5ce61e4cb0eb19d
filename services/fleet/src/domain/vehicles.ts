import { canEditFleet, type RoleNumber } from '@portal/contracts';
import { Vehicle, VehicleStatus, type VehicleDoc, type VehicleStatusNumber } from '../models/vehicle.js';
import type { VehicleListQuery, VehicleView } from '../schemas.js';

/**
 * Which vehicles a caller's list holds (orders spec §6): staff see every live vehicle, optionally by status;
 * anyone else allowed on the fleet manager (drivers) sees only the active ones, whatever they ask for.
 * Pure, so the rule is unit-tested without HTTP or a database.
 */
export function vehicleListFilter(role: RoleNumber, query: VehicleListQuery = {}) {
  if (!canEditFleet(role)) return { deleted: false, status: VehicleStatus.active };
  return query.status === undefined
    ? { deleted: false }
    : { deleted: false, status: query.status as VehicleStatusNumber };
}

/** The list is sorted by name: what the fleet table shows first (the collection is tens of rows). */
export const VEHICLE_LIST_SORT = { name: 1, _id: 1 } as const;

export function toVehicleView(v: VehicleDoc): VehicleView {
  return {
    id: String(v._id),
    name: v.name,
    lic: v.lic ?? '',
    vin: v.vin ?? '',
    year: v.year ?? null,
    status: v.status === VehicleStatus.inactive ? 0 : 1,
    mileage: v.mileage ?? 0,
  };
}

export async function listVehicles(role: RoleNumber, query: VehicleListQuery): Promise<VehicleView[]> {
  const docs = await Vehicle.find(vehicleListFilter(role, query))
    .sort(VEHICLE_LIST_SORT)
    .lean<VehicleDoc[]>();
  return docs.map(toVehicleView);
}
