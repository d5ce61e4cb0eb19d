import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { INVITER_ROLES, Messages, Role } from '@portal/contracts';
import { Alerts, Company, Message, Name, Profile, VerifiedValue, problems } from '../schemas.js';
import { createAccount, deleteAccount } from '../domain/user-admin.js';
import { depsOf } from '../domain/deps.js';

const NewUser = Type.Object({
  email: Type.String({ maxLength: 200 }),
  name: Type.Optional(Name),
  role: Type.Optional(Type.Integer({ minimum: Role.SuperAdmin, maximum: Role.User })),
  alerts: Type.Optional(Alerts),
  company: Type.Optional(Company),
  sameDayPickup: Type.Optional(Type.Boolean()),
  /** Staff only: the account's state at creation (default verified: staff made it, so staff reviewed it). */
  verified: Type.Optional(VerifiedValue),
});

/** Create an account (staff; a company admin for their own company) and delete one (staff, or yourself). */
export const usersAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/users/create',
    {
      config: { roles: INVITER_ROLES },
      schema: {
        tags: ['users'],
        body: Type.Object({ user: NewUser }),
        response: {
          201: Type.Object({ user: Profile, message: Type.String() }),
          ...problems(400, 401, 403, 502),
        },
      },
    },
    async (request, reply) => {
      const user = await createAccount(deps, request.user, request.body.user);
      reply.code(201);
      return { user, message: Messages.accountCreated };
    },
  );

  app.post(
    '/users/delete',
    {
      schema: {
        tags: ['users'],
        body: Type.Object({ user: Type.Object({ email: Type.String({ maxLength: 200 }) }) }),
        response: { 200: Message, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      await deleteAccount(deps, request.user, request.body.user.email);
      return { message: Messages.userDeleted };
    },
  );
};
