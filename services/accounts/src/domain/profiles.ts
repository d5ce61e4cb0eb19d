import {
  AccountState,
  DEFAULT_ROLE,
  hasCompany,
  isApproved,
  LIMITS,
  Messages,
  Role,
  isValidEmail,
  parsePhone,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { User, type UserDoc } from '../models/user.js';
import { Tombstone } from '../models/tombstone.js';
import { cachedProfile, profileGeneration, rememberProfile } from '../models/profile-cache.js';
import { userUpdated } from '../events/publishes.js';
import { withSet } from '../events/facts.js';

export interface Identity {
  sub: string;
  email?: string;
  role?: RoleNumber;
  firstName?: string;
  lastName?: string;
}

/** Writes the kit's "staff verified" marker of a sub (accounts' start wires it to the kit's user state). */
type MarkerWriter = (sub: string, verified: boolean) => Promise<void>;
let writeVerified: MarkerWriter | undefined;
export function onProfileLinked(fn: MarkerWriter | undefined): void {
  writeVerified = fn;
}

/**
 * The profile for a Keycloak identity: found by sub, else linked by email (seeded profiles have no sub yet),
 * else created (role from the token, not verified). Keycloak's realm roles are the source of truth for
 * authorisation, so the stored role follows the token's role whenever the token carries one.
 */
export async function ensureProfile(id: Identity): Promise<UserDoc> {
  const email = id.email?.toLowerCase();
  const set: Record<string, unknown> = { sub: id.sub };
  if (id.role !== undefined) set.role = id.role;
  // The common case (a linked profile whose role already matches) is a read, not a write; it is also kept in
  // memory for a few seconds (profile-cache.ts: emptied by any write to users).
  const hit = cachedProfile<UserDoc>(id.sub, id.role);
  if (hit) return hit;
  const gen = profileGeneration();
  const found = await User.findOne({ sub: id.sub }).lean<UserDoc>();
  if (found && (id.role === undefined || found.role === id.role)) return rememberProfile(id.sub, found, gen);
  if (found) {
    // the token's role wins; others' read models (orders' members, fleet's users) learn it from the event
    await User.updateOneWithEvents({ _id: found._id }, { $set: set }, [userUpdated(withSet(found, set))]);
    return (await User.findById(found._id).lean<UserDoc>())!;
  }
  if (!email) throw new Error('token has neither a known sub nor an email');
  // A deleted user's still-valid token must not bring the profile back; the kit refuses such tokens
  // already (user state in Redis), this is the durable check. Only on first sight of a sub: a read, rarely.
  if (await Tombstone.exists({ kind: 'user', sub: id.sub })) throw new Problem(401, Messages.tokenInvalid);
  const linked = await User.findOneAndUpdate(
    { email },
    {
      $set: set,
      $setOnInsert: {
        email,
        verified: AccountState.Pending,
        ...(id.role === undefined ? { role: DEFAULT_ROLE } : {}),
        ...(id.firstName || id.lastName ? { name: { firstName: id.firstName, lastName: id.lastName } } : {}),
      },
    },
    { returnDocument: 'after', upsert: true },
  ).lean<UserDoc>();
  // linked to its sub, or made on first sight: others' read models learn of it (a second write, on first sight
  // only; should it fail, the profile stands and its next change publishes)
  await User.updateOneWithEvents({ _id: linked!._id }, {}, [userUpdated(linked!)]);
  // A profile staff verified before its first sign-in (seeded, staff-made): its marker now that its sub is known,
  // else every other service would hold the user under review (a lost write is mended by the restore at start).
  if (isApproved(linked!.verified)) await writeVerified?.(id.sub, true);
  return linked!;
}

// ---- tenancy -------------------------------------------------------------------------------------------------

type WithCompany = { company?: { 'License #'?: string | null; licenseNumbers?: string[] | null } | null };

/** Every licence number of a profile's company ('License #' and the additional ones). */
export function licencesOf(u: WithCompany | null | undefined): string[] {
  const c = u?.company;
  if (!c) return [];
  return [...new Set([c['License #'], ...(c.licenseNumbers ?? [])].filter((x): x is string => !!x))];
}

/** Mongo filter: profiles sharing one of these licence numbers (matches nothing for an empty list). */
export function sameCompanyFilter(lics: string[]): Record<string, unknown> {
  return { $or: [{ 'company.License #': { $in: lics } }, { 'company.licenseNumbers': { $in: lics } }] };
}

export const sharesCompany = (a: WithCompany, b: WithCompany): boolean => {
  const mine = licencesOf(a);
  return mine.length > 0 && licencesOf(b).some((l) => mine.includes(l));
};

// ---- §5 profile rules ----------------------------------------------------------------------------------------

export interface ProfileInput {
  name?: { firstName?: string | null; lastName?: string | null } | null;
  company?: Record<string, unknown> | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
export const contactName = (u: ProfileInput) =>
  [str(u.name?.firstName), str(u.name?.lastName)].filter(Boolean).join(' ');

/**
 * The first broken §5 profile rule (its message), or undefined. `required` applies the required-field rules
 * (a full profile save); without it only the values present are checked (format and length). Drivers have no
 * billing or licence fields.
 */
export function profileError(u: ProfileInput, role: number, required: boolean): string | undefined {
  const c = u.company ?? {};
  // staff and drivers have no company: its fields are checked when given, never required (the contact name is)
  const company = hasCompany(role);
  const checks: [label: string, value: string, max: number | undefined, present: boolean][] = [
    ['Company Name', str(c.Licensee), LIMITS.companyName, c.Licensee !== undefined],
    ['DBA', str(c.DBA), LIMITS.dba, c.DBA !== undefined],
    ['Contact Name', contactName(u), LIMITS.contactName, u.name !== undefined],
  ];
  if (role !== Role.Driver) {
    checks.push(
      ['Billing Contact Name', str(c.billingContactName), 100, c.billingContactName !== undefined],
      ['Billing Email', str(c.billingContactEmail), LIMITS.email, c.billingContactEmail !== undefined],
      ['Billing Address', str(c.billingAddress), 200, c.billingAddress !== undefined],
      ['License Number', str(c['License #']), 100, c['License #'] !== undefined],
      ['Street Address', str(c['Street Address']), 200, c['Street Address'] !== undefined],
    );
  }
  for (const [label, value, max, present] of checks) {
    if (!value && label !== 'Contact Name' && !company) continue;
    if (!value && (required || present)) {
      return Messages.fieldRequired(label);
    }
    if (max && value.length > max) return Messages.fieldTooLong(label, max);
  }
  const phone = str(c.phone);
  if ((required && company) || (c.phone !== undefined && (company || phone))) {
    // contracts' parsePhone (the browser's rule too); the model stores its E.164 form (models/user.ts)
    if (!parsePhone(phone)) return Messages.phoneInvalid;
  }
  const billingEmail = str(c.billingContactEmail);
  if (role !== Role.Driver && billingEmail && !isValidEmail(billingEmail)) return Messages.invalidEmail;
  return undefined;
}

/** A profile is complete when it passes every required rule for its role (part of the application's trigger). */
export const isComplete = (u: ProfileInput, role: number) => profileError(u, role, true) === undefined;
