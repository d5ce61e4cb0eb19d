// Fake fleet answers for the component tests, typed by @portal/contracts' fleet shapes (the same types services/fleet's
// schemas are checked against at compile time), with the alerts computed by the contracts' own serviceDue.
import {
  Role,
  serviceDue,
  type Driver,
  type DriverListAnswer,
  type MaintenanceListAnswer,
  type Vehicle,
  type VehicleData,
  type VehicleListAnswer,
} from '@portal/contracts';

export const staff = { id: 'u-1', email: 'admin@demo.portal', name: 'Ada Admin', role: Role.Admin };
export const driverUser = { id: 'u-7', email: 'driver@demo.portal', name: 'Dana Driver', role: Role.Driver };

export const drivers: Driver[] = [
  {
    id: 'd1',
    name: 'Ann Route',
    phone: '+17605550100',
    email: 'ann@demo.portal',
    lic: 'D123',
    occLic: 'O9',
    userId: 'u-9',
  },
  { id: 'd2', name: 'Ben Wheel', phone: '+17605550101', email: 'ben@demo.portal', lic: 'D456', occLic: '' },
];
export const driverList = (): DriverListAnswer => ({ data: { drivers } });

const DATA: VehicleData = {
  regpaperwork: true,
  reg_exp: '2030-01-31',
  insurance: '2030-06-30',
  aaa_id: '',
  tiresize: '235/65R16',
  mileage_loc: 0,
  mileage_tirechange: 0,
  mileage_brakes: 0,
  wintertires: false,
  spare: true,
  chains: false,
  autosocksize: '',
  camera: true,
  alarm: false,
  radius: 'local',
  ownerstatus: 'owned',
  add_maint: '',
  notes: '',
  maint: '',
  cashVan: false,
  pickupVan: false,
  vRadius: '',
};

/** A vehicle with its alerts as the service computes them. */
export function vehicle(
  v: Partial<Omit<Vehicle, 'data' | 'due'>> & { id: string; name: string; data?: Partial<VehicleData> },
): Vehicle {
  const base = {
    lic: 'PLATE',
    vin: '',
    year: 2021,
    status: 1 as const,
    mileage: 1000,
    ...v,
    data: { ...DATA, ...v.data },
  };
  return { ...base, due: serviceDue(base) };
}

// A valid VIN (check digit 9th): the textbook example 1M8GDM9AXKP042788.
export const VALID_VIN = '1M8GDM9AXKP042788';
export const vehicles = (): Vehicle[] => [
  vehicle({
    id: 'v1',
    name: 'Van 1',
    lic: 'CA-1001',
    vin: VALID_VIN,
    mileage: 12_000,
    data: { mileage_loc: 11_000, mileage_tirechange: 10_000, mileage_brakes: 10_000 },
  }),
  vehicle({
    id: 'v2',
    name: 'Van 2',
    lic: 'CA-1002',
    mileage: 48_000,
    data: { mileage_loc: 40_000, mileage_tirechange: 30_000, mileage_brakes: 30_000 },
  }),
  vehicle({
    id: 'v3',
    name: 'Truck 3',
    lic: 'CA-1003',
    status: 0,
    mileage: 5_000,
    data: { mileage_loc: 4_000, mileage_tirechange: 1, mileage_brakes: 1 },
  }),
];
export const vehicleList = (list = vehicles()): VehicleListAnswer => ({ data: { vehicles: list } });
export const noHistory = (v: Vehicle): MaintenanceListAnswer => ({ data: { vehicle: v, maintenance: [] } });
