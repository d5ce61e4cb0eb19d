import type { Caller, Deps } from './deps.js';

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
