import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * fleet's read model of the accounts users it needs (events/accounts-users.ts keeps it from accounts.user.*):
 * the drivers (role 2) a driver record links to by email, and the staff (roles 0, 1) whom service-due alerts are
 * mailed to. Never written by the API; a deleted user stays with `deleted: true` (a late event finds it).
 */
const portalUserSchema = new Schema(
  {
    userId: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    role: { type: Number, default: 4 },
    suspended: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
  },
  { timestamps: true },
);
portalUserSchema.index({ userId: 1 }, { unique: true });
portalUserSchema.index({ email: 1 });
portalUserSchema.index({ role: 1 });

export type PortalUserDoc = InferSchemaType<typeof portalUserSchema>;
export const PortalUser = mongoose.model('PortalUser', portalUserSchema);
