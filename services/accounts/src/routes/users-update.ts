import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, canAssignRole, type RoleNumber } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Alerts, Company, Name, Profile, Signature, VerifiedValue, problems } from '../schemas.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { findLicenceRecord, licenceKey } from '../models/licence-record.js';
import { readConfig } from '../models/app-config.js';
import { isComplete, licencesOf, profileError, sameCompanyFilter } from '../lib/profiles.js';
import { userApplied, userUpdateEvents } from '../events/publishes.js';
import { callerProfile, canSee, isStaff } from './users.js';
import { findKcUserId, setKcRole } from './users-kc.js';
import { applySuspension } from '../lib/sessions.js';

const UserUpdate = Type.Object({
  id: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{24}$' })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Name),
  alerts: Type.Optional(Alerts),
  verified: Type.Optional(VerifiedValue),
  sameDayPickup: Type.Optional(Type.Boolean()),
  role: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  company: Type.Optional(Company),
  signature: Type.Optional(Signature),
  publicorderslink: Type.Optional(Type.String({ maxLength: 500 })),
});
const BulkItem = Type.Object({ email: Type.String({ maxLength: 200 }), verified: VerifiedValue });
const Answer = Type.Object({
  user: Type.Optional(Profile),
  users: Type.Optional(Type.Array(Profile)),
  message: Type.String(),
});

/** Fields only staff (0, 1) may set. */
const STAFF_ONLY = ['verified', 'sameDayPickup', 'publicorderslink'] as const;
/** The fields an update may write; sub-objects are merged key by key (never replaced whole). */
const WRITABLE = [
  'name',
  'alerts',
  'verified',
  'sameDayPickup',
  'role',
  'company',
  'signature',
  'publicorderslink',
] as const;
const SUB_FIELDS: Record<string, string[]> = {
  name: Object.keys(Name.properties),
  alerts: Object.keys(Alerts.properties),
  company: Object.keys(Company.properties),
  signature: Object.keys(Signature.properties),
};

type Patch = Record<string, unknown> & { company?: Record<string, unknown>; role?: number };

/**
 * Licence numbers as their records spell them (issue 8: 'abc-1' is the record 'ABC-1'), so the company comparisons
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

/** New licence numbers a non-staff editor adds must be real records no other company already uses. */
async function checkNewLicences(target: UserDoc, patch: Patch): Promise<void> {
  const c = patch.company ?? {};
  const wanted = [c['License #'], ...((c.licenseNumbers as string[] | undefined) ?? [])].filter(
    (x): x is string => typeof x === 'string' && !!x.trim(),
  );
  const have = licencesOf(target).map(licenceKey);
  for (const lic of wanted.filter((l) => !have.includes(licenceKey(l)))) {
    if (!(await findLicenceRecord(lic))) throw new Problem(400, Messages.invalidLicence);
    const others = await User.countDocuments({
      $and: [sameCompanyFilter([lic]), { _id: { $ne: target._id } }],
    });
    if (others > 0) throw new Problem(403, Messages.contactAdminToJoin);
  }
}

