import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';
import { DEFAULT_RECEIVING_WINDOWS } from '@portal/contracts';

/** Licence record "LN" (accounts spec §3); keys are the spec's own names. 'License #' is unique. */
const windowsSchema = new Schema(
  {
    mon: { type: String, default: DEFAULT_RECEIVING_WINDOWS.mon },
    tue: { type: String, default: DEFAULT_RECEIVING_WINDOWS.tue },
    wed: { type: String, default: DEFAULT_RECEIVING_WINDOWS.wed },
    thur: { type: String, default: DEFAULT_RECEIVING_WINDOWS.thur },
    fri: { type: String, default: DEFAULT_RECEIVING_WINDOWS.fri },
    sat: { type: String, default: DEFAULT_RECEIVING_WINDOWS.sat },
    sun: { type: String, default: DEFAULT_RECEIVING_WINDOWS.sun },
  },
  { _id: false },
);

const licenceRecordSchema = new Schema(
  {
    'License #': { type: String, required: true, unique: true, trim: true },
    Licensee: { type: String, default: '' },
    DBA: { type: String, default: '' },
    'Street Address': { type: String, default: '' },
    City: { type: String, default: '' },
    Zip: { type: String, default: '' },
    emails: { type: [String], default: [] },
    pickupRoute: { type: [{ route: String, day: String, _id: false }], default: [] },
    windows: { type: windowsSchema, default: () => ({ ...DEFAULT_RECEIVING_WINDOWS }) },
    active: { type: Boolean, default: true },
    FacilityType: { type: String, default: 'Recreational' },
  },
  { timestamps: true, minimize: false },
);
licenceRecordSchema.plugin(withOutbox);

export type LicenceRecordDoc = InferSchemaType<typeof licenceRecordSchema> & { _id: mongoose.Types.ObjectId };
const LicenceRecordModel = mongoose.model('LicenceRecord', licenceRecordSchema);
export const LicenceRecord = LicenceRecordModel as typeof LicenceRecordModel & OutboxStatics;

/**
 * The stored licence map (spec §7 GET /license/lnstored, POST /license/updatestored): one config-like document
 * (key 'lnstored'); entries are kept as a list because licence numbers are not safe as field names.
 */
const licenceMapSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    entries: { type: [{ k: String, v: Schema.Types.Mixed, _id: false }], default: [] },
  },
  { timestamps: true, minimize: false },
);
licenceMapSchema.plugin(withOutbox);
const LicenceMapModel = mongoose.model('LicenceMap', licenceMapSchema);
export const LicenceMap = LicenceMapModel as typeof LicenceMapModel & OutboxStatics;
