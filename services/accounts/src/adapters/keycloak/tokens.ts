import { InvalidCredentials, type KeycloakSettings, type TokenSet } from './settings.js';

/** The realm's OpenID Connect endpoints: the public client's refresh and sign-out, the password check's grant. */
export const tokenUrl = (kc: KeycloakSettings) =>
  `${kc.url}/realms/${kc.realm}/protocol/openid-connect/token`;

/** The client's own identification: its id, and its secret when it is a confidential one. */
const clientAuth = (kc: KeycloakSettings): Record<string, string> =>
  kc.clientSecret ? { client_id: kc.clientId, client_secret: kc.clientSecret } : { client_id: kc.clientId };

async function tokenRequest(kc: KeycloakSettings, form: Record<string, string>): Promise<TokenSet> {
  const res = await fetch(tokenUrl(kc), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form, ...clientAuth(kc) }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 400 || res.status === 401) {
    // invalid_grant: wrong password, unknown user, disabled user, or required actions pending
    throw new InvalidCredentials(String(body.error_description ?? body.error ?? 'invalid_grant'));
  }
  if (!res.ok) throw new Error(`Keycloak token endpoint answered ${res.status}`);
  return {
    token: String(body.access_token),
    refreshToken: String(body.refresh_token ?? ''),
    idToken: String(body.id_token ?? ''),
    expiresIn: Number(body.expires_in ?? 0),
  };
}

/**
 * Resource-owner password grant on the client `kc` names. Accounts runs it only on the password-check client (no
 * scopes: its tokens carry nothing a service accepts); the suites' test support on the local realm's test client.
 */
export function passwordGrant(
  kc: KeycloakSettings,
  email: string,
  password: string,
  scope?: string,
): Promise<TokenSet> {
  return tokenRequest(kc, { grant_type: 'password', username: email, password, ...(scope ? { scope } : {}) });
}

/**
 * Whether `password` is the user's current one: a password grant on the confidential password-check client, whose
 * session is ended at once with the same credentials. A wrong password (or unknown, disabled, locked user) →
 * InvalidCredentials; brute-force detection counts the failure as for any sign-in.
 */
export async function checkPassword(kc: KeycloakSettings, email: string, password: string): Promise<void> {
  if (!kc.passwordCheckClientId || !kc.passwordCheckClientSecret) {
    throw new Error(
      'KEYCLOAK_PASSWORD_CHECK_CLIENT_ID/_SECRET are not set: the current password cannot be checked',
    );
  }
  const check: KeycloakSettings = {
    ...kc,
    clientId: kc.passwordCheckClientId,
    clientSecret: kc.passwordCheckClientSecret,
  };
  const tokens = await passwordGrant(check, email, password);
  if (tokens.refreshToken) await endSession(check, tokens.refreshToken);
}

/** A fresh token set from a refresh token of the public client (an expired/ended session → InvalidCredentials). */
export function refreshGrant(kc: KeycloakSettings, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(kc, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

/** Ends the session a refresh token belongs to (best effort: a failure is ignored). */
export async function endSession(kc: KeycloakSettings, refreshToken: string): Promise<void> {
  await fetch(`${kc.url}/realms/${kc.realm}/protocol/openid-connect/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...clientAuth(kc), refresh_token: refreshToken }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
}
