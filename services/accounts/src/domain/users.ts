import { AccountState, Messages, Role, isStaff, type RoleNumber } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { User, companyKeysOf, toProfile, type UserDoc } from '../models/user.js';
import { findLicenceRecord, licenceKey } from '../models/licence-record.js';
import { ensureProfile, licencesOf, sharesCompany } from './profiles.js';
import type { Caller } from './deps.js';

/** The most a list answers (staff see every user: the portal has a few thousand). */
export const USERS_LIST_LIMIT = 2000;

/** The caller's own profile (created/linked on first sight, like /users/me). */
export function callerProfile(u: Caller): Promise<UserDoc> {
  return ensureProfile({ sub: u.sub, email: u.email, role: u.role });
}

/** Whether `caller` may see `target`: staff any; others themselves or a user of their company. */
export const canSee = (caller: UserDoc, callerRole: RoleNumber | undefined, target: UserDoc) =>
  isStaff(callerRole) || String(caller._id) === String(target._id) || sharesCompany(caller, target);

/**
 * What a standard user sees of a colleague: who they are (id, email, name, role, verified), not the profile
 * (signature, billing, public-orders link, accounting flags); their own profile they see whole.
 */
export function viewFor(callerRole: RoleNumber | undefined, callerId: string, u: UserDoc) {
  if (String(u._id) === callerId || isStaff(callerRole)) return toProfile(u);
  // the public orders link: the profile's owner, the company's account admin and staff only (public-orders.ts)
  if (callerRole !== Role.User) return { ...toProfile(u), publicorderslink: undefined };
  const p = toProfile(u);
  return { id: p.id, email: p.email, name: p.name, role: p.role, verified: p.verified };
}

export type Where = Record<string, string | number | boolean>;
/** Fields a `where` may filter on by equality (a client never gets to send Mongo operators). */
const EQUALITY_FIELDS = ['email', 'sub', 'role', 'sameDayPickup'];
/** Company fields a `where` may name: served by the top-level companyKeys (docs/DATA.md rule 3: no dotted lists). */
const COMPANY_FIELDS = ['company.License #', 'company.licenseNumbers'];
/** A user's text as a literal inside a regular expression (search boxes). */
export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Mongo filter for a list's `where`: top-level equalities only where possible (what the local backend serves
 * from an index), then the search as a residual filter on the rows they select.
 */
export function whereFilter(where: Where = {}): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(where)) {
    if (EQUALITY_FIELDS.includes(k)) filter[k] = k === 'email' && typeof v === 'string' ? v.toLowerCase() : v;
    if (COMPANY_FIELDS.includes(k) && typeof v === 'string') filter.companyKeys = licenceKey(v);
  }
  const v = where.verified;
  // "Not verified" is pending or suspended (a residual filter); verified and suspended are index equalities.
  if (v === false || v === 'false') filter.verified = { $ne: AccountState.Verified };
  else if (v === true || v === 'true') filter.verified = AccountState.Verified;
  else if (v === AccountState.Suspended) filter.verified = AccountState.Suspended;
  if (typeof where.search === 'string' && where.search.trim()) {
    const re = { $regex: escapeRe(where.search.trim()), $options: 'i' };
    filter.$or = [
      { email: re },
      { 'company.Licensee': re },
      { 'company.DBA': re },
      { 'company.License #': re },
      { 'company.licenseNumbers': re },
    ];
  }
  return filter;
}

/**
 * Users of the companies with these licence numbers, plus `filter`: one index probe per licence key (a company has
 * one to a few), merged, by email. `$in`/`$or` would not be served by an index locally (docs/DATA.md §2).
 */
export async function companyUsers(lics: string[], filter: Record<string, unknown> = {}): Promise<UserDoc[]> {
  const keys = [...new Set(lics.map(licenceKey))];
  const byId = new Map<string, UserDoc>();
  for (const key of keys) {
    const rows = await User.find({ ...filter, companyKeys: key })
      .sort({ email: 1 })
      .limit(USERS_LIST_LIMIT)
      .lean<UserDoc[]>();
    for (const u of rows) byId.set(String(u._id), u);
  }
  return [...byId.values()].sort((a, b) => a.email.localeCompare(b.email)).slice(0, USERS_LIST_LIMIT);
}

/** Staff: every user; roles 3, 4: the users of their own company. */
export async function listUsers(caller: Caller, where?: Where) {
  const filter = whereFilter(where);
  const me = isStaff(caller.role) ? undefined : await callerProfile(caller);
  const users = me
    ? await companyUsers(licencesOf(me), filter)
    : await User.find(filter).sort({ email: 1 }).limit(USERS_LIST_LIMIT).lean<UserDoc[]>();
  const myId = me ? String(me._id) : '';
  return users.map((u) => viewFor(caller.role, myId, u));
}

/** One user by email; not found and not visible are the same 404 (no probing of other companies' emails). */
export async function userByEmail(caller: Caller, email: string) {
  const target = await User.findOne({ email: email.trim().toLowerCase() }).lean<UserDoc>();
  const me = await callerProfile(caller);
  if (!target || !canSee(me, caller.role, target)) throw new Problem(404, Messages.notFound);
  return viewFor(caller.role, String(me._id), target);
}

/**
 * Users by licence (orders §163: notification recipients). Whether the licence exists and whether it is the caller's
 * company; the users (email, name, alerts) only for staff or for the caller's own company.
 */
export async function usersByLicence(caller: Caller, typed: string) {
  typed = typed.trim();
  const record = await findLicenceRecord(typed);
  const lic = record?.['License #'] ?? typed;
  const staff = isStaff(caller.role);
  const mine = staff ? [] : licencesOf(await callerProfile(caller)).map(licenceKey);
  const yours = mine.includes(licenceKey(lic));
  const users = staff || yours ? await companyUsers([lic]) : [];
  return {
    exists: !!record || users.length > 0,
    yours,
    users: users.map((u) => ({
      email: u.email,
      name: u.name
        ? { firstName: u.name.firstName ?? undefined, lastName: u.name.lastName ?? undefined }
        : undefined,
      alerts: { email: u.alerts?.email ?? true },
    })),
  };
}

/** The other users of a user's company (staff). */
export async function attachedUsers(email: string) {
  const target = await User.findOne({ email: email.trim().toLowerCase() }).lean<UserDoc>();
  if (!target) throw new Problem(404, Messages.notFound);
  const users = await companyUsers(licencesOf(target));
  return users.filter((u) => String(u._id) !== String(target._id)).map(toProfile);
}

export { companyKeysOf };
