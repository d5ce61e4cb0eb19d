import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Email, Profile, problems } from '../schemas.js';
import { InvalidCredentials, passwordGrant, readClaims, roleOf } from '../lib/keycloak.js';
import { ensureProfile } from '../lib/profiles.js';
import { toProfile } from '../models/user.js';

/** Sign-in (spec §7 POST /auth/login): the spec's own login screen, backed by Keycloak's password grant. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        response: {
          200: Type.Object({
            token: Type.String(),
            refreshToken: Type.String(),
            idToken: Type.String(),
            expiresIn: Type.Integer(),
            user: Profile,
          }),
          ...problems(400),
        },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const env = app.env as unknown as Record<string, string | undefined>;
      const kc = {
        url: env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth',
        realm: env.KEYCLOAK_REALM ?? 'portal',
        clientId: env.KEYCLOAK_PUBLIC_CLIENT_ID ?? 'portal-web',
      };
      let tokens;
      try {
        tokens = await passwordGrant(kc, email.trim().toLowerCase(), password);
      } catch (err) {
        if (err instanceof InvalidCredentials) throw new Problem(400, Messages.loginFailed);
        throw err;
      }
      const claims = readClaims(tokens.token);
      const profile = await ensureProfile({
        sub: claims.sub,
        email: claims.email ?? email,
        role: roleOf(claims),
        firstName: claims.given_name,
        lastName: claims.family_name,
      });
      return { ...tokens, user: toProfile(profile) };
    },
  );
};
