/**
 * Fleet (orders spec §2 "Drivers and vehicles tabs; fleet manager", §3 Driver/Vehicle/Maintenance, §5 "Maintenance
 * and fleet", §7 Drivers/Vehicles): the shapes of every /api/drivers and /api/vehicles call, the VIN rule, the
 * service-due rule and the messages — one file read by services/fleet (whose TypeBox schemas are checked against
 * these types at compile time, src/schemas.ts) and by mfe-fleet. Plain TypeScript, no TypeBox: the browser entry
 * re-exports it and production bundles carry no TypeBox runtime. Only ever ADD optional fields here.
 */

// ---- drivers ----
export interface Driver {
  id: string;
  name: string;
  /** As typed (E.164 after the contracts' phone rule when valid), '' when unknown. */
  phone: string;
  /** Lower-cased; links the record to the portal user with this address and role 2 (Driver). */
  email: string;
  /** Driver's licence number. */
  lic: string;
  /** Occupational licence number. */
  occLic: string;
  /** The linked portal user (role 2, same email), absent while none matches. */
  userId?: string;
}
/** What the Drivers tab saves: no id → a new driver; userId is the service's to set, never the caller's. */
export type DriverInput = Omit<Driver, 'id' | 'userId'> & { id?: string };
export const DRIVER_LIMITS = { name: 100, phone: 30, email: 60, lic: 50, occLic: 50 } as const;

// ---- vehicles ----
export const VehicleStatus = { inactive: 0, active: 1 } as const;
export type VehicleStatusNumber = (typeof VehicleStatus)[keyof typeof VehicleStatus];
export const VEHICLE_RADII = ['long', 'mid', 'local'] as const;
export type VehicleRadius = (typeof VEHICLE_RADII)[number];
export const OWNER_STATUSES = ['owned', 'leased', 'rental'] as const;
export type OwnerStatus = (typeof OWNER_STATUSES)[number];

/**
 * `vehicle.data` (orders spec §3). Dates are calendar days `YYYY-MM-DD` ('' = unknown); mileages are odometer
 * readings in miles at the last oil (`mileage_loc`), tire and brake change (0 = never recorded, so a vehicle
 * without history shows as due — what a fleet manager wants to see).
 */
export interface VehicleData {
  /** Registration paperwork is in the vehicle. */
  regpaperwork: boolean;
  /** Registration expiry. */
  reg_exp: string;
  /** Insurance expiry. */
  insurance: string;
  aaa_id: string;
  tiresize: string;
  mileage_loc: number;
  mileage_tirechange: number;
  mileage_brakes: number;
  wintertires: boolean;
  spare: boolean;
  chains: boolean;
  autosocksize: string;
  camera: boolean;
  alarm: boolean;
  /** '' = not set. */
  radius: VehicleRadius | '';
  ownerstatus: OwnerStatus | '';
  /** Additional maintenance notes. */
  add_maint: string;
  notes: string;
  /** Free maintenance remark (the legacy `data.maint`); the history itself is the maintenance records. */
  maint: string;
  cashVan: boolean;
  pickupVan: boolean;
  /** Free text radius remark of the legacy record (e.g. "50 mi"). */
  vRadius: string;
}

export const SERVICE_DUE_KINDS = ['oil', 'tires', 'brakes', 'registration', 'insurance'] as const;
export type ServiceDueKind = (typeof SERVICE_DUE_KINDS)[number];
/** One computed alert (orders §4 "Vehicle mileage", §9): never stored, computed on every read. */
export interface ServiceDue {
  kind: ServiceDueKind;
  /** e.g. "Oil change due (3,612 mi since last)", "Registration expires 2026-12-01". */
  label: string;
  /** oil/tires/brakes: miles since the last change. */
  milesSince?: number;
  /** registration/insurance: the expiry day and the days left (negative once expired). */
  expiresOn?: string;
  daysLeft?: number;
}

export interface Vehicle {
  id: string;
  name: string;
  /** Licence plate. */
  lic: string;
  /** '' or 17 characters with a valid check digit (vinProblem). */
  vin: string;
  year: number | null;
  status: VehicleStatusNumber;
  mileage: number;
  data: VehicleData;
  /** Service-due alerts as of the answer (badge + filter of the fleet table). */
  due: ServiceDue[];
  updatedAt?: string;
}
/** Create/update body: everything but the computed fields; data fields are partial (missing = unchanged/default). */
export interface VehicleInput {
  id?: string;
  name: string;
  lic?: string;
  vin?: string;
  year?: number | null;
  status?: VehicleStatusNumber;
  mileage?: number;
  data?: Partial<VehicleData>;
}
export const VEHICLE_LIMITS = { name: 100, lic: 20, text: 200, notes: 2000, yearMin: 1900 } as const;

