import {
  Messages,
  Role,
  canAddLicenceNumbers,
  canAssignRole,
  isStaff,
  type RoleNumber,
} from '@portal/contracts';
import { Alerts, Company, Name, Signature } from '../schemas.js';
import type { UserDoc } from '../models/user.js';
import { profileError } from './profiles.js';

/**
 * Who may change what on a profile (accounts §5, §6), as pure functions of the caller, the target and the patch:
 * the route and the unit tests (test/domain-user-update.test.ts) use the same rules.
 */
export type Patch = Record<string, unknown> & { company?: Record<string, unknown>; role?: number };

/** Fields only staff may set. */
export const STAFF_ONLY = ['verified', 'sameDayPickup'] as const;
/** The fields an update may write; sub-objects are merged key by key (never replaced whole). */
export const WRITABLE = [
  'name',
  'alerts',
  'verified',
  'sameDayPickup',
  'role',
  'company',
  'signature',
] as const; // the public orders link is not a field: its switch and regenerate are public-orders.ts'
const SUB_FIELDS: Record<string, string[]> = {
  name: Object.keys(Name.properties),
  alerts: Object.keys(Alerts.properties),
  company: Object.keys(Company.properties),
  signature: Object.keys(Signature.properties),
};

export interface UpdateCase {
  callerRole: RoleNumber;
  isSelf: boolean;
  target: Pick<UserDoc, 'role' | 'company'>;
  patch: Patch;
}

/** Why the caller may not make this change (the 403's message), or undefined. Checked before the §5 rules. */
export function updateRefusal({ callerRole, isSelf, target, patch }: UpdateCase): string | undefined {
  const staff = isStaff(callerRole);
  // staff anyone (not a more privileged user); account admins their company's users; the rest only themselves
  if (!isSelf && !staff && callerRole !== Role.AccountAdmin) return Messages.forbidden;
  if (!isSelf && !canAssignRole(callerRole, target.role as RoleNumber)) return Messages.forbidden;
  if (!staff && STAFF_ONLY.some((f) => patch[f] !== undefined)) return Messages.forbidden;
  if (!staff && patch.company?.active !== undefined) return Messages.forbidden;
  if (patch.role !== undefined && patch.role !== target.role) {
    if (!staff && callerRole !== Role.AccountAdmin) return Messages.forbidden;
    if (!canAssignRole(callerRole, patch.role as RoleNumber)) return Messages.forbidden;
  }
  const lic = patch.company?.['License #'];
  const stored = target.company?.['License #'];
  // Only staff or a brand-new user (no licence yet) may change the licence number.
  if (lic !== undefined && lic !== (stored ?? undefined) && !staff && stored) return Messages.forbidden;
  return undefined;
}

/** The profile as it would be after the patch (name and company merged key by key). */
export function mergedProfile(target: Pick<UserDoc, 'name' | 'company'>, patch: Patch) {
  return {
    name: { ...(target.name ?? {}), ...((patch.name as object) ?? {}) },
    company: { ...(target.company ?? {}), ...(patch.company ?? {}) },
  };
}

/** §5: a form save (company present) must be complete; otherwise the values sent must be valid. */
export function patchError(target: Pick<UserDoc, 'name' | 'company'>, patch: Patch, newRole: number) {
  return patch.company !== undefined
    ? profileError(mergedProfile(target, patch), newRole, true)
    : profileError(patch, newRole, false);
}

/** Roles 0-3 may add additional licence numbers; a standard user only keeps their own licence in the list. */
export function addsForbiddenLicences(
  callerRole: RoleNumber,
  target: Pick<UserDoc, 'company'>,
  patch: Patch,
) {
  const c = patch.company;
  if (c?.licenseNumbers === undefined || canAddLicenceNumbers(callerRole)) return false;
  const stored = target.company ?? {};
  const main = c['License #'] ?? stored['License #'];
  return (c.licenseNumbers as string[]).some((l) => l !== main && !(stored.licenseNumbers ?? []).includes(l));
}

/** The $set of a patch: only the schema's own fields and sub-fields (never the body iterated blindly). */
export function setOf(patch: Patch): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const field of WRITABLE) {
    const value = patch[field];
    if (value === undefined) continue;
    const sub = SUB_FIELDS[field];
    if (sub && value && typeof value === 'object') {
      for (const k of sub) {
        const v = (value as Record<string, unknown>)[k];
        if (v !== undefined) set[`${field}.${k}`] = v;
      }
    } else set[field] = value;
  }
  return set;
}
