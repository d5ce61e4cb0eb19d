import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Messages } from '@portal/contracts';
import { Email, problems } from '../schemas.js';
import { login, logout } from '../domain/sign-in.js';
import { depsOf } from '../domain/deps.js';
import { Message, TokenAnswer, bodyEmail } from './auth-common.js';
import { signUpRoutes } from './auth-signup.js';
import { passwordRoutes } from './auth-password.js';
import { emailRoutes } from './auth-email.js';

/** `/api/auth/*` (ACCOUNTS-API `auth`): sign-in and sign-out here; sign-up, passwords and email change in auth-*.ts. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signUpRoutes);
  await app.register(passwordRoutes);
  await app.register(emailRoutes);
  const deps = depsOf(app);

  app.post(
    '/auth/login',
    {
      // Rate limited per client address and account (kit rate-limit), and its failures per address across all
      // accounts (password spraying) and per account across addresses (failureLimit); Keycloak locks too.
      config: { public: true, rateLimitBy: bodyEmail, failureLimit: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 100, errorMessage: Messages.passwordRequired }),
        }),
        response: { 200: TokenAnswer, ...problems(400, 403, 429) },
      },
    },
    async (request) => login(deps, request.body.email, request.body.password),
  );

  app.post(
    '/auth/logout',
    {
      config: { allowSuspended: true, allowUnverified: true },
      schema: {
        tags: ['auth'],
        // The session's refresh token is required: a bodyless call ends nothing (and says so with a 400).
        body: Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 8000 }) }),
        response: { 200: Message, ...problems(401) },
      },
    },
    async (request) => {
      await logout(deps, request.user, request.body.refreshToken);
      return { message: AuthMessages.signedOut };
    },
  );
};
