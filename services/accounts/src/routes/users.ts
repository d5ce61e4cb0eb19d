import { serializedOnce, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Role, STAFF_ROLES } from '@portal/contracts';
import { Alerts, NameOut, Profile, problems } from '../schemas.js';
import { toProfile } from '../models/user.js';
import { attachedUsers, callerProfile, listUsers, userByEmail, usersByLicence } from '../domain/users.js';

const UsersList = Type.Object({ data: Type.Object({ users: Type.Array(Profile) }) });
const Where = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]));
const EmailParam = Type.Object({ email: Type.String({ maxLength: 200 }) });
/** Who lists users: everyone but drivers (staff all, company roles their company: domain/users.ts). */
const LIST_ROLES = [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User];
const LicenceAnswer = Type.Object({
  data: Type.Object({
    exists: Type.Boolean(),
    yours: Type.Boolean(),
    users: Type.Array(
      Type.Object({ email: Type.String(), name: Type.Optional(NameOut), alerts: Type.Optional(Alerts) }),
    ),
  }),
});

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The answer's JSON per copy of the caller's profile: the profile cache hands every request the same copy until
  // a write or its few seconds end it (models/profile-cache.ts), and the answer depends on nothing else, so it is
  // shaped and serialised once per copy (it goes with the copy).
  const answered = serializedOnce<object>();
  app.get(
    '/users/me',
    {
      // the profile is what a user under review may open (the kit's auth refuses everything else)
      config: { allowUnverified: true },
      schema: { tags: ['users'], response: { 200: Type.Object({ user: Profile }), ...problems(401) } },
    },
    async (request, reply) => {
      const doc = await callerProfile(request.user);
      return answered(reply, doc, () => ({ user: toProfile(doc) }));
    },
  );

  const listSchema = { tags: ['users'], response: { 200: UsersList, ...problems(400, 401, 403) } };
  app.get('/users', { config: { roles: LIST_ROLES }, schema: listSchema }, async (request) => ({
    data: { users: await listUsers(request.user) },
  }));
  app.post(
    '/users',
    {
      config: { roles: LIST_ROLES },
      schema: { ...listSchema, body: Type.Object({ where: Type.Optional(Where) }) },
    },
    async (request) => ({ data: { users: await listUsers(request.user, request.body.where) } }),
  );

  app.get(
    '/users/:email',
    {
      schema: {
        tags: ['users'],
        params: EmailParam,
        response: { 200: Type.Object({ user: Profile }), ...problems(401, 404) },
      },
    },
    async (request) => ({ user: await userByEmail(request.user, request.params.email) }),
  );

  /** Users by licence (orders §163): exists / yours, the users only for staff or the caller's own company. */
  app.get(
    '/users/licensenumber/:lic',
    {
      schema: {
        tags: ['users'],
        params: Type.Object({ lic: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: LicenceAnswer, ...problems(400, 401) },
      },
    },
    async (request) => ({ data: await usersByLicence(request.user, request.params.lic) }),
  );

  app.get(
    '/users/:email/attached',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['users'],
        params: EmailParam,
        response: { 200: UsersList, ...problems(401, 403, 404) },
      },
    },
    async (request) => ({ data: { users: await attachedUsers(request.params.email) } }),
  );
};
