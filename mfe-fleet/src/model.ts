// The fleet's shapes, rules and messages are @portal/contracts' (services/contracts/src/fleet.ts, shared with
// services/fleet); this file only adds what the screens check before sending: required fields and their messages.
import {
  DRIVER_LIMITS,
  FleetMessages,
  Messages,
  normalizeVin,
  vinProblem,
  type DriverInput,
  type MaintenanceType,
  type VehicleInput,
} from '@portal/contracts';
import { isEmail } from '@portal/ui';

export type Problems<K extends string> = Partial<Record<K, string>>;

/** The Drivers tab's fields: [key, label, required]. Name and email are what a driver record needs to link a user. */
export const DRIVER_FIELDS: [keyof typeof DRIVER_LIMITS, string, boolean][] = [
  ['name', 'Name', true],
  ['phone', 'Phone', false],
  ['email', 'Email', true],
  ['lic', 'Driver Licence', false],
  ['occLic', 'Occupational Licence', false],
];

export function driverErrors(d: DriverInput): Problems<keyof typeof DRIVER_LIMITS> {
  const e: Problems<keyof typeof DRIVER_LIMITS> = {};
  for (const [key, label, required] of DRIVER_FIELDS) {
    const v = (d[key] ?? '').trim();
    if (required && !v) e[key] = `Please input ${label}!`;
    else if (v.length > DRIVER_LIMITS[key])
      e[key] = `${label} is limited to ${DRIVER_LIMITS[key]} characters.`;
  }
  if (!e.email && d.email.trim() && !isEmail(d.email)) e.email = Messages.invalidEmail;
  return e;
}

/** A vehicle's problems before it is sent (the service checks the same and answers the same VIN messages). */
export function vehicleErrors(
  v: VehicleInput,
  yearText = v.year == null ? '' : String(v.year),
): Problems<'name' | 'lic' | 'vin' | 'year' | 'mileage'> {
  const e: Problems<'name' | 'lic' | 'vin' | 'year' | 'mileage'> = {};
  if (!v.name.trim()) e.name = 'Please input Vehicle name!';
  if (!v.lic?.trim()) e.lic = 'Please input Plate!';
  const vin = vinProblem(normalizeVin(v.vin ?? ''));
  if (vin) e.vin = vin;
  const year = yearText.trim();
  if (year && !/^\d{4}$/.test(year)) e.year = 'Year must have four digits, e.g. 2021.';
  if (v.mileage != null && (!Number.isFinite(v.mileage) || v.mileage < 0))
    e.mileage = 'Mileage must be a number of miles.';
  return e;
}

export interface MaintenanceForm {
  date: string;
  mileage: string;
  type: MaintenanceType | '';
  other: string;
  cost: string;
}
type MaintenanceField = 'date' | 'mileage' | 'type' | 'cost';
export const parseNumber = (s: string) => (s.trim() ? Number(s.replace(/[,$\s]/g, '')) : NaN);

/** The maintenance form's problems (orders §5: all required except the other text; mileage not below current). */
export function maintenanceErrors(
  f: MaintenanceForm,
  current: number,
  today: string,
): Problems<MaintenanceField> {
  const e: Problems<MaintenanceField> = {};
  if (!f.date) e.date = 'Please input Date!';
  else if (f.date > today) e.date = 'The date cannot be in the future.';
  const mileage = parseNumber(f.mileage);
  if (!f.mileage.trim()) e.mileage = 'Please input Mileage!';
  else if (!Number.isFinite(mileage) || mileage < 0) e.mileage = 'Mileage must be a number of miles.';
  else if (mileage < current) e.mileage = FleetMessages.mileageBelowCurrent;
  if (!f.type) e.type = 'Please input Type!';
  const cost = parseNumber(f.cost);
  if (!f.cost.trim()) e.cost = 'Please input Cost!';
  else if (!Number.isFinite(cost) || cost < 0) e.cost = 'Cost must be an amount in dollars.';
  return e;
}
