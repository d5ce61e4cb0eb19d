import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, Role } from '@portal/contracts';
import { Alerts, Company, Name, Profile, Signature, VerifiedValue, problems } from '../schemas.js';
import { bulkSetVerified, updateProfile } from '../domain/user-update.js';
import { depsOf } from '../domain/deps.js';
import type { Patch } from '../domain/user-update-rules.js';

const UserUpdate = Type.Object({
  id: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{24}$' })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Name),
  alerts: Type.Optional(Alerts),
  verified: Type.Optional(VerifiedValue),
  sameDayPickup: Type.Optional(Type.Boolean()),
  role: Type.Optional(Type.Integer({ minimum: Role.SuperAdmin, maximum: Role.User })),
  company: Type.Optional(Company),
  signature: Type.Optional(Signature),
  // the public orders link: on (a token if none), off (revoked), regenerate (a new token; the old one stops)
  publicOrders: Type.Optional(
    Type.Union([Type.Literal('on'), Type.Literal('off'), Type.Literal('regenerate')]),
  ),
});
const BulkItem = Type.Object({ email: Type.String({ maxLength: 200 }), verified: VerifiedValue });
const Answer = Type.Object({
  user: Type.Optional(Profile),
  users: Type.Optional(Type.Array(Profile)),
  message: Type.String(),
});

/** POST /users/update: one profile (domain/user-update.ts has the rules) or the staff's bulk verified switch. */
export const usersUpdateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/users/update',
    {
      // a user under review saves their own profile only (domain/user-update.ts); staff-only parts refuse them
      config: { allowUnverified: true },
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
      const { user, users } = request.body;
      if (users)
        return { users: await bulkSetVerified(deps, request.user, users), message: Messages.profileUpdated };
      return updateProfile(deps, request.user, (user ?? {}) as Patch);
    },
  );
};
