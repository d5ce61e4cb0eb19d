import {
  FleetMessages,
  Messages,
  normalizeVin,
  vinProblem,
  type Vehicle as VehicleView,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Vehicle } from '../models/vehicle.js';
import type { VehicleInputBody } from '../schemas/vehicles.js';
import { queue, vehicleChanged } from '../events/publishes.js';
import { announceCrossings } from './service-due.js';
import { toVehicleView, vehicleData } from './views.js';

const LAST_CHANGE_FIELDS = [
  ['mileage_loc', 'oil'],
  ['mileage_tirechange', 'tire'],
  ['mileage_brakes', 'brake'],
] as const;

/**
 * What is wrong with a vehicle body, or undefined (orders spec §5 "Maintenance and fleet"): a name, a
 * valid VIN, and — on an update — no lowered mileage unless the screen's confirmation came with it. A last-change
 * mileage above the odometer is refused too (it would hide an alert for thousands of miles). Pure.
 */
export function vehicleProblem(
  input: VehicleInputBody,
  current?: { mileage: number; data: Record<string, unknown> },
  confirmLowerMileage = false,
): string | undefined {
  if (input.name !== undefined || !current) {
    if (!input.name?.trim()) return Messages.fieldRequired('Name');
  }
  const vin = input.vin === undefined ? undefined : normalizeVin(input.vin);
  const vinMessage = vin === undefined ? undefined : vinProblem(vin);
  if (vinMessage) return vinMessage;
  if (current && input.mileage !== undefined && input.mileage < current.mileage && !confirmLowerMileage)
    return FleetMessages.mileageBelowCurrent;
  const mileage = input.mileage ?? current?.mileage ?? 0;
  const data = { ...current?.data, ...input.data } as Record<string, unknown>;
  for (const [field, what] of LAST_CHANGE_FIELDS) {
    if (Number(data[field] ?? 0) > mileage)
      return `Mileage at last ${what} change cannot be more than the vehicle's mileage.`;
  }
  return undefined;
}

/** The stored fields of a body: trimmed text, the VIN upper-cased, data merged over what is stored. Pure. */
export function vehicleFields(input: VehicleInputBody, currentData?: unknown) {
  const { id: _id, data, vin, ...top } = input;
  return {
    ...top,
    ...(top.name !== undefined ? { name: top.name.trim() } : {}),
    ...(vin !== undefined ? { vin: normalizeVin(vin) } : {}),
    ...(data ? { data: vehicleData({ ...vehicleData(currentData as never), ...data }) } : {}),
  };
}

const bad = (message: string | undefined) => {
  if (message) throw new Problem(400, message);
};

type VehicleDocument = InstanceType<typeof Vehicle>;

async function liveVehicle(id: string | undefined): Promise<VehicleDocument> {
  const doc = id ? await Vehicle.findOne({ _id: id, deleted: false }) : null;
  if (!doc) throw new Problem(404, FleetMessages.vehicleNotFound);
  return doc;
}

/** Saves a vehicle document with its events: the change, and any service-due crossing its values make. */
export async function saveWithAlerts(
  doc: VehicleDocument,
  action: 'created' | 'updated',
  today: Date,
): Promise<VehicleView> {
  const view = toVehicleView(doc.toObject(), today);
  await announceCrossings(doc as never, view, today);
  queue(doc, vehicleChanged(action, doc));
  await doc.save();
  return toVehicleView(doc.toObject(), today);
}

export async function createVehicle(input: VehicleInputBody, today = new Date()): Promise<VehicleView> {
  bad(vehicleProblem(input));
  const doc = new Vehicle({ data: {}, ...vehicleFields(input) });
  return saveWithAlerts(doc, 'created', today);
}

export async function updateVehicle(
  input: VehicleInputBody,
  confirmLowerMileage = false,
  today = new Date(),
): Promise<VehicleView> {
  const doc = await liveVehicle(input.id);
  const currentData = vehicleData(doc.toObject().data as never);
  bad(vehicleProblem(input, { mileage: doc.mileage ?? 0, data: { ...currentData } }, confirmLowerMileage));
  doc.set(vehicleFields(input, currentData));
  return saveWithAlerts(doc, 'updated', today);
}

/** Flags the vehicle deleted (schedules and orders keep its id); it leaves every list. */
export async function deleteVehicle(id: string): Promise<void> {
  const doc = await liveVehicle(id);
  doc.deleted = true;
  queue(doc, vehicleChanged('deleted', doc));
  await doc.save();
}

export { liveVehicle };
