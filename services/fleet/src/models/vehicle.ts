import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** Vehicle status (orders spec §3): 0 inactive, 1 active. Drivers only ever see active ones (§6). */
export const VehicleStatus = { inactive: 0, active: 1 } as const;
export type VehicleStatusNumber = (typeof VehicleStatus)[keyof typeof VehicleStatus];

/**
 * A fleet vehicle (orders spec §3 "Vehicle"). Only the fields the list shows are typed so far; the maintenance and
 * paperwork fields of `data` arrive with the vehicle editor (issue 11). A deleted vehicle is flagged, not removed:
 * schedules and orders keep pointing at it by id.
 */
const vehicleSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    lic: { type: String, default: '', trim: true, maxlength: 20 },
    vin: { type: String, default: '', trim: true, maxlength: 17 },
    year: { type: Number, min: 1900, max: 2100 },
    status: { type: Number, enum: Object.values(VehicleStatus), default: VehicleStatus.active },
    mileage: { type: Number, default: 0, min: 0 },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
// The list (domain/vehicles.ts): live vehicles, a driver's only the active ones, by name. Top-level equality on
// `deleted`/`status` is what FerretDB pushes down; retired and inactive vehicles are what makes the table grow.
vehicleSchema.index({ deleted: 1, status: 1, name: 1 });

export type VehicleDoc = InferSchemaType<typeof vehicleSchema> & { _id: mongoose.Types.ObjectId };
export const Vehicle = mongoose.model('Vehicle', vehicleSchema);
