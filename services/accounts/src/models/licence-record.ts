import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';
import { DEFAULT_RECEIVING_WINDOWS, licenceKey } from '@portal/contracts';

/** The comparison key of a licence number (contracts' licences.ts; re-exported where accounts always took it). */
export { licenceKey };

/** Licence record "LN" (accounts spec §3); keys are the spec's own names. 'License #' is unique, case-insensitively. */
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
    // licenceKey('License #'), kept in step by the hook below and by every update (routes/license.ts)
    licenseKey: { type: String, unique: true },
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
// Documents made with new/create/insertMany all validate first: the key is set there, never by hand.
licenceRecordSchema.pre('validate', function () {
  const lic = this.get('License #') as unknown;
  if (typeof lic === 'string') this.set('licenseKey', licenceKey(lic));
});

export type LicenceRecordDoc = InferSchemaType<typeof licenceRecordSchema> & { _id: mongoose.Types.ObjectId };
const LicenceRecordModel = mongoose.model('LicenceRecord', licenceRecordSchema);
export const LicenceRecord = LicenceRecordModel as typeof LicenceRecordModel & OutboxStatics;

/** The record of a licence number however it is typed (case, spaces), or null. */
export const findLicenceRecord = (lic: string) =>
  LicenceRecord.findOne({ licenseKey: licenceKey(lic) }).lean<LicenceRecordDoc>();

/**
 * Gives records written before the key existed their key (start-up, before the unique index is synced). Two records
 * that differ only in case cannot share it: the later one gets a key no lookup matches (every document has one, so
 * the unique index needs no sparse option) and is logged, so an admin can merge them.
 */
export async function backfillLicenceKeys(log: { warn: (o: object, m: string) => void }): Promise<number> {
  const missing = await LicenceRecord.find({ licenseKey: { $exists: false } }, { 'License #': 1 })
    .sort({ createdAt: 1 })
    .lean<{ _id: mongoose.Types.ObjectId; 'License #': string }[]>();
  let done = 0;
  for (const r of missing) {
    const key = licenceKey(r['License #']);
    const taken = await LicenceRecord.exists({ licenseKey: key, _id: { $ne: r._id } });
    if (taken) {
      log.warn(
        { id: String(r._id), licence: r['License #'] },
        'licence record duplicates another one by case',
      );
    }
    await LicenceRecord.updateOne(
      { _id: r._id },
      { $set: { licenseKey: taken ? `${key}#duplicate-${String(r._id)}` : key } },
    );
    done++;
  }
  return done;
}
