import {
  canEditFleet,
  VehicleStatus,
  type FleetManagerAnswer,
  type RoleNumber,
  type Vehicle as VehicleView,
  type VehicleWhere,
} from '@portal/contracts';
import { Vehicle, type VehicleDoc } from '../models/vehicle.js';
import { toVehicleView } from './views.js';

/**
 * Which vehicles a caller's list holds (orders spec §6): staff see every live vehicle, optionally by status;
 * anyone else allowed on the fleet manager (drivers) sees only the active ones, whatever they ask for. This is
 * the database filter (index-served, test/models); `due` and `q` are applied to the rows after (matchesWhere).
 */
export function vehicleListFilter(role: RoleNumber, where: Pick<VehicleWhere, 'status'> = {}) {
  if (!canEditFleet(role)) return { deleted: false, status: VehicleStatus.active };
  return where.status === undefined ? { deleted: false } : { deleted: false, status: where.status };
}

/** The list is sorted by name: what the fleet table shows first. */
export const VEHICLE_LIST_SORT = { name: 1, _id: 1 } as const;

/**
 * The rest of a `where` on a vehicle as shown: `due` needs the computed alerts (they depend on today), `q` is a
 * case-insensitive match on name, plate or VIN. A courier's fleet is tens of rows, so this runs in memory. Pure.
 */
export function matchesWhere(v: VehicleView, where: VehicleWhere): boolean {
  if (where.due === true && v.due.length === 0) return false;
  if (typeof where.due === 'string' && !v.due.some((d) => d.kind === where.due)) return false;
  const q = where.q?.trim().toLowerCase();
  if (q && ![v.name, v.lic, v.vin].some((s) => s.toLowerCase().includes(q))) return false;
  return true;
}

async function visible(
  role: RoleNumber,
  status: VehicleWhere['status'],
  today: Date,
): Promise<VehicleView[]> {
  const docs = await Vehicle.find(vehicleListFilter(role, { status }))
    .sort(VEHICLE_LIST_SORT)
    .lean<VehicleDoc[]>();
  return docs.map((d) => toVehicleView(d, today));
}

export async function listVehicles(
  role: RoleNumber,
  where: VehicleWhere = {},
  today = new Date(),
): Promise<VehicleView[]> {
  return (await visible(role, where.status, today)).filter((v) => matchesWhere(v, where));
}

/** The fleet manager: the filtered rows plus counts over the caller's whole fleet (the filter chips). */
export async function fleetManager(
  role: RoleNumber,
  where: VehicleWhere = {},
  today = new Date(),
): Promise<FleetManagerAnswer['data']> {
  const all = await visible(role, undefined, today);
  return {
    vehicles: all.filter((v) => matchesWhere(v, where)),
    counts: {
      total: all.length,
      active: all.filter((v) => v.status === VehicleStatus.active).length,
      due: all.filter((v) => v.due.length > 0).length,
    },
  };
}

/** GET query → where: querystrings are text, so `due=true` means any alert. */
export function whereFromQuery(q: { status?: number; due?: string; q?: string }): VehicleWhere {
  return {
    ...(q.status !== undefined ? { status: q.status === 0 ? 0 : 1 } : {}),
    ...(q.due ? { due: q.due === 'true' ? true : (q.due as VehicleWhere['due']) } : {}),
    ...(q.q ? { q: q.q } : {}),
  };
}
