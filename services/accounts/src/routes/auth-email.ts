import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages } from '@portal/contracts';
import { Profile, problems } from '../schemas.js';
import { confirmEmailChange, requestEmailChange } from '../domain/email-change.js';
import { depsOf } from '../domain/deps.js';
import { Code, Message, NewEmail } from './auth-common.js';

/** Change email (spec §4), signed in, own account; rules in domain/email-change.ts. */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/auth/changeEmail',
    {
      config: { allowUnverified: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: NewEmail }),
        response: { 200: Message, ...problems(400, 401, 429) },
      },
    },
    async (request) => ({
      message: AuthMessages.pinSentTo(await requestEmailChange(deps, request.user, request.body.email)),
    }),
  );

  app.post(
    '/auth/updateMyEmail',
    {
      config: { allowUnverified: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: NewEmail, pin: Code }),
        response: { 200: Type.Object({ user: Profile, message: Type.String() }), ...problems(400, 401) },
      },
    },
    async (request) => ({
      user: await confirmEmailChange(deps, request.user, request.body.email, request.body.pin),
      message: AuthMessages.emailUpdated,
    }),
  );
};
