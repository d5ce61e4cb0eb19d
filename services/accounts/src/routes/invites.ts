import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { INVITER_ROLES, Messages } from '@portal/contracts';
import { InviteOut, Message, problems } from '../schemas.js';
import { answerInvites, createInvite, listInvites, resendInvite } from '../domain/invites.js';
import { depsOf } from '../domain/deps.js';

const Id = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });
const InvitesAnswer = Type.Object({ data: Type.Object({ invites: Type.Array(InviteOut) }) });
const InviteItem = Type.Object({
  id: Id,
  data: Type.Object({ accepted: Type.Optional(Type.Boolean()), notified: Type.Optional(Type.Boolean()) }),
});

/** Invites (spec §4: sent → notified → accepted); the rules are in domain/invites.ts. */
export const invitesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/users/invite',
    {
      config: { roles: INVITER_ROLES },
      schema: {
        tags: ['invites'],
        body: Type.Object({
          // maxLength before any check of the characters (a 1 MiB address used to block the event loop)
          user: Type.Object({
            email: Type.String({ maxLength: 254, errorMessage: Messages.inviteEmailInvalid }),
          }),
          config: Type.Optional(Type.Unknown()),
        }),
        response: {
          201: Type.Object({ invite: InviteOut, message: Type.String() }),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const invite = await createInvite(deps, request.user, request.body.user.email);
      reply.code(201);
      return { invite, message: Messages.invited };
    },
  );

  app.post(
    '/users/inviteemail',
    {
      config: { roles: INVITER_ROLES },
      schema: {
        tags: ['invites'],
        body: Type.Object({ invite: Type.Object({ id: Id }), config: Type.Optional(Type.Unknown()) }),
        response: { 200: Message, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await resendInvite(deps, request.user, request.body.invite.id);
      return { message: Messages.inviteResent };
    },
  );

  app.post(
    '/users/invites',
    {
      schema: {
        tags: ['invites'],
        body: Type.Object({
          where: Type.Optional(
            Type.Object({
              mine: Type.Optional(Type.Boolean()),
              email: Type.Optional(Type.String({ maxLength: 254 })),
            }),
          ),
        }),
        response: { 200: InvitesAnswer, ...problems(400, 401) },
      },
    },
    async (request) => ({ data: { invites: await listInvites(request.user, request.body.where ?? {}) } }),
  );

  app.post(
    '/users/invites/update',
    {
      schema: {
        tags: ['invites'],
        body: Type.Object({ invites: Type.Array(InviteItem, { minItems: 1, maxItems: 100 }) }),
        response: { 200: Type.Object({ invites: Type.Array(InviteOut) }), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => ({ invites: await answerInvites(deps, request.user, request.body.invites) }),
  );
};
