import {
  serviceDue,
  type Driver as DriverView,
  type MaintenanceRecord,
  type MaintenanceType,
  type Vehicle as VehicleView,
  type VehicleData,
} from '@portal/contracts';
import type { DriverDoc } from '../models/driver.js';
import type { MaintenanceDoc } from '../models/maintenance.js';
import type { VehicleDoc } from '../models/vehicle.js';

/** Every data field with its default: what a record written before a field existed shows. */
export const DATA_DEFAULTS: VehicleData = {
  regpaperwork: false,
  reg_exp: '',
  insurance: '',
  aaa_id: '',
  tiresize: '',
  mileage_loc: 0,
  mileage_tirechange: 0,
  mileage_brakes: 0,
  wintertires: false,
  spare: false,
  chains: false,
  autosocksize: '',
  camera: false,
  alarm: false,
  radius: '',
  ownerstatus: '',
  add_maint: '',
  notes: '',
  maint: '',
  cashVan: false,
  pickupVan: false,
  vRadius: '',
};

export function vehicleData(d: Partial<Record<keyof VehicleData, unknown>> | null | undefined): VehicleData {
  const out = { ...DATA_DEFAULTS } as Record<string, unknown>;
  for (const k of Object.keys(DATA_DEFAULTS)) {
    const v = d?.[k as keyof VehicleData];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out as unknown as VehicleData;
}

/** A vehicle as every answer shows it, with its service-due alerts as of `today` (computed, never stored). */
export function toVehicleView(v: VehicleDoc, today: Date = new Date()): VehicleView {
  const data = vehicleData(v.data as Partial<VehicleData>);
  const mileage = v.mileage ?? 0;
  const updatedAt = (v as { updatedAt?: Date }).updatedAt;
  return {
    id: String(v._id),
    name: v.name,
    lic: v.lic ?? '',
    vin: v.vin ?? '',
    year: v.year ?? null,
    status: v.status === 0 ? 0 : 1,
    mileage,
    data,
    due: serviceDue({ mileage, data }, today),
    ...(updatedAt ? { updatedAt: new Date(updatedAt).toISOString() } : {}),
  };
}

export function toDriverView(d: DriverDoc): DriverView {
  return {
    id: String(d._id),
    name: d.name,
    phone: d.phone ?? '',
    email: d.email ?? '',
    lic: d.lic ?? '',
    occLic: d.occLic ?? '',
    ...(d.userId ? { userId: d.userId } : {}),
  };
}

export function toMaintenanceView(m: MaintenanceDoc): MaintenanceRecord {
  return {
    id: String(m._id),
    vehicleId: String(m.vehicleId),
    date: m.date,
    mileage: m.mileage,
    type: m.type as MaintenanceType,
    other: m.other ?? '',
    cost: m.cost,
    createdAt: new Date(m.createdAt).toISOString(),
    createdBy: m.createdBy ?? '',
  };
}
