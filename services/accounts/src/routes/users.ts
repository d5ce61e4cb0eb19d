import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, STAFF_ROLES } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Alerts, Company, Name, Profile, VerifiedValue, problems } from '../schemas.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { ensureProfile } from '../lib/profiles.js';
import { userUpdateEvents } from '../events/publishes.js';

const UsersList = Type.Object({ data: Type.Object({ users: Type.Array(Profile) }) });

/** Fields a `where` may filter on, equality only (a client never gets to send Mongo operators). */
const WHERE_FIELDS = [
  'email',
  'sub',
  'role',
  'verified',
  'sameDayPickup',
  'company.License #',
  'company.licenseNumbers',
];
const Where = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]));

const UserUpdate = Type.Object({
  id: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{24}$' })),
  email: Type.Optional(Type.String()),
  name: Type.Optional(Name),
  alerts: Type.Optional(Alerts),
  verified: Type.Optional(VerifiedValue),
  sameDayPickup: Type.Optional(Type.Boolean()),
  company: Type.Optional(Company),
});
/** What a non-staff user may change on their own profile; everything else is staff-only. */
const SELF_FIELDS = ['name', 'alerts'] as const;
const STAFF_FIELDS = [...SELF_FIELDS, 'verified', 'sameDayPickup', 'company'] as const;

const isStaff = (role: number) => (STAFF_ROLES as number[]).includes(role);

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/me',
    { schema: { tags: ['users'], response: { 200: Type.Object({ user: Profile }), ...problems(401) } } },
    async (request) => {
      const u = request.user!;
      return { user: toProfile(await ensureProfile({ sub: u.sub, email: u.email, role: u.role as never })) };
    },
  );

  const list = async (where: Record<string, string | number | boolean> = {}) => {
    const filter = Object.fromEntries(Object.entries(where).filter(([k]) => WHERE_FIELDS.includes(k)));
    if (typeof filter.email === 'string') filter.email = filter.email.toLowerCase();
    const users = await User.find(filter).sort({ email: 1 }).limit(1000).lean<UserDoc[]>();
    return { data: { users: users.map(toProfile) } };
  };
  const listSchema = { tags: ['users'], response: { 200: UsersList, ...problems(400, 401, 403) } };
  app.get('/users', { config: { roles: STAFF_ROLES }, schema: listSchema }, () => list());
  app.post(
    '/users',
    {
      config: { roles: STAFF_ROLES },
      schema: { ...listSchema, body: Type.Object({ where: Type.Optional(Where) }) },
    },
    (request) => list(request.body.where),
  );

  app.post(
    '/users/update',
    {
      schema: {
        tags: ['users'],
        body: Type.Object({ user: UserUpdate }),
        response: { 200: Type.Object({ user: Profile }), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const caller = request.user!;
      const { user: patch } = request.body;
      if (!patch.id && !patch.email) throw new Problem(400, 'user.id or user.email is required');
      const staff = isStaff(caller.role);
      const allowed: readonly string[] = staff ? STAFF_FIELDS : SELF_FIELDS;
      const denied = Object.keys(patch).filter((k) => k !== 'id' && k !== 'email' && !allowed.includes(k));
      if (denied.length) throw new Problem(403, Messages.forbidden);

      const filter = patch.id ? { _id: patch.id } : { email: patch.email!.toLowerCase() };
      const before = await User.findOne(filter).lean<UserDoc>();
      const isSelf = !!before && (before.sub === caller.sub || before.email === caller.email?.toLowerCase());
      if (!staff && !isSelf) throw new Problem(403, Messages.forbidden); // also hides whether the user exists
      if (!before) throw new Problem(404, Messages.notFound);

      const set: Record<string, unknown> = {};
      for (const field of allowed) {
        const value = (patch as Record<string, unknown>)[field];
        if (value === undefined) continue;
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          for (const [k, v] of Object.entries(value)) set[`${field}.${k}`] = v; // merge, do not replace
        } else set[field] = value;
      }
      if (Object.keys(set).length) {
        await User.updateOneWithEvents({ _id: before._id }, { $set: set }, userUpdateEvents(before, patch));
      }
      return { user: toProfile((await User.findById(before._id).lean<UserDoc>())!) };
    },
  );
};
