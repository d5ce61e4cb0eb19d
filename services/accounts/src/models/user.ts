import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';
import type { Static } from 'typebox';
import type { Profile } from '../schemas.js';
import { AccountState, DEFAULT_ROLE, Role, parsePhone, type Verified } from '@portal/contracts';
import { licenceKey } from './licence-record.js';
import { keepsCompanyKeys } from './company-keys.js';
import { invalidatesProfileCache } from './profile-cache.js';

/** The public orders page of a link token (mfe-orders' /dashboard/publicorders; the browser adds its origin). */
export const publicOrdersPath = (token: string) => `/dashboard/publicorders?token=${token}`;

/** Licence-holder data kept on the user (accounts spec §3, "Company"); keys are the spec's own names. */
const companySchema = new Schema(
  {
    'License #': String,
    Licensee: String,
    'Licensee DBA': String,
    DBA: String,
    'Street Address': String,
    City: String,
    Zip: String,
    licenseNumbers: { type: [String], default: undefined },
    logo: String,
    // Stored as E.164 whichever way it was typed; every write path (create, update, seed) goes through here.
    phone: { type: String, set: (v: unknown) => (typeof v === 'string' ? (parsePhone(v)?.e164 ?? v) : v) },
    billingContactName: String,
    billingContactEmail: String,
    billingAddress: String,
    active: Boolean,
  },
  { _id: false },
);

const userSchema = new Schema(
  {
    email: { type: String, required: true, lowercase: true, trim: true, unique: true },
    sub: { type: String, index: true },
    name: { firstName: String, lastName: String },
    role: { type: Number, default: DEFAULT_ROLE, min: Role.SuperAdmin, max: Role.User, index: true },
    // AccountState (spec §4): false | true | 'suspended'; Mixed because mongoose has no boolean-or-literal type.
    verified: {
      type: Schema.Types.Mixed,
      default: AccountState.Pending,
      index: true,
      validate: (v: unknown) => (Object.values(AccountState) as unknown[]).includes(v),
    },
    company: { type: companySchema, default: undefined },
    /**
     * licenceKey() of every licence number of the company ('License #' and licenseNumbers), kept by the
     * company-keys plugin on every write: the company lists filter on it, a top-level equality the local backend
     * serves from an index (docs/DATA.md rule 3), where the dotted company paths would scan every profile.
     */
    companyKeys: { type: [String], default: undefined, index: true },
    alerts: { email: { type: Boolean, default: true } },
    hasSentEmail: { type: Boolean, default: false },
    sameDayPickup: { type: Boolean, default: false },
    isActive: { type: Boolean, default: true },
    // the old free-text link (a guessable user-id URL): never shown or written again (domain/public-orders.ts)
    publicorderslink: String,
    // the public orders link's token (32 random bytes, base64url): '' or absent = off. Never in an event or a log
    publicOrdersToken: String,
    signature: {
      type: new Schema({ image: String, name: String, date: String }, { _id: false }),
      default: undefined,
    },
    data: {
      notification: { qbMismatch: Boolean },
    },
  },
  { timestamps: true, minimize: false },
);
userSchema.plugin(withOutbox);
userSchema.plugin(invalidatesProfileCache); // any write empties the /users/me profile cache
userSchema.plugin(keepsCompanyKeys, { keysOf: companyKeysOf });

export type UserDoc = InferSchemaType<typeof userSchema> & { _id: mongoose.Types.ObjectId };
const UserModel = mongoose.model('User', userSchema);
export const User = UserModel as typeof UserModel & OutboxStatics;

type WithCompany = { company?: { 'License #'?: string | null; licenseNumbers?: string[] | null } | null };
/** The companyKeys of a profile: every licence number of its company, as licenceKey() compares them. */
export function companyKeysOf(u: WithCompany | null | undefined): string[] {
  const c = u?.company;
  if (!c) return [];
  return [
    ...new Set([c['License #'], ...(c.licenseNumbers ?? [])].filter((x): x is string => !!x).map(licenceKey)),
  ];
}

/** The profile as the API shows it (the response schema in routes/users.ts strips everything else). */
export function toProfile(u: UserDoc): Static<typeof Profile> {
  return {
    id: String(u._id),
    email: u.email,
    sub: u.sub ?? undefined,
    name: u.name
      ? { firstName: u.name.firstName ?? undefined, lastName: u.name.lastName ?? undefined }
      : undefined,
    role: u.role,
    verified: u.verified as Verified,
    company: (u.company ?? undefined) as Static<typeof Profile>['company'],
    alerts: u.alerts ? { email: u.alerts.email ?? undefined } : undefined,
    hasSentEmail: u.hasSentEmail,
    sameDayPickup: u.sameDayPickup,
    publicorderslink: u.publicOrdersToken ? publicOrdersPath(u.publicOrdersToken) : undefined,
    signature: u.signature
      ? {
          image: u.signature.image ?? undefined,
          name: u.signature.name ?? undefined,
          date: u.signature.date ?? undefined,
        }
      : undefined,
    data:
      typeof u.data?.notification?.qbMismatch === 'boolean'
        ? { notification: { qbMismatch: u.data.notification.qbMismatch } }
        : undefined,
    createdAt: u.createdAt ? new Date(u.createdAt).toISOString() : undefined,
    updatedAt: u.updatedAt ? new Date(u.updatedAt).toISOString() : undefined,
  };
}
