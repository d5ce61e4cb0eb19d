import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import { Email, problems } from '../schemas.js';
import { changePassword, forgotPassword, resetPassword } from '../domain/passwords.js';
import { depsOf } from '../domain/deps.js';
import { Code, Message, NewPassword, PolicyPassword, bodyEmail } from './auth-common.js';

/** Forgot/reset password (public) and change password (signed in, own account); rules in domain/passwords.ts. */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/auth/forgotPassword',
    {
      // per address and account (kit), and every request per address across accounts (failureLimit 'every'): the
      // answer is the same for any address, and each request stores a code, so one address cannot ask for thousands
      config: { public: true, rateLimitBy: bodyEmail, failureLimit: 'every' },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: {
          200: Type.Object({ emailSent: Type.Boolean(), message: Type.String() }),
          ...problems(400, 429),
        },
      },
    },
    // the same answer for every address, known or not (domain/passwords.ts forgotPassword)
    async (request) => {
      await forgotPassword(deps, request.body.email);
      return { emailSent: true, message: Messages.forgotSent };
    },
  );

  app.post(
    '/auth/forgotPasswordSubmit',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email, code: Code, password: PolicyPassword }),
        response: { 200: Message, ...problems(400, 429) },
      },
    },
    async (request) => {
      const { email, code, password } = request.body;
      await resetPassword(deps, email, code, password, request.ip);
      return { message: Messages.passwordUpdated };
    },
  );

  app.post(
    '/auth/changepassword',
    {
      config: { allowSuspended: true, allowUnverified: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({
          user: Email,
          oldPassword: Type.String({ minLength: 1, maxLength: 100, errorMessage: Messages.passwordRequired }),
          newPassword: NewPassword,
        }),
        response: { 200: Message, ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const { user, oldPassword, newPassword } = request.body;
      await changePassword(deps, request.user, user, oldPassword, newPassword);
      return { message: Messages.passwordUpdated };
    },
  );
};
