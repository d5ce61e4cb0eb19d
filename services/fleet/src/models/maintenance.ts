import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { MAINTENANCE_LIMITS, MAINTENANCE_TYPES } from '@portal/contracts';

/**
 * One maintenance entry of a vehicle (orders spec §3 "Maintenance": vehicleId, maintDate, data {date, mileage,
 * type, other, cost}), stored flat: `date` is the day of the service ('YYYY-MM-DD'), `createdBy` the staff user's
 * email. Records are never edited or removed: the history is what the dialog shows.
 */
const maintenanceSchema = new Schema(
  {
    // the vehicle's id as text: a plain equality FerretDB pushes down (and the index proof can check)
    vehicleId: { type: String, required: true },
    date: { type: String, required: true, maxlength: 10 },
    mileage: { type: Number, required: true, min: 0 },
    type: { type: String, required: true, enum: Object.keys(MAINTENANCE_TYPES) },
    other: { type: String, default: '', trim: true, maxlength: MAINTENANCE_LIMITS.other },
    cost: { type: Number, required: true, min: 0 },
    createdBy: { type: String, default: '' },
  },
  { timestamps: true },
);
// The history of one vehicle, newest first: equality on vehicleId, then the sort.
maintenanceSchema.index({ vehicleId: 1, date: -1, createdAt: -1 });

export type MaintenanceDoc = InferSchemaType<typeof maintenanceSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export const Maintenance = mongoose.model('Maintenance', maintenanceSchema);
