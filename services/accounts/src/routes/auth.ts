import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { problems } from '../schemas.js';
import { logout } from '../domain/sign-in.js';
import { depsOf } from '../domain/deps.js';
import { Message } from './auth-common.js';
import { signUpRoutes } from './auth-signup.js';
import { passwordRoutes } from './auth-password.js';
import { emailRoutes } from './auth-email.js';

/** `/api/auth/*` (ACCOUNTS-API `auth`): sign-out (and the retired sign-in) here; sign-up, passwords and email change in auth-*.ts. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signUpRoutes);
  await app.register(passwordRoutes);
  await app.register(emailRoutes);
  const deps = depsOf(app);

  // Sign-in is Keycloak's page (Authorization Code + PKCE in the browser): the password grant is gone. A tab loaded
  // before that change still posts here; it gets a 410 whose message says to reload (the old screen shows it).
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], response: { ...problems(410, 429) } },
    },
    async () => {
      throw new Problem(410, AuthMessages.signInMoved);
    },
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