/** Filter of POST /vehicles {where}, POST /vehicles/fleetmanager {where} and GET ?status=&due= (all optional). */
export interface VehicleWhere {
  status?: VehicleStatusNumber;
  /** true: any alert; a kind: that alert only. */
  due?: boolean | ServiceDueKind;
  /** Case-insensitive match on name, plate or VIN. */
  q?: string;
}

// ---- maintenance ----
export const MAINTENANCE_TYPES = {
  change_oil: 'Oil change',
  change_tires: 'Tire change',
  change_brakes: 'Brake change',
  change_other: 'Other',
} as const;
export type MaintenanceType = keyof typeof MAINTENANCE_TYPES;
export interface MaintenanceInput {
  /** YYYY-MM-DD, not in the future. */
  date: string;
  /** Odometer at the service; not below the vehicle's current mileage. */
  mileage: number;
  type: MaintenanceType;
  /** What was done, for change_other (the only optional field, §5). */
  other?: string;
  /** US dollars, ≥ 0. */
  cost: number;
}
export interface MaintenanceRecord extends Required<MaintenanceInput> {
  id: string;
  vehicleId: string;
  createdAt: string;
  createdBy: string;
}
export const MAINTENANCE_LIMITS = { other: 200, costMax: 1_000_000 } as const;

// ---- the calls (orders §7, under /api) ----
/** GET /drivers, POST /drivers {where?: {q?}}: staff only (the Drivers tab is hidden from drivers). */
export interface DriverListAnswer {
  data: { drivers: Driver[] };
}
/** POST /drivers/update {driver: DriverInput} → saved driver; POST /drivers/delete {driver: {id}}. */
export interface DriverSaveBody {
  driver: DriverInput;
}
export interface DriverDeleteBody {
  driver: { id: string };
}
export interface DriverAnswer {
  message: string;
  data: { driver: Driver };
}
/**
 * GET /vehicles?status=&due=&q=, POST /vehicles {where}, GET /vehicles/fleetmanager?…, POST /vehicles/fleetmanager
 * {where}: staff and drivers; a driver gets active vehicles only, whatever they ask. The fleet-manager answer adds
 * counts over the caller's whole fleet (before `where`), for the filter chips.
 */
export interface VehicleListAnswer {
  data: { vehicles: Vehicle[] };
}
export interface FleetManagerAnswer {
  data: { vehicles: Vehicle[]; counts: { total: number; active: number; due: number } };
}
/**
 * POST /vehicles/create {vehicle}, POST /vehicles/update {vehicle (with id)}: staff only. An update that lowers the
 * mileage is refused with `Messages.mileageBelowCurrent` unless `confirmLowerMileage: true` (the screen asks first).
 */
export interface VehicleSaveBody {
  vehicle: VehicleInput;
  confirmLowerMileage?: boolean;
}
export interface VehicleDeleteBody {
  vehicle: { id: string };
}
export interface VehicleAnswer {
  message: string;
  data: { vehicle: Vehicle };
}
/** GET /vehicles/:id/maintenance (staff): the history, newest first. */
export interface MaintenanceListAnswer {
  data: { vehicle: Vehicle; maintenance: MaintenanceRecord[] };
}
/** POST /vehicles/:id/maintenance {maintenance} (staff): the record and the vehicle after it. */
export interface MaintenanceSaveBody {
  maintenance: MaintenanceInput;
}
export interface MaintenanceAnswer {
  message: string;
  data: { vehicle: Vehicle; maintenance: MaintenanceRecord };
}
/** GET /vehicles/export.xlsx (staff): the fleet as a workbook (typed columns, dates as dates). */
export const FLEET_EXPORT_PATH = '/vehicles/export.xlsx';

// ---- messages (§5, §8 word for word; the rest decided in services/fleet/README.md) ----
export const FleetMessages = {
  mileageBelowCurrent: 'Mileage cannot be less than current mileage.',
  maintenanceUpdated: 'Maintenance has been updated.',
  vehicleNotFound: 'unable to find vehicle',
  driverNotFound: 'unable to find driver',
  vehicleCreated: 'Vehicle created successfully!',
  vehicleUpdated: 'Vehicle updated successfully!',
  vehicleDeleted: 'Vehicle deleted',
  driverSaved: 'Driver saved successfully!',
  driverDeleted: 'Driver deleted',
  vinLength: 'VIN must be 17 letters and digits (no I, O or Q).',
  vinCheckDigit: 'VIN check digit does not match. Please check the VIN.',
  /** The fleet table's confirmation before a lowered mileage is sent with confirmLowerMileage. */
  confirmLowerMileage: (current: number, next: number) =>
    `The new mileage (${next.toLocaleString('en-US')}) is lower than the current mileage (${current.toLocaleString('en-US')}). Are you sure?`,
} as const;
