import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';
import { DRIVER_LIMITS } from '@portal/contracts';

/**
 * A driver (orders spec §3 "Driver": name, phone, email, lic, occLic). `userId` is the portal user (role 2) with
 * the same email, '' while none matches (domain/driver-links.ts; every doc has the field, so the index on it is
 * plain, not sparse — FerretDB keeps no sparse flag). Deleted drivers are flagged, not removed: past schedules and
 * orders name them.
 */
const driverSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: DRIVER_LIMITS.name },
    phone: { type: String, default: '', trim: true, maxlength: DRIVER_LIMITS.phone },
    email: { type: String, default: '', lowercase: true, trim: true, maxlength: DRIVER_LIMITS.email },
    lic: { type: String, default: '', trim: true, maxlength: DRIVER_LIMITS.lic },
    occLic: { type: String, default: '', trim: true, maxlength: DRIVER_LIMITS.occLic },
    userId: { type: String, default: '' },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
// The list: live drivers by name (equality on `deleted`, then the sort MongoDB serves from the same index).
driverSchema.index({ deleted: 1, name: 1 });
// Linking: the live drivers with an address (an accounts user event) and those linked to a user.
driverSchema.index({ email: 1, deleted: 1 });
driverSchema.index({ userId: 1 });
driverSchema.plugin(withOutbox);

export type DriverDoc = InferSchemaType<typeof driverSchema> & { _id: mongoose.Types.ObjectId };
const DriverModel = mongoose.model('Driver', driverSchema);
export const Driver = DriverModel as typeof DriverModel & OutboxStatics;
