import { roleFromRealmRoles, type RoleNumber } from '@portal/contracts';

export interface KeycloakSettings {
  url: string; // internal base, e.g. http://127.0.0.1:8180/auth
  realm: string;
  clientId: string; // the public client with direct access grants (portal-web)
}

export interface TokenSet {
  token: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
}

export interface TokenClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  realm_access?: { roles?: string[] };
}

/** Thrown when Keycloak refuses the credentials (invalid_grant) — the caller turns it into the spec's 400. */
export class InvalidCredentials extends Error {}

/** Resource-owner password grant against the realm's token endpoint. */
export async function passwordGrant(
  kc: KeycloakSettings,
  email: string,
  password: string,
): Promise<TokenSet> {
  const res = await fetch(`${kc.url}/realms/${kc.realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: kc.clientId,
      username: email,
      password,
      scope: 'openid profile email',
    }),
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

/** Claims of a token we have just received from Keycloak ourselves (so no signature check is needed here). */
export function readClaims(jwt: string): TokenClaims {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
}

export function roleOf(claims: TokenClaims): RoleNumber | undefined {
  return roleFromRealmRoles(claims.realm_access?.roles ?? []);
}
