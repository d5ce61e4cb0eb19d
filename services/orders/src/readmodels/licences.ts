import { licenceKey, licenceText } from '@portal/contracts';
import { Licence } from '../models/licence.js';
import { ReadCache } from '../models/read-cache.js';
import { orderConfig, type OrderConfig } from '../domain/config.js';
import type { MemberView } from './members.js';

/** A licence record as orders copies it into an order (pickupCompany / destCompany) and checks it. */
export interface LicenceRecordView {
  'License #': string;
  licenseKey: string;
  Licensee: string;
  DBA: string;
  'Street Address': string;
  City: string;
  Zip: string;
  emails: string[];
  pickupRoute: { route: string; day: string }[];
  windows?: Record<string, string>;
  active: boolean;
  FacilityType: string;
}

type Stored = Partial<Omit<LicenceRecordView, 'pickupRoute'>> & {
  licenseKey: string;
  deleted?: boolean | null;
  pickupRoute?: { route?: string | null; day?: string | null }[] | null;
};

export function toLicenceView(r: Stored): LicenceRecordView {
  return {
    'License #': r['License #'] ?? '',
    licenseKey: r.licenseKey,
    ...licenceText(r),
    ...(r.windows ? { windows: { ...r.windows } } : {}),
    active: r.active !== false,
    FacilityType: r.FacilityType ?? 'Recreational',
  };
}

/** Licence key → stored record or null (short-lived copies, models/read-cache.ts; each answer is a fresh view). */
const licenceCache = new ReadCache<Stored | null>('licences');

/** The licence record of a licence number however typed (case, spaces), as a fresh copy; null if not listed. */
export async function licenceByNumber(lic: string): Promise<LicenceRecordView | null> {
  const key = lic ? licenceKey(lic) : '';
  if (!key) return null;
  const r = await licenceCache.get(key, () =>
    Licence.findOne({ licenseKey: key, deleted: { $ne: true } }).lean<Stored>(),
  );
  return r ? toLicenceView(r) : null;
}

/** Several at once (one `$in` on the unique key): licence key → record; unknown numbers are absent. */
export async function licencesByNumbers(lics: string[]): Promise<Map<string, LicenceRecordView>> {
  const keys = [...new Set(lics.filter(Boolean).map(licenceKey))];
  if (!keys.length) return new Map();
  const rs = await licenceCache.getMany(
    keys,
    async (missing) => {
      const found = await Licence.find({ licenseKey: { $in: missing }, deleted: { $ne: true } }).lean<
        Stored[]
      >();
      return new Map(found.map((r) => [r.licenseKey, r]));
    },
    null,
  );
  return new Map([...rs.values()].flatMap((r) => (r ? [[r.licenseKey, toLicenceView(r)] as const] : [])));
}

/** The licence records of a member's company (the vendor's originating licence choices, orders §6). */
export async function licencesOf(member: Pick<MemberView, 'companyKeys'>): Promise<LicenceRecordView[]> {
  const m = await licencesByNumbers(member.companyKeys);
  return member.companyKeys.flatMap((k) => (m.has(k) ? [m.get(k)!] : []));
}

/** Whether the licence number is in the licence list ("License number doesn't exist" otherwise, orders §5). */
export async function licenceExists(lic: string): Promise<boolean> {
  return (await licenceByNumber(lic)) !== null;
}

/**
 * Same Day is offered when orders.hasSameDay is on or the user's own sameDayPickup flag is set (orders §6). Pure
 * over the config and the member; `sameDayAllowedFor` reads the config.
 */
export const sameDayAllowed = (
  config: Pick<OrderConfig, 'hasSameDay'>,
  member: Pick<MemberView, 'sameDayPickup'> | null | undefined,
): boolean => config.hasSameDay || !!member?.sameDayPickup;

export async function sameDayAllowedFor(member: MemberView | null | undefined): Promise<boolean> {
  return sameDayAllowed(await orderConfig(), member);
}

// ---- the feed: accounts' licence records into the read model ----------------------------------------------------

/** A licence record as accounts' events carry it (contracts LicenceRecordData). */
export type LicenceFacts = Partial<Omit<LicenceRecordView, 'licenseKey'>> & { 'License #': string };

/** The read model's fields of a record. Pure. */
export function licenceUpdate(r: LicenceFacts, accountsId?: string): Record<string, unknown> {
  return {
    'License #': r['License #'].trim(),
    Licensee: r.Licensee ?? '',
    DBA: r.DBA ?? '',
    'Street Address': r['Street Address'] ?? '',
    City: r.City ?? '',
    Zip: r.Zip ?? '',
    emails: r.emails ?? [],
    pickupRoute: r.pickupRoute ?? [],
    ...(r.windows ? { windows: r.windows } : {}),
    active: r.active !== false,
    FacilityType: r.FacilityType || 'Recreational',
    ...(accountsId ? { accountsId } : {}),
  };
}

/**
 * One licence record as of `at` (accounts.licence.changed's record, or a snapshot's): created / updated upsert it by
 * its key, deleted flags it; a renumbered record (same accounts id, new number) flags its old key. Idempotent and
 * time-ordered like the members (an older fact changes nothing).
 */
export async function applyLicenceFacts(
  r: LicenceFacts,
  at: Date,
  opts: { accountsId?: string; deleted?: boolean } = {},
): Promise<void> {
  const key = licenceKey(r['License #']);
  if (!key) return;
  if (opts.accountsId) {
    await Licence.updateMany(
      { accountsId: opts.accountsId, licenseKey: { $ne: key }, asOf: { $lte: at } },
      { $set: { deleted: true, asOf: at } },
    );
  }
  const set = { ...licenceUpdate(r, opts.accountsId), deleted: !!opts.deleted, asOf: at };
  await Licence.updateOne({ licenseKey: key, asOf: { $lte: at } }, { $set: set }, { upsert: true }).catch(
    (err: { code?: number }) => {
      if (err.code !== 11000) throw err; // held with a newer fact: nothing to do
    },
  );
}

/** After a full licences snapshot: records it did not name and no newer event touched are gone from accounts. */
export async function finishLicenceSnapshot(asOf: Date): Promise<number> {
  const res = await Licence.updateMany({ asOf: { $lt: asOf }, deleted: false }, { $set: { deleted: true } });
  return res.modifiedCount;
}

/** The newest fact the licence list holds (null when empty). */
export async function licencesAsOf(): Promise<Date | null> {
  const r = await Licence.findOne({}, { asOf: 1 }).sort({ asOf: -1 }).lean<{ asOf?: Date }>();
  return r?.asOf ?? null;
}