export const usersUpdateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users/update',
    {
      schema: {
        tags: ['users'],
        body: Type.Object({
          user: Type.Optional(UserUpdate),
          users: Type.Optional(Type.Array(BulkItem, { maxItems: 500 })),
        }),
        response: { 200: Answer, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const caller = request.user!;
      const staff = isStaff(caller.role);
      const { user: patchIn, users: bulk } = request.body;

      if (bulk) {
        // "Set all suspended / verified" on the attached accounts (staff).
        if (!staff) throw new Problem(403, Messages.forbidden);
        const emails = bulk.map((b) => b.email.trim().toLowerCase());
        const found = await User.find({ email: { $in: emails } }).lean<UserDoc[]>();
        if (found.length !== new Set(emails).size) throw new Problem(404, Messages.notFound);
        const byEmail = new Map(found.map((u) => [u.email, u]));
        // Role hierarchy on the bulk path too (issue 8): nobody acts on a more privileged user; checked for all
        // before anything is written.
        if (found.some((u) => !canAssignRole(caller.role as RoleNumber, u.role as RoleNumber)))
          throw new Problem(403, Messages.forbidden);
        for (const b of bulk) {
          const before = byEmail.get(b.email.trim().toLowerCase())!;
          if (before.verified === b.verified) continue;
          await User.updateOneWithEvents(
            { _id: before._id },
            { $set: { verified: b.verified } },
            userUpdateEvents(before, b),
          );
          await applySuspension(app, before, b.verified);
        }
        const after = await User.find({ email: { $in: emails } })
          .sort({ email: 1 })
          .lean<UserDoc[]>();
        return { users: after.map(toProfile), message: Messages.profileUpdated };
      }

      if (!patchIn || (!patchIn.id && !patchIn.email))
        throw new Problem(400, 'user.id or user.email is required');
      const patch = patchIn as Patch;
      await canonicalLicences(patch);
      const me = await callerProfile(caller);
      const target = await User.findOne(
        patchIn.id ? { _id: patchIn.id } : { email: patchIn.email!.trim().toLowerCase() },
      ).lean<UserDoc>();
      if (!target || !canSee(me, caller.role, target)) throw new Problem(404, Messages.notFound);
      const isSelf = String(me._id) === String(target._id);
      const callerRole = (caller.role ?? 4) as RoleNumber;

      // Who may edit whom: staff anyone (not a more privileged user); company admins (3) their company's users.
      if (!isSelf && !staff && callerRole !== 3) throw new Problem(403, Messages.forbidden);
      if (!isSelf && !canAssignRole(callerRole, target.role as RoleNumber))
        throw new Problem(403, Messages.forbidden);
      if (!staff && STAFF_ONLY.some((f) => patch[f] !== undefined))
        throw new Problem(403, Messages.forbidden);
      if (!staff && patch.company?.active !== undefined) throw new Problem(403, Messages.forbidden);
      const newRole = (patch.role ?? target.role) as RoleNumber;
      if (patch.role !== undefined && patch.role !== target.role) {
        if (!staff && callerRole !== 3) throw new Problem(403, Messages.forbidden);
        if (!canAssignRole(callerRole, patch.role as RoleNumber)) throw new Problem(403, Messages.forbidden);
      }
      const c = patch.company;
      const stored = target.company ?? {};
      if (c?.['License #'] !== undefined && c['License #'] !== (stored['License #'] ?? undefined)) {
        // Only an admin or a brand-new user (no licence yet) may change the licence number.
        if (!staff && stored['License #']) throw new Problem(403, Messages.forbidden);
      }

      // §5 rules: a form save (company present) must be complete; otherwise the values sent must be valid.
      const merged = {
        name: { ...(target.name ?? {}), ...((patch.name as object) ?? {}) },
        company: { ...stored, ...(c ?? {}) },
      };
      const err = c !== undefined ? profileError(merged, newRole, true) : profileError(patch, newRole, false);
      if (err) throw new Problem(400, err);
      if (c?.licenseNumbers !== undefined && callerRole > 3) {
        // Roles 0-3 may add additional licence numbers; a standard user only keeps their own licence in the list.
        const main = c['License #'] ?? stored['License #'];
        const added = (c.licenseNumbers as string[]).filter(
          (l) => l !== main && !(stored.licenseNumbers ?? []).includes(l),
        );
        if (added.length) throw new Problem(403, Messages.forbidden);
      }
      if (!staff) await checkNewLicences(target, patch);

      const set: Record<string, unknown> = {};
      // Only the schema's own fields and sub-fields: AJV keeps unknown properties, so never iterate the body blindly.
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
      if (!Object.keys(set).length) return { user: toProfile(target), message: Messages.profileUpdated };

      // Keycloak's realm role is the source of truth for authorisation: change it before the profile.
      if (newRole !== target.role) {
        const kcId = target.sub ?? (await findKcUserId(app.env, target.email));
        if (kcId)
          await setKcRole(app.env, kcId, newRole).catch((e: Error) => {
            // Loud: logged, 502 to the caller, and the profile keeps its old role (nothing half-changed).
            request.log.error(
              { err: e.message, user: String(target._id), role: newRole },
              'role mapping failed',
            );
            throw new Problem(502, Messages.profileUpdateFailed(e.message));
          });
      }

      const events = userUpdateEvents(target, patch as { verified?: unknown });
      const applying = isSelf && !target.hasSentEmail && isComplete(merged, newRole);
      if (applying) {
        const recipients = (await readConfig()).signupEmails ?? [];
        const res = await User.updateOneWithEvents(
          { _id: target._id, hasSentEmail: { $ne: true } },
          { $set: { ...set, hasSentEmail: true } },
          [...events, userApplied({ ...target, company: merged.company } as UserDoc, recipients)],
        );
        if (res.matchedCount) {
          return {
            user: toProfile((await User.findById(target._id).lean<UserDoc>())!),
            message: Messages.underReview,
          };
        }
      }
      await User.updateOneWithEvents({ _id: target._id }, { $set: set }, events);
      if (patch.verified !== undefined) await applySuspension(app, target, patch.verified);
      return {
        user: toProfile((await User.findById(target._id).lean<UserDoc>())!),
        message: Messages.profileUpdated,
      };
    },
  );
};
