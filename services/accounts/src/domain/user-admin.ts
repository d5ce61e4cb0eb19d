import {
  AccountState,
  LIMITS,
  Messages,
  Role,
  canAssignRole,
  isApproved,
  isStaff,
  isValidEmail,
  type RoleNumber,
  type Verified,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { bury } from '../models/tombstone.js';
import { issuePin } from '../models/pin.js';
import { UserExists } from '../adapters/keycloak/index.js';
import { queue, resetRequested, userCreated, userDeleted } from '../events/publishes.js';
import { findLicenceRecord } from '../models/licence-record.js';
import { profileError, type ProfileInput } from './profiles.js';
import { applyAccountState } from './sessions.js';
import { callerProfile } from './users.js';
import type { Caller, Deps } from './deps.js';

/** A staff-made account's set-password code lives a week (a new account is not opened within half an hour). */
export const WELCOME_CODE_TTL_MS = 7 * 24 * 3600_000;

export interface NewUserInput extends ProfileInput {
  email: string;
  role?: number;
  alerts?: { email?: boolean };
  sameDayPickup?: boolean;
  verified?: Verified;
}

/** The first reason the caller may not create this account (message + status), or undefined. Pure. */
export function createRefusal(callerRole: RoleNumber, input: NewUserInput): [number, string] | undefined {
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) return [400, Messages.invalidEmail];
  if (email.length > LIMITS.email) return [400, Messages.emailTooLong];
  if (!canAssignRole(callerRole, (input.role ?? Role.User) as RoleNumber)) return [403, Messages.forbidden];
  if (!isStaff(callerRole) && (input.sameDayPickup !== undefined || input.verified !== undefined))
    return [403, Messages.forbidden];
  return undefined;
}

/**
 * The company's licence numbers as their records spell them ('abc-1' is the record 'ABC-1'); a number without a
 * record is refused: a made-up licence would otherwise become a company (a vendor in billing) that does not exist.
 */
async function knownLicences(company: Record<string, unknown> | null | undefined) {
  if (!company) return company;
  const canon = async (v: unknown) => {
    if (typeof v !== 'string' || !v.trim()) return v;
    const record = await findLicenceRecord(v);
    if (!record) throw new Problem(400, Messages.invalidLicence);
    return record['License #'];
  };
  const out = { ...company };
  if (out['License #'] !== undefined) out['License #'] = await canon(out['License #']);
  if (Array.isArray(out.licenseNumbers))
    out.licenseNumbers = [...new Set(await Promise.all((out.licenseNumbers as unknown[]).map(canon)))];
  return out;
}

/** Create an account (staff; an account admin for their own company): Keycloak user, profile, welcome code. */
export async function createAccount(deps: Deps, caller: Caller, input: NewUserInput) {
  const callerRole = (caller.role ?? Role.User) as RoleNumber;
  const refusal = createRefusal(callerRole, input);
  if (refusal) throw new Problem(refusal[0], refusal[1]);
  const email = input.email.trim().toLowerCase();
  const role = (input.role ?? Role.User) as RoleNumber;
  let company = isStaff(callerRole) ? await knownLicences(input.company) : input.company;
  if (!isStaff(callerRole)) {
    // An account admin creates users of their own company only: the company is theirs, whatever was sent.
    const me = await callerProfile(caller);
    if (!me.company?.['License #']) throw new Problem(403, Messages.forbidden);
    company = {
      ...(me.company as object),
      ...(input.company ?? {}),
      'License #': me.company['License #'],
      licenseNumbers: me.company.licenseNumbers ?? [me.company['License #']],
    };
  }
  const err = profileError({ name: input.name, company: input.company }, role, false);
  if (err) throw new Problem(400, err);
  if ((await User.exists({ email })) || (await deps.keycloak.findUserId(email)))
    throw new Problem(400, Messages.emailExists);

  let sub: string;
  try {
    sub = await deps.keycloak.createStaffMadeUser({
      email,
      firstName: input.name?.firstName ?? undefined,
      lastName: input.name?.lastName ?? undefined,
      role,
    });
  } catch (e) {
    if (e instanceof UserExists) throw new Problem(400, Messages.emailExists);
    throw new Problem(502, Messages.accountCreationFailed((e as Error).message));
  }
  // Made by staff: reviewed by the person who made it, so verified unless they chose another state. Made by a
  // company's account admin: a new account of that company like an invited one, so it waits for staff review.
  const verified: Verified = isStaff(callerRole)
    ? (input.verified ?? AccountState.Verified)
    : AccountState.Pending;
  const doc = new User({
    email,
    sub,
    role,
    verified,
    name: input.name,
    alerts: input.alerts ?? { email: true },
    company,
    sameDayPickup: !!input.sameDayPickup,
  });
  queue(doc, userCreated(doc as unknown as UserDoc));
  try {
    // The password is random: a welcome mail with a code (forgotPasswordSubmit) to set their own.
    const { pin: code, expiresAt } = await issuePin('reset', email, email, { ttlMs: WELCOME_CODE_TTL_MS });
    queue(doc, resetRequested(email, code, expiresAt, 'account-created'));
    await doc.save();
  } catch (e) {
    await deps.keycloak.deleteUser(sub).catch(() => undefined); // no half-made account
    throw new Problem(502, Messages.profileCreationFailed((e as Error).message));
  }
  // the account exists now: its verified marker (and a suspension) as chosen; a marker lost to a Redis blip is
  // written again by the restore on reconnect
  if (isApproved(verified) || verified === AccountState.Suspended)
    await applyAccountState(deps, { sub, verified: AccountState.Pending }, verified).catch((err: Error) =>
      deps.log.warn({ err: err.message }, 'verified marker not written'),
    );
  return toProfile(doc.toObject() as UserDoc);
}

/** Delete an account (staff any less privileged user, anyone themselves): Keycloak, user state, tombstone, profile. */
export async function deleteAccount(deps: Deps, caller: Caller, rawEmail: string): Promise<void> {
  const callerRole = (caller.role ?? Role.User) as RoleNumber;
  const email = rawEmail.trim().toLowerCase();
  const target = await User.findOne({ email }).lean<UserDoc>();
  const isSelf = !!target && (target.sub === caller.sub || target.email === caller.email?.toLowerCase());
  if (!isSelf && !isStaff(callerRole)) throw new Problem(403, Messages.forbidden);
  if (!target) throw new Problem(404, Messages.notFound);
  if (!isSelf && !canAssignRole(callerRole, target.role as RoleNumber))
    throw new Problem(403, Messages.forbidden);

  let kcId: string | undefined;
  try {
    kcId = target.sub ?? (await deps.keycloak.findUserId(target.email));
    if (kcId) await deps.keycloak.deleteUser(kcId); // its Keycloak sessions go with it
  } catch (e) {
    throw new Problem(502, Messages.deleteUserFailed((e as Error).message));
  }
  // Its tokens still verify for up to 15 minutes: every service refuses them from now on.
  if (kcId) {
    await deps.userState.markDeleted(kcId);
    await deps.userState.setVerified(kcId, false);
  }
  await bury(
    User,
    target._id,
    { kind: 'user', refId: String(target._id), key: target.email, deletedBy: caller.email, sub: kcId },
    userDeleted(target),
  );
}
