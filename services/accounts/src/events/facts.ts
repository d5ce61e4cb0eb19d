import { createHash } from 'node:crypto';
import {
  licenceText,
  AccountState,
  EVENT_SIGNATURE_MAX,
  INTERNAL_CONFIG_KEYS,
  type LicenceRecordData,
  type UserRefData,
} from '@portal/contracts';
import { companyKeysOf, type UserDoc } from '../models/user.js';
import type { LicenceRecordDoc } from '../models/licence-record.js';

/**
 * The facts accounts' events carry for others' read models (orders' members and licences): what a user,
 * a licence record or the public config IS after a write. Pure; no secret ever (no sub-documents beyond these
 * fields: the profile's billing contact, phone, logo and accounting flags stay in accounts).
 */

type UserLike = Partial<
  Pick<UserDoc, 'sub' | 'name' | 'company' | 'alerts' | 'sameDayPickup' | 'signature' | 'publicOrdersToken'>
> &
  Pick<UserDoc, '_id' | 'email' | 'role'>;

/** The optional user facts of UserRefData (contracts events.ts): name, company keys, alerts, signature (capped). */
export function userFacts(u: UserLike): Omit<UserRefData, 'userId' | 'email' | 'role' | 'verified'> {
  const name = [u.name?.firstName, u.name?.lastName].filter(Boolean).join(' ').trim();
  const c = u.company;
  const lics = c
    ? [...new Set([c['License #'], ...(c.licenseNumbers ?? [])].filter((x): x is string => !!x))]
    : [];
  const image = u.signature?.image ?? '';
  return {
    ...(u.sub ? { sub: u.sub } : {}),
    name,
    companyKeys: companyKeysOf(u as never),
    licenseNumbers: lics,
    alerts: { email: u.alerts?.email !== false },
    sameDayPickup: !!u.sameDayPickup,
    // an image over the cap is left out (events stay small): the reader then has no signature for this user
    ...(image && image.length <= EVENT_SIGNATURE_MAX
      ? { signature: { name: u.signature?.name ?? '', image } }
      : {}),
  };
}

/**
 * The document as it will be after `$set` (dotted paths too): what an update's event must describe. Pure: copies
 * only the objects on the set paths (ids and dates elsewhere stay what they are: an ObjectId is not cloned flat).
 */
export function withSet<T extends object>(doc: T, set: Record<string, unknown>): T {
  const out = { ...doc } as Record<string, unknown>;
  for (const [path, value] of Object.entries(set)) {
    const parts = path.split('.');
    let cur = out;
    for (const p of parts.slice(0, -1)) {
      const next = cur[p];
      cur[p] = next && typeof next === 'object' && !Array.isArray(next) ? { ...(next as object) } : {};
      cur = cur[p] as Record<string, unknown>;
    }
    cur[parts[parts.length - 1]!] = value;
  }
  return out as T;
}

/** A licence record as events carry it (contracts LicenceRecordData). Pure. */
export function licenceFacts(r: Partial<LicenceRecordDoc> & { 'License #': string }): LicenceRecordData {
  const windows = r.windows
    ? Object.fromEntries(
        Object.entries(r.windows as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === 'string',
        ),
      )
    : undefined;
  return {
    'License #': r['License #'],
    ...licenceText(r),
    ...(windows ? { windows } : {}),
    active: r.active !== false,
    FacilityType: r.FacilityType ?? '',
  };
}

/**
 * The public config entries as events carry them (a list: keys have dots, which the outbox cannot store as field
 * names); internal keys (signupEmails) are never carried, only named in `keys`. Pure.
 */
export function publicEntries(entries: [string, unknown][]): { key: string; value: unknown }[] {
  const internal = new Set<string>(INTERNAL_CONFIG_KEYS);
  return entries.filter(([k]) => !internal.has(k)).map(([key, value]) => ({ key, value }));
}

/**
 * The public orders link as the events carry it: its SHA-256, never the token (a bearer secret), and only for a
 * verified user's live link, else '' (orders then drops the page).
 */
export function publicOrdersHash(token: string | null | undefined, verified: unknown): string {
  if (!token || verified !== AccountState.Verified) return '';
  return createHash('sha256').update(token).digest('hex');
}
