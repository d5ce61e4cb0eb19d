import {
  FleetMessages,
  Messages,
  type MaintenanceRecord,
  type MaintenanceType,
  type Vehicle as VehicleView,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Maintenance, type MaintenanceDoc } from '../models/maintenance.js';
import type { MaintenanceInputBody } from '../schemas/maintenance.js';
import { liveVehicle, saveWithAlerts } from './vehicle-save.js';
import { toMaintenanceView, toVehicleView } from './views.js';

/** The vehicle field a maintenance type resets: the baseline its service-due alert counts from. */
export const BASELINE_OF: Partial<
  Record<MaintenanceType, 'mileage_loc' | 'mileage_tirechange' | 'mileage_brakes'>
> = { change_oil: 'mileage_loc', change_tires: 'mileage_tirechange', change_brakes: 'mileage_brakes' };

const REQUIRED = [
  ['date', 'Date'],
  ['mileage', 'Mileage'],
  ['type', 'Type'],
  ['cost', 'Cost'],
] as const;

/**
 * What is wrong with a maintenance entry (orders spec §5): every field but `other` is required, the mileage may
 * not be below the vehicle's ("Mileage cannot be less than current mileage."), and the day may not be after today
 * (a service not done yet is no history). Pure.
 */
export function maintenanceProblem(
  m: MaintenanceInputBody,
  vehicleMileage: number,
  today: Date,
): string | undefined {
  const missing = REQUIRED.find(([k]) => m[k] === undefined || m[k] === '');
  if (missing) return Messages.fieldRequired(missing[1]);
  if (m.mileage! < vehicleMileage) return FleetMessages.mileageBelowCurrent;
  if (m.date! > today.toISOString().slice(0, 10)) return 'Date cannot be in the future.';
  return undefined;
}

/**
 * Logs a maintenance entry: the record, then the vehicle — its mileage moves up to the entry's, and an oil, tire
 * or brake change resets that alert's baseline. The new mileage can cross another threshold: announced once.
 */
export async function addMaintenance(
  vehicleId: string,
  m: MaintenanceInputBody,
  by: string,
  today = new Date(),
): Promise<{ vehicle: VehicleView; maintenance: MaintenanceRecord }> {
  const doc = await liveVehicle(vehicleId);
  const problem = maintenanceProblem(m, doc.mileage ?? 0, today);
  if (problem) throw new Problem(400, problem);
  const record = await Maintenance.create({
    ...m,
    other: m.other ?? '',
    vehicleId: String(doc._id),
    createdBy: by,
  });
  doc.mileage = m.mileage!;
  const baseline = BASELINE_OF[m.type!];
  if (baseline) doc.set(`data.${baseline}`, m.mileage);
  const vehicle = await saveWithAlerts(doc, 'updated', today);
  return { vehicle, maintenance: toMaintenanceView(record.toObject() as MaintenanceDoc) };
}

export const MAINTENANCE_SORT = { date: -1, createdAt: -1 } as const;

/** A vehicle's history, newest first. */
export async function listMaintenance(
  vehicleId: string,
  today = new Date(),
): Promise<{ vehicle: VehicleView; maintenance: MaintenanceRecord[] }> {
  const doc = await liveVehicle(vehicleId);
  const records = await Maintenance.find({ vehicleId: String(doc._id) })
    .sort(MAINTENANCE_SORT)
    .lean<MaintenanceDoc[]>();
  return { vehicle: toVehicleView(doc.toObject(), today), maintenance: records.map(toMaintenanceView) };
}
