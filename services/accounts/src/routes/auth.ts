import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Email, problems } from '../schemas.js';
import { InvalidCredentials, passwordGrant } from '../lib/keycloak.js';
import { TokenAnswer, kcOf, normEmail, signedIn } from './auth-common.js';
import { signUpRoutes } from './auth-signup.js';
import { passwordRoutes } from './auth-password.js';
import { emailRoutes } from './auth-email.js';

/**
 * `/api/auth/*` (ACCOUNTS-API `auth`): sign-in here; sign-up/verify, passwords and email change in auth-*.ts.
 * Sign-in is the spec's own login screen, backed by Keycloak's password grant.
 */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signUpRoutes);
  await app.register(passwordRoutes);
  await app.register(emailRoutes);

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, errorMessage: Messages.passwordRequired }),
        }),
        response: { 200: TokenAnswer, ...problems(400) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      let tokens;
      try {
        tokens = await passwordGrant(kcOf(app), normEmail(email), password);
      } catch (err) {
        if (err instanceof InvalidCredentials) throw new Problem(400, Messages.loginFailed);
        throw err;
      }
      return signedIn(tokens, email);
    },
  );
};
