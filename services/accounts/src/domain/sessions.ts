import type { FastifyInstance } from 'fastify';
import { logoutUser } from './keycloak.js';
import { kcOf } from '../routes/auth-common.js';

/**
 * Ends every session of a user (password change or reset, suspension, deletion; issue 8): tokens issued before
 * now are refused by every service at once (the kit's user state in Redis: a per-user "not before"), and Keycloak
 * ends the sessions so no refresh token mints a new one. Both are needed: Keycloak cannot recall an access token
 * it already signed, and the "not before" alone would let a refresh token mint fresh ones.
 */
export async function endAllSessions(app: FastifyInstance, sub: string): Promise<void> {
  await app.userState.revokeBefore(sub);
  await logoutUser(kcOf(app), sub);
}

/**
 * After `verified` was written: a suspension is recorded in the kit's user state (a suspended user may read, to
 * see the suspension message, but not act) and ends the user's sessions; lifting it clears the state.
 */
export async function applySuspension(
  app: FastifyInstance,
  user: { sub?: string | null; verified?: unknown },
  verified: unknown,
): Promise<void> {
  if (!user.sub || (verified === 'suspended') === (user.verified === 'suspended')) return;
  await app.userState.setSuspended(user.sub, verified === 'suspended');
  if (verified === 'suspended') await endAllSessions(app, user.sub);
}
