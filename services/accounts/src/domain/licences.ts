import {
  DEFAULT_RECEIVING_WINDOWS,
  LICENCE_FIELDS,
  Messages,
  isValidEmail,
  licenceText,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { LicenceRecord, licenceKey, type LicenceRecordDoc } from '../models/licence-record.js';
import { bury } from '../models/tombstone.js';
import { licenceChanged, queue } from '../events/publishes.js';
import { withSet } from '../events/facts.js';
import { escapeRe } from './users.js';

/** Licence records "LN" (spec §3, §5): the rules and writes behind /license/*. */
export type RecordInput = Record<string, unknown>;
/** The fields of a record a client may write (routes/license.ts declares them in its body schema). */
export const RECORD_FIELDS = [
  'License #',
  'Licensee',
  'DBA',
  'Street Address',
  'City',
  'Zip',
  'emails',
  'pickupRoute',
  'windows',
  'active',
  'FacilityType',
] as const;

/**
 * All fields are required (spec §5 "Licence record"): the first missing one's message; then the other fields'
 * shape: every email valid, every pickup route named, on a day of the week (the windows' day keys). Pure.
 */
export function missingField(r: RecordInput): string | undefined {
  const gap = LICENCE_FIELDS.find(([k]) => typeof r[k] !== 'string' || !(r[k] as string).trim());
  if (gap) return Messages.fieldRequired(gap[1]);
  if (((r.emails as unknown[] | undefined) ?? []).some((e) => !isValidEmail(String(e).trim())))
    return Messages.invalidEmail;
  const pickups = (r.pickupRoute as { route?: string; day?: string }[] | undefined) ?? [];
  if (pickups.some((p) => !p.route?.trim())) return Messages.fieldRequired('Route');
  if (pickups.some((p) => !(String(p.day) in DEFAULT_RECEIVING_WINDOWS)))
    return Messages.fieldRequired('Day');
  return undefined;
}

/** What is stored of an input: its own fields, trimmed; windows over the defaults; the comparison key. Pure. */
export function recordFields(r: RecordInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of RECORD_FIELDS) {
    const v = r[k];
    if (v !== undefined) out[k] = typeof v === 'string' ? v.trim() : v;
  }
  if (r.windows) out.windows = { ...DEFAULT_RECEIVING_WINDOWS, ...(r.windows as object) };
  if (Array.isArray(r.emails)) out.emails = [...new Set(r.emails.map((e) => String(e).trim().toLowerCase()))];
  if (Array.isArray(r.pickupRoute))
    out.pickupRoute = (r.pickupRoute as { route: string; day: string }[]).map((p) => ({
      route: p.route.trim(),
      day: p.day,
    }));
  if (typeof out['License #'] === 'string') out.licenseKey = licenceKey(out['License #']);
  return out;
}

/** A record as the API shows it (every window filled in). Pure. */
export function toRecord(r: LicenceRecordDoc) {
  const w = (r.windows ?? {}) as Record<string, string | undefined>;
  return {
    id: String(r._id),
    'License #': r['License #'],
    ...licenceText(r),
    windows: Object.fromEntries(
      Object.entries(DEFAULT_RECEIVING_WINDOWS).map(([d, def]) => [d, w[d] ?? def]),
    ) as Record<keyof typeof DEFAULT_RECEIVING_WINDOWS, string>,
    active: r.active ?? true,
    FacilityType: r.FacilityType ?? '',
  };
}

/** The licence picker's search (public): active records whose number, name or DBA contains the text. */
export async function searchLicences(search: string, limit: number) {
  const s = escapeRe(search.trim());
  const re = { $regex: s, $options: 'i' };
  const filter = s
    ? { active: { $ne: false }, $or: [{ 'License #': re }, { Licensee: re }, { DBA: re }] }
    : { active: { $ne: false } };
  const rows = await LicenceRecord.find(filter)
    .sort({ 'License #': 1 })
    .limit(limit)
    .lean<LicenceRecordDoc[]>();
  return rows.map((r) => ({
    'License #': r['License #'],
    Licensee: r.Licensee ?? '',
    DBA: r.DBA ?? '',
    City: r.City ?? '',
  }));
}

export async function listLicences() {
  const rows = await LicenceRecord.find({}).sort({ 'License #': 1 }).lean<LicenceRecordDoc[]>();
  return rows.map(toRecord);
}

const isDuplicate = (e: unknown) => (e as { code?: number }).code === 11000;
/** A write that hits the unique licenseKey index is the same "exists" answer as the check before it. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isDuplicate(e)) throw new Problem(400, Messages.licenceExists);
    throw e;
  }
}

export async function createLicence(r: RecordInput) {
  const gap = missingField(r);
  if (gap) throw new Problem(400, gap);
  const lic = String(r['License #']).trim();
  // case-insensitively: 'abc-1' duplicates 'ABC-1' (the unique licenseKey index backs this check)
  if (await LicenceRecord.exists({ licenseKey: licenceKey(lic) }))
    throw new Problem(400, Messages.licenceExists);
  const doc = new LicenceRecord(recordFields(r));
  queue(doc, licenceChanged(String(doc._id), lic, 'created', doc.toObject() as LicenceRecordDoc));
  await unique(() => doc.save());
  return toRecord(doc.toObject() as LicenceRecordDoc);
}

export async function updateLicence(r: RecordInput & { id?: string }) {
  if (!r.id) throw new Problem(400, 'record.id is required');
  const gap = missingField(r);
  if (gap) throw new Problem(400, gap);
  const before = await LicenceRecord.findById(r.id).lean<LicenceRecordDoc>();
  if (!before) throw new Problem(404, Messages.notFound);
  const lic = String(r['License #']).trim();
  if (await LicenceRecord.exists({ licenseKey: licenceKey(lic), _id: { $ne: before._id } }))
    throw new Problem(400, Messages.licenceExists);
  await unique(() =>
    LicenceRecord.updateOneWithEvents({ _id: before._id }, { $set: recordFields(r) }, [
      licenceChanged(r.id!, lic, 'updated', withSet(before, recordFields(r))),
    ]),
  );
  return toRecord((await LicenceRecord.findById(r.id).lean<LicenceRecordDoc>())!);
}

/** The deleted event rides on a tombstone (the outbox lives on documents; the record itself goes): bury(). */
export async function deleteLicence(id: string, deletedBy: string | undefined) {
  const before = await LicenceRecord.findById(id).lean<LicenceRecordDoc>();
  if (!before) throw new Problem(404, Messages.notFound);
  await bury(
    LicenceRecord,
    before._id,
    { kind: 'licence', refId: String(before._id), key: before['License #'], deletedBy },
    licenceChanged(String(before._id), before['License #'], 'deleted', before),
  );
  return toRecord(before);
}
