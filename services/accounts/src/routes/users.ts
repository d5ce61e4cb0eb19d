import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, Role, STAFF_ROLES } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Alerts, NameOut, Profile, problems } from '../schemas.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { findLicenceRecord, licenceKey } from '../models/licence-record.js';
import { ensureProfile, licencesOf, sameCompanyFilter, sharesCompany } from '../lib/profiles.js';

const UsersList = Type.Object({ data: Type.Object({ users: Type.Array(Profile) }) });

/** Fields a `where` may filter on by equality (a client never gets to send Mongo operators). */
const WHERE_FIELDS = ['email', 'sub', 'role', 'sameDayPickup', 'company.License #', 'company.licenseNumbers'];
const Where = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]));

export const isStaff = (role: number | undefined) =>
  role !== undefined && (STAFF_ROLES as number[]).includes(role);

/** The caller's own profile (created/linked on first sight, like /users/me). */
export function callerProfile(u: { sub: string; email?: string; role?: number }): Promise<UserDoc> {
  return ensureProfile({ sub: u.sub, email: u.email, role: u.role as never });
}

/** Whether `caller` may see `target`: staff any; others themselves or a user of their company. */
export const canSee = (caller: UserDoc, callerRole: number | undefined, target: UserDoc) =>
  isStaff(callerRole) || String(caller._id) === String(target._id) || sharesCompany(caller, target);

/**
 * What a standard user (role 4) sees of a colleague: who they are (id, email, name, role, verified), not the
 * profile (signature, billing, public-orders link, accounting flags); their own profile they see whole (issue 8).
 */
