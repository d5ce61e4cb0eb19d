import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Email, problems } from '../schemas.js';
import { InvalidCredentials, deleteSession, endSession, passwordGrant, readClaims } from '../lib/keycloak.js';
import { Message, TokenAnswer, kcOf, normEmail, signedIn } from './auth-common.js';
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
      // Rate limited per client address and account (kit rate-limit); Keycloak locks the account after 10 misses.
      config: { public: true, rateLimitBy: (r) => (r.body as { email?: string } | undefined)?.email },
      schema: {
        tags: ['auth'],
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 100, errorMessage: Messages.passwordRequired }),
        }),
        response: { 200: TokenAnswer, ...problems(400, 403, 429) },
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
      if (readClaims(tokens.token).email_verified !== true) {
        // No session before the address is proven: end the one Keycloak just made; the page offers the
        // pin entry and "send the code again" (POST /auth/sendValidation).
        await endSession(kcOf(app), tokens.refreshToken);
        throw new Problem(403, AuthMessages.emailNotVerified);
      }
      return signedIn(tokens, email);
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { allowSuspended: true },
      schema: {
        tags: ['auth'],
        // The session's refresh token is required: a bodyless call ends nothing (and says so with a 400).
        body: Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 8000 }) }),
        response: { 200: Message, ...problems(401) },
      },
    },
    async (request) => {
      // This browser's session only: its access tokens are refused at once by every service (kit user state),
      // and Keycloak ends the session so its refresh token stops working.
      const sid = request.user.sid;
      if (sid) {
        await app.userState.endSession(sid);
        await deleteSession(kcOf(app), sid).catch((err: Error) =>
          request.log.warn({ err: err.message }, 'keycloak session not ended'),
        );
      }
      await endSession(kcOf(app), request.body.refreshToken);
      return { message: AuthMessages.signedOut };
    },
  );
};
