import {
  Messages,
  Role,
  canAssignRole,
  hasCompany,
  isApproved,
  isStaff,
  isSuspended,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { findLicenceRecord, licenceKey } from '../models/licence-record.js';
import { readConfig } from '../models/app-config.js';
import { userApplied, userUpdateEvents } from '../events/publishes.js';
import { withSet } from '../events/facts.js';
import { isComplete, licencesOf } from './profiles.js';
import { applyAccountState, revokeBeforeWrite } from './sessions.js';
import { callerProfile, canSee, companyUsers } from './users.js';
import {
  addsForbiddenLicences,
  mergedProfile,
  patchError,
  setOf,
  updateRefusal,
  type Patch,
} from './user-update-rules.js';
import type { Caller, Deps } from './deps.js';
import { publicOrdersSet } from './public-orders.js';

/**
 * Licence numbers as their records spell them ('abc-1' is the record 'ABC-1'), so the company comparisons
 * (tenancy, "contact your admin") are never fooled by case. A number without a record is kept as typed (trimmed).
 */
async function canonicalLicences(patch: Patch): Promise<void> {
  const c = patch.company;
  if (!c) return;
  const canon = async (v: unknown) =>
    typeof v === 'string' && v.trim() ? ((await findLicenceRecord(v))?.['License #'] ?? v.trim()) : v;
  if (c['License #'] !== undefined) c['License #'] = await canon(c['License #']);
  if (Array.isArray(c.licenseNumbers))
    c.licenseNumbers = [...new Set(await Promise.all((c.licenseNumbers as unknown[]).map(canon)))];
}

/**
 * New licence numbers must be real records (staff too: a made-up number would become a company, a vendor in
 * billing, that does not exist); a non-staff editor's must also be used by no other company.
 */
async function checkNewLicences(target: UserDoc, patch: Patch, staff: boolean): Promise<void> {
  const c = patch.company ?? {};
  const wanted = [c['License #'], ...((c.licenseNumbers as string[] | undefined) ?? [])].filter(
    (x): x is string => typeof x === 'string' && !!x.trim(),
  );
  const have = licencesOf(target).map(licenceKey);
  for (const lic of wanted.filter((l) => !have.includes(licenceKey(l)))) {
    if (!(await findLicenceRecord(lic))) throw new Problem(400, Messages.invalidLicence);
    if (staff) continue;
    const others = (await companyUsers([lic])).filter((u) => String(u._id) !== String(target._id));
    if (others.length > 0) throw new Problem(403, Messages.contactAdminToJoin);
  }
}

/** Keycloak's realm role is the source of truth for authorisation: changed before the profile, loudly on failure. */
async function changeRole(deps: Deps, target: UserDoc, role: RoleNumber): Promise<void> {
  const kcId = target.sub ?? (await deps.keycloak.findUserId(target.email));
  if (!kcId) return;
  await deps.keycloak.setRole(kcId, role).catch((e: Error) => {
    // logged, 502 to the caller, and the profile keeps its old role (nothing half-changed)
    deps.log.error({ err: e.message, user: String(target._id), role }, 'role mapping failed');
    throw new Problem(502, Messages.profileUpdateFailed(e.message));
  });
}

const reread = async (id: unknown) => toProfile((await User.findById(id).lean<UserDoc>())!);

/** One profile update (POST /users/update with `user`): the answer's profile and message. */
export async function updateProfile(
  deps: Deps,
  caller: Caller,
  patch: Patch & { id?: string; email?: string },
) {
  if (!patch.id && !patch.email) throw new Problem(400, 'user.id or user.email is required');
  await canonicalLicences(patch);
  const me = await callerProfile(caller);
  const target = await User.findOne(
    patch.id ? { _id: patch.id } : { email: patch.email!.trim().toLowerCase() },
  ).lean<UserDoc>();
  if (!target || !canSee(me, caller.role, target)) throw new Problem(404, Messages.notFound);
  const isSelf = String(me._id) === String(target._id);
  // under review: the route is open for the user's own profile save only
  if (caller.verified === false && !isSelf) throw new Problem(403, Messages.underReview);
  const callerRole = (caller.role ?? Role.User) as RoleNumber;
  const refusal = updateRefusal({ callerRole, isSelf, target, patch });
  if (refusal) throw new Problem(403, refusal);
  const newRole = (patch.role ?? target.role) as RoleNumber;
  const err = patchError(target, patch, newRole);
  if (err) throw new Problem(400, err);
  if (addsForbiddenLicences(callerRole, target, patch)) throw new Problem(403, Messages.forbidden);
  await checkNewLicences(target, patch, isStaff(callerRole));

  const set = { ...setOf(patch), ...publicOrdersSet(callerRole, target, patch.publicOrders) };
  if (!Object.keys(set).length) return { user: toProfile(target), message: Messages.profileUpdated };
  if (newRole !== target.role) await changeRole(deps, target, newRole);

  if (patch.verified !== undefined) await revokeBeforeWrite(deps, target, patch.verified);
  const events = userUpdateEvents(target, patch as { verified?: unknown }, withSet(target, set));
  const merged = mergedProfile(target, patch);
  // The first complete save of a company's account not yet verified is its application: the notice goes to the
  // config's signupEmails, once. Staff and drivers have no company to apply for, and a verified account has been
  // reviewed already: their saves (a driver's signature) never tell them "under review" nor mail staff.
  const pending = !isApproved(target.verified) && !isSuspended(target.verified);
  const applies = hasCompany(newRole) && pending;
  if (isSelf && applies && !target.hasSentEmail && isComplete(merged, newRole)) {
    const recipients = (await readConfig()).signupEmails ?? [];
    const res = await User.updateOneWithEvents(
      { _id: target._id, hasSentEmail: { $ne: true } },
      { $set: { ...set, hasSentEmail: true } },
      [...events, userApplied({ ...target, company: merged.company } as UserDoc, recipients)],
    );
    if (res.matchedCount) {
      if (patch.verified !== undefined) await applyAccountState(deps, target, patch.verified);
      return { user: await reread(target._id), message: Messages.underReview };
    }
  }
  await User.updateOneWithEvents({ _id: target._id }, { $set: set }, events);
  if (patch.verified !== undefined) await applyAccountState(deps, target, patch.verified);
  return { user: await reread(target._id), message: Messages.profileUpdated };
}

/** "Set all suspended / verified" on the attached accounts (staff); all checked before anything is written. */
export async function bulkSetVerified(
  deps: Deps,
  caller: Caller,
  bulk: { email: string; verified: boolean | string }[],
) {
  if (!isStaff(caller.role)) throw new Problem(403, Messages.forbidden);
  if (caller.verified === false) throw new Problem(403, Messages.underReview);
  const emails = bulk.map((b) => b.email.trim().toLowerCase());
  const found = await User.find({ email: { $in: emails } }).lean<UserDoc[]>();
  if (found.length !== new Set(emails).size) throw new Problem(404, Messages.notFound);
  // Role hierarchy on the bulk path too: nobody acts on a more privileged user.
  if (found.some((u) => !canAssignRole(caller.role as RoleNumber, u.role as RoleNumber)))
    throw new Problem(403, Messages.forbidden);
  const byEmail = new Map(found.map((u) => [u.email, u]));
  for (const b of bulk) {
    const before = byEmail.get(b.email.trim().toLowerCase())!;
    if (before.verified === b.verified) continue;
    await revokeBeforeWrite(deps, before, b.verified);
    await User.updateOneWithEvents(
      { _id: before._id },
      { $set: { verified: b.verified } },
      userUpdateEvents(before, b),
    );
    await applyAccountState(deps, before, b.verified);
  }
  const after = await User.find({ email: { $in: emails } })
    .sort({ email: 1 })
    .lean<UserDoc[]>();
  return after.map(toProfile);
}
