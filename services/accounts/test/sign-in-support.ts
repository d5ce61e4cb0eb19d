// Signing in as the browser does now that the sign-in page is Keycloak's: Keycloak's tokens (the suites' client),
// then the profile the portal reads first (GET /api/users/me, which links a profile to its Keycloak login).
import type { FastifyInstance } from 'fastify';
import { call } from './helpers.js';
import { tokensFor } from './auth-support.js';

/** Tokens of `email` and its profile as the portal reads it after sign-in; throws when Keycloak refuses. */
export async function signInAs(app: FastifyInstance, email: string, password: string) {
  const t = await tokensFor(email, password);
  const me = await call(app, 'GET', '/api/users/me', t.token);
  return { status: me.status, token: t.token, refreshToken: t.refreshToken, user: me.json?.user };
}

/** Whether Keycloak signs `email` in with `password`. */
export const signsIn = (email: string, password: string): Promise<boolean> =>
  tokensFor(email, password).then(
    () => true,
    () => false,
  );
