import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';
import { OWNER_STATUSES, VEHICLE_LIMITS, VEHICLE_RADII, VehicleStatus } from '@portal/contracts';

const text = (max: number = VEHICLE_LIMITS.text) => ({
  type: String,
  default: '',
  trim: true,
  maxlength: max,
});
const flag = { type: Boolean, default: false };
const miles = { type: Number, default: 0, min: 0 };

/**
 * `vehicle.data` (orders spec §3), every field with its default so a view never meets a hole. Dates are calendar
 * days 'YYYY-MM-DD' ('' unknown), the mileages odometer readings at the last oil, tire and brake change.
 */
const dataSchema = new Schema(
  {
    regpaperwork: flag,
    reg_exp: text(10),
    insurance: text(10),
    aaa_id: text(),
    tiresize: text(),
    mileage_loc: miles,
    mileage_tirechange: miles,
    mileage_brakes: miles,
    wintertires: flag,
    spare: flag,
    chains: flag,
    autosocksize: text(),
    camera: flag,
    alarm: flag,
    radius: { type: String, enum: ['', ...VEHICLE_RADII], default: '' },
    ownerstatus: { type: String, enum: ['', ...OWNER_STATUSES], default: '' },
    add_maint: text(VEHICLE_LIMITS.notes),
    notes: text(VEHICLE_LIMITS.notes),
    maint: text(VEHICLE_LIMITS.notes),
    cashVan: flag,
    pickupVan: flag,
    vRadius: text(),
  },
  { _id: false },
);

/**
 * A fleet vehicle (orders spec §3 "Vehicle"). A deleted vehicle is flagged, not removed: schedules and orders keep
 * pointing at it by id. `announced` holds the keys of the service-due crossings already published
 * (domain/service-due.ts), so a crossing is announced once however often the vehicle is saved.
 */
const vehicleSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: VEHICLE_LIMITS.name },
    lic: text(VEHICLE_LIMITS.lic),
    vin: { type: String, default: '', trim: true, uppercase: true, maxlength: 17 },
    year: { type: Number, min: VEHICLE_LIMITS.yearMin, max: 2100 },
    status: { type: Number, enum: Object.values(VehicleStatus), default: VehicleStatus.active },
    mileage: miles,
    data: { type: dataSchema, default: () => ({}) },
    announced: { type: [String], default: [] },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
// The lists (domain/vehicles.ts): live vehicles, a driver's only the active ones, by name. Top-level equality on
// `deleted`/`status` is what FerretDB pushes down; retired and inactive vehicles are what makes the table grow.
vehicleSchema.index({ deleted: 1, status: 1, name: 1 });
vehicleSchema.plugin(withOutbox);

export type VehicleDoc = InferSchemaType<typeof vehicleSchema> & { _id: mongoose.Types.ObjectId };
export type VehicleDataDoc = InferSchemaType<typeof dataSchema>;
const VehicleModel = mongoose.model('Vehicle', vehicleSchema);
export const Vehicle = VehicleModel as typeof VehicleModel & OutboxStatics;
export { VehicleStatus };
