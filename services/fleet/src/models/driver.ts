import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * A driver (orders spec §3 "Driver": name, phone, email, lic, occLic). `email` links the record to a portal user
 * with the driver role (issue 11: linking comes with the accounts events). Deleted drivers are flagged, not removed:
 * past schedules and orders name them.
 */
const driverSchema = new Schema(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    phone: { type: String, default: '', trim: true, maxlength: 16 },
    email: { type: String, default: '', lowercase: true, trim: true, maxlength: 60 },
    lic: { type: String, default: '', trim: true, maxlength: 40 },
    occLic: { type: String, default: '', trim: true, maxlength: 40 },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
// The list: live drivers by name (equality on `deleted`, then the sort MongoDB serves from the same index).
driverSchema.index({ deleted: 1, name: 1 });

export type DriverDoc = InferSchemaType<typeof driverSchema> & { _id: mongoose.Types.ObjectId };
export const Driver = mongoose.model('Driver', driverSchema);
