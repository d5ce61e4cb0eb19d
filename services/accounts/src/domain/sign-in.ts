import { AuthMessages, Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { InvalidCredentials, readClaims, roleOf, type TokenSet } from '../adapters/keycloak/index.js';
import { toProfile, type UserDoc } from '../models/user.js';
import { ensureProfile } from './profiles.js';
import { normEmail } from './pins.js';
import type { Caller, Deps } from './deps.js';

/** Tokens plus the profile they belong to (linked/created, role following the token), as login answers. */
export async function signedIn(tokens: TokenSet, fallbackEmail: string) {
  const claims = readClaims(tokens.token);
  const profile = await ensureProfile({
    sub: claims.sub,
    email: claims.email ?? fallbackEmail,
    role: roleOf(claims),
    firstName: claims.given_name,
    lastName: claims.family_name,
  });
  return { ...tokens, user: toProfile(profile as UserDoc) };
}

/** Sign-in (the spec's own login screen, backed by Keycloak's password grant). */
export async function login(deps: Deps, email: string, password: string) {
  let tokens;
  try {
    tokens = await deps.keycloak.passwordGrant(normEmail(email), password);
  } catch (err) {
    if (err instanceof InvalidCredentials) throw new Problem(400, Messages.loginFailed);
    throw err;
  }
  if (readClaims(tokens.token).email_verified !== true) {
    // No session before the address is proven: end the one Keycloak just made; the page offers the
    // pin entry and "send the code again" (POST /auth/sendValidation).
    await deps.keycloak.endSession(tokens.refreshToken);
    throw new Problem(403, AuthMessages.emailNotVerified);
  }
  return signedIn(tokens, email);
}

/**
 * Sign-out of this browser only: its access tokens are refused at once by every service (kit user state), and
 * Keycloak ends the session so its refresh token stops working.
 */
export async function logout(deps: Deps, caller: Caller, refreshToken: string): Promise<void> {
  if (caller.sid) {
    await deps.userState.endSession(caller.sid);
    await deps.keycloak
      .deleteSession(caller.sid)
      .catch((err: Error) => deps.log.warn({ err: err.message }, 'keycloak session not ended'));
  }
  await deps.keycloak.endSession(refreshToken);
}