export function viewFor(callerRole: number | undefined, callerId: string, u: UserDoc) {
  if (callerRole !== Role.User || String(u._id) === callerId) return toProfile(u);
  const p = toProfile(u);
  return { id: p.id, email: p.email, name: p.name, role: p.role, verified: p.verified };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Mongo filter for a list's `where` (equality fields, verified, search). */
export function whereFilter(where: Record<string, string | number | boolean> = {}): Record<string, unknown> {
  const and: Record<string, unknown>[] = [];
  for (const [k, v] of Object.entries(where)) {
    if (WHERE_FIELDS.includes(k))
      and.push({ [k]: k === 'email' && typeof v === 'string' ? v.toLowerCase() : v });
  }
  if (where.verified !== undefined) {
    const v = where.verified;
    if (v === false || v === 'false') and.push({ verified: { $ne: true } });
    else if (v === true || v === 'true') and.push({ verified: true });
    else if (v === 'suspended') and.push({ verified: 'suspended' });
  }
  if (typeof where.search === 'string' && where.search.trim()) {
    const re = { $regex: escapeRe(where.search.trim()), $options: 'i' };
    and.push({
      $or: [
        { email: re },
        { 'company.Licensee': re },
        { 'company.DBA': re },
        { 'company.License #': re },
        { 'company.licenseNumbers': re },
      ],
    });
  }
  return and.length ? { $and: and } : {};
}

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/me',
    { schema: { tags: ['users'], response: { 200: Type.Object({ user: Profile }), ...problems(401) } } },
    async (request) => ({ user: toProfile(await callerProfile(request.user!)) }),
  );

  /** Staff: every user; roles 3, 4: the users of their own company. */
  const list = async (
    caller: { sub: string; email?: string; role?: number },
    where?: Record<string, string | number | boolean>,
  ) => {
    const filter = whereFilter(where);
    const me = isStaff(caller.role) ? undefined : await callerProfile(caller);
    const scoped = me ? { $and: [filter, sameCompanyFilter(licencesOf(me))] } : filter;
    const users = await User.find(scoped).sort({ email: 1 }).limit(2000).lean<UserDoc[]>();
    const myId = me ? String(me._id) : '';
    return { data: { users: users.map((u) => viewFor(caller.role, myId, u)) } };
  };
  const listRoles = [0, 1, 3, 4] as never[];
  const listSchema = { tags: ['users'], response: { 200: UsersList, ...problems(400, 401, 403) } };
  app.get('/users', { config: { roles: listRoles }, schema: listSchema }, (request) => list(request.user!));
  app.post(
    '/users',
    {
      config: { roles: listRoles },
      schema: { ...listSchema, body: Type.Object({ where: Type.Optional(Where) }) },
    },
    (request) => list(request.user!, request.body.where),
  );

  app.get(
    '/users/:email',
    {
      schema: {
        tags: ['users'],
        params: Type.Object({ email: Type.String({ maxLength: 200 }) }),
        response: { 200: Type.Object({ user: Profile }), ...problems(401, 404) },
      },
    },
    async (request) => {
      const target = await User.findOne({ email: request.params.email.trim().toLowerCase() }).lean<UserDoc>();
      const me = await callerProfile(request.user!);
      // Not found and not visible are the same 404, so a company user cannot probe other companies' emails.
      if (!target || !canSee(me, request.user!.role, target)) {
        throw new Problem(404, Messages.notFound);
      }
      return { user: viewFor(request.user!.role, String(me._id), target) };
    },
  );

  /**
   * Look up users by licence (orders §163: notification recipients). Before issue 8 any signed-in user got every
   * company's emails. Now: whether the licence exists and whether it is the caller's company; the users (email,
   * name, alerts) only for staff or for the caller's own company. Cross-company recipients are a server-side
   * lookup of the service that sends the mail, never the browser's.
   */
  app.get(
    '/users/licensenumber/:lic',
    {
      schema: {
        tags: ['users'],
        params: Type.Object({ lic: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: {
          200: Type.Object({
            data: Type.Object({
              exists: Type.Boolean(),
              yours: Type.Boolean(),
              users: Type.Array(
                Type.Object({
                  email: Type.String(),
                  name: Type.Optional(NameOut),
                  alerts: Type.Optional(Alerts),
                }),
              ),
            }),
          }),
          ...problems(400, 401),
        },
      },
    },
    async (request) => {
      const typed = request.params.lic.trim();
      const record = await findLicenceRecord(typed);
      const lic = record?.['License #'] ?? typed;
      const staff = isStaff(request.user!.role);
      const mine = staff ? [] : licencesOf(await callerProfile(request.user!)).map(licenceKey);
      const yours = mine.includes(licenceKey(lic));
      const users =
        staff || yours
          ? await User.find(sameCompanyFilter([...new Set([lic, typed])]))
              .sort({ email: 1 })
              .lean<UserDoc[]>()
          : [];
      return {
        data: {
          exists: !!record || users.length > 0,
          yours,
          users: users.map((u) => ({
            email: u.email,
            name: u.name
              ? { firstName: u.name.firstName ?? undefined, lastName: u.name.lastName ?? undefined }
              : undefined,
            alerts: { email: u.alerts?.email ?? true },
          })),
        },
      };
    },
  );

  app.get(
    '/users/:email/attached',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['users'],
        params: Type.Object({ email: Type.String({ maxLength: 200 }) }),
        response: { 200: UsersList, ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const target = await User.findOne({ email: request.params.email.trim().toLowerCase() }).lean<UserDoc>();
      if (!target) throw new Problem(404, Messages.notFound);
      const lics = licencesOf(target);
      const users = lics.length
        ? await User.find({ $and: [sameCompanyFilter(lics), { _id: { $ne: target._id } }] })
            .sort({ email: 1 })
            .lean<UserDoc[]>()
        : [];
      return { data: { users: users.map(toProfile) } };
    },
  );

  app.post(
    '/users/token',
    {
      config: { roles: STAFF_ROLES },
      schema: { tags: ['users'], response: problems(401, 403, 501) },
    },
    async () => {
      throw new Problem(501, 'Not implemented: the spec gives no use for /users/token');
    },
  );
};
