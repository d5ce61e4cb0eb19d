import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { dropsReadCache } from './read-cache.js';

/**
 * Read model: accounts' licence records (the "LN" list), as `accounts.licence.changed.v1` last carried them. The
 * order form's licence checks and the order's pickupCompany / destCompany copies come from here. A deleted record
 * is kept with `deleted: true` (a later replay of an older "updated" must not bring it back: `asOf`).
 */
const licenceSchema = new Schema(
  {
    licenseKey: { type: String, required: true, unique: true },
    accountsId: { type: String, default: '' },
    'License #': { type: String, default: '' },
    Licensee: { type: String, default: '' },
    DBA: { type: String, default: '' },
    'Street Address': { type: String, default: '' },
    City: { type: String, default: '' },
    Zip: { type: String, default: '' },
    emails: { type: [String], default: [] },
    pickupRoute: { type: [{ route: String, day: String, _id: false }], default: [] },
    windows: { type: Schema.Types.Mixed, default: undefined },
    active: { type: Boolean, default: true },
    FacilityType: { type: String, default: 'Recreational' },
    deleted: { type: Boolean, default: false },
    asOf: { type: Date, default: () => new Date(0) },
  },
  { timestamps: true, minimize: false },
);

licenceSchema.plugin(dropsReadCache('licences'));

export type LicenceDoc = InferSchemaType<typeof licenceSchema>;
export const Licence = mongoose.model('Licence', licenceSchema);
