import { roleFromRealmRoles, type RoleNumber } from '@portal/contracts';

export interface KeycloakSettings {
  url: string; // internal base, e.g. http://127.0.0.1:8180/auth
  realm: string;
  clientId: string; // the public client with direct access grants (portal-web)
  /** The confidential client whose service account manages users (portal-services). */
  serviceClientId?: string;
  serviceClientSecret?: string;
}

/** Settings from the kit env (KEYCLOAK_* with the local stack's defaults). */
export function keycloakFromEnv(env: Record<string, unknown>): KeycloakSettings {
  const s = (k: string, d: string) => (typeof env[k] === 'string' && env[k] ? String(env[k]) : d);
  return {
    url: s('KEYCLOAK_URL', 'http://127.0.0.1:8180/auth'),
    realm: s('KEYCLOAK_REALM', 'portal'),
    clientId: s('KEYCLOAK_PUBLIC_CLIENT_ID', 'portal-web'),
    serviceClientId: s('KEYCLOAK_SERVICE_CLIENT_ID', 'portal-services'),
    serviceClientSecret: s('KEYCLOAK_SERVICE_CLIENT_SECRET', 'portal-services-secret'),
  };
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
  email_verified?: boolean;
  sid?: string;
  realm_access?: { roles?: string[] };
}

/** Thrown when Keycloak refuses the credentials (invalid_grant) — the caller turns it into the spec's 400. */
export class InvalidCredentials extends Error {}

const tokenUrl = (kc: KeycloakSettings) => `${kc.url}/realms/${kc.realm}/protocol/openid-connect/token`;

/** Resource-owner password grant against the realm's token endpoint. */
export function passwordGrant(kc: KeycloakSettings, email: string, password: string): Promise<TokenSet> {
  return tokenRequest(kc, {
    grant_type: 'password',
    client_id: kc.clientId,
    username: email,
    password,
    scope: 'openid profile email',
  });
}

/** A fresh token set from a refresh token of the public client (an expired/ended session → InvalidCredentials). */
export function refreshGrant(kc: KeycloakSettings, refreshToken: string): Promise<TokenSet> {
  return tokenRequest(kc, {
    grant_type: 'refresh_token',
    client_id: kc.clientId,
    refresh_token: refreshToken,
  });
}

/** Ends the session a refresh token belongs to (best effort: a failure is ignored). */
export async function endSession(kc: KeycloakSettings, refreshToken: string): Promise<void> {
  await fetch(`${kc.url}/realms/${kc.realm}/protocol/openid-connect/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: kc.clientId, refresh_token: refreshToken }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => undefined);
}

async function tokenRequest(kc: KeycloakSettings, form: Record<string, string>): Promise<TokenSet> {
  const res = await fetch(tokenUrl(kc), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
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

// ── Admin API (service account of the confidential client, realm-management manage/view/query-users) ──

/** Keycloak already has a user with that username/email (admin API 409). */
export class UserExists extends Error {}
/** The realm's password policy refused a password (admin API 400; message = Keycloak's, e.g. history). */
export class PasswordRejected extends Error {}

export interface KeycloakUser {
  id: string;
  username: string;
  email?: string;
  emailVerified?: boolean;
  enabled?: boolean;
  firstName?: string;
  lastName?: string;
}

/** Service-account tokens per client, reused until 30 s before they expire (one request in flight at a time). */
const adminTokens = new Map<string, { token: Promise<string>; until: number }>();

async function adminToken(kc: KeycloakSettings, fresh = false): Promise<string> {
  const key = `${kc.url}|${kc.realm}|${kc.serviceClientId}`;
  const hit = adminTokens.get(key);
  if (!fresh && hit && hit.until > Date.now()) return hit.token;
  const entry = { until: Date.now() + 20_000, token: Promise.resolve('') };
  entry.token = (async () => {
    const res = await fetch(tokenUrl(kc), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: kc.serviceClientId ?? 'portal-services',
        client_secret: kc.serviceClientSecret ?? '',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Keycloak service token: ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    entry.until = Date.now() + Math.max(body.expires_in - 30, 5) * 1000;
    return body.access_token;
  })();
  entry.token.catch(() => adminTokens.delete(key));
  adminTokens.set(key, entry);
  return entry.token;
}

/** One admin API call; a 401 (token revoked early) is retried once with a new token. */
async function admin(kc: KeycloakSettings, method: string, path: string, body?: unknown): Promise<Response> {
  const send = async (fresh: boolean) =>
    fetch(`${kc.url}/admin/realms/${kc.realm}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await adminToken(kc, fresh)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  let res = await send(false);
  if (res.status === 401) res = await send(true);
  if (res.status === 409) throw new UserExists(`Keycloak ${method} ${path}: 409`);
  if (res.status === 400) {
    const b = (await res.json().catch(() => ({}))) as { error?: string; error_description?: string };
    if (/password/i.test(`${b.error}`)) throw new PasswordRejected(b.error_description ?? String(b.error));
    throw new Error(`Keycloak ${method} ${path}: 400 ${b.error ?? ''} ${b.error_description ?? ''}`);
  }
  if (!res.ok && res.status !== 404) {
    throw new Error(`Keycloak ${method} ${path}: ${res.status} ${await res.text().catch(() => '')}`);
  }
  return res;
}

export async function findUserByEmail(
  kc: KeycloakSettings,
  email: string,
): Promise<KeycloakUser | undefined> {
  const q = new URLSearchParams({ email, exact: 'true' });
  const list = (await (await admin(kc, 'GET', `/users?${q}`)).json()) as KeycloakUser[];
  return list.find((u) => u.email?.toLowerCase() === email.toLowerCase());
}

/**
 * Creates an enabled user (username = email) with a password and the realm role. The realm's user profile
 * requires first and last name before a password grant works, so placeholders are set until the profile has them.
 * Throws UserExists when the email is taken; a failed role mapping deletes the user again.
 */
export async function createUser(
  kc: KeycloakSettings,
  input: {
    email: string;
    password: string;
    roleName: string;
    firstName?: string;
    lastName?: string;
    /** Staff-created accounts: the address is known good, and the password is a throwaway to be reset. */
    emailVerified?: boolean;
    temporary?: boolean;
  },
): Promise<string> {
  const local = input.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '') || 'New';
  const res = await admin(kc, 'POST', '/users', {
    username: input.email,
    email: input.email,
    enabled: true,
    emailVerified: input.emailVerified ?? false,
    firstName: input.firstName || local,
    lastName: input.lastName || 'User',
    credentials: [{ type: 'password', value: input.password, temporary: input.temporary ?? false }],
  });
  const id = res.headers.get('location')?.split('/').pop();
  if (!id) throw new Error('Keycloak created a user without a Location');
  try {
    await assignRealmRole(kc, id, input.roleName);
  } catch (err) {
    await deleteUser(kc, id).catch(() => undefined);
    throw err;
  }
  return id;
}

/** Adds a realm role (looked up among the roles the user can still be given: view-users is enough). */
export async function assignRealmRole(kc: KeycloakSettings, id: string, roleName: string): Promise<void> {
  const available = (await (await admin(kc, 'GET', `/users/${id}/role-mappings/realm/available`)).json()) as {
    name: string;
  }[];
  const role = available.find((r) => r.name === roleName);
  if (!role) {
    // Not offered: fine only when already mapped. Anything else (a service account that may not read or map
    // realm roles) must fail loudly instead of leaving the user on the default role (issue 8).
    if (!(await realmRoles(kc, id)).some((r) => r.name === roleName))
      throw new Error(`Keycloak cannot map realm role ${roleName}`);
    return;
  }
  await admin(kc, 'POST', `/users/${id}/role-mappings/realm`, [role]);
}

const realmRoles = async (kc: KeycloakSettings, id: string) =>
  (await (await admin(kc, 'GET', `/users/${id}/role-mappings/realm`)).json()) as { name: string }[];

/** Ends every Keycloak session of the user (password change, suspension): refresh tokens stop working. */
export async function logoutUser(kc: KeycloakSettings, id: string): Promise<void> {
  await admin(kc, 'POST', `/users/${id}/logout`);
}

/** Ends one Keycloak session (sign-out of this browser only). */
export async function deleteSession(kc: KeycloakSettings, sid: string): Promise<void> {
  await admin(kc, 'DELETE', `/sessions/${encodeURIComponent(sid)}`);
}

/** Gives the user exactly one of the portal's realm roles (the other portal roles are removed). */
export async function setPortalRole(
  kc: KeycloakSettings,
  id: string,
  roleName: string,
  portalRoles: string[],
): Promise<void> {
  const current = await realmRoles(kc, id);
  const remove = current.filter((r) => portalRoles.includes(r.name) && r.name !== roleName);
  // The new role first: a failure leaves the user exactly as they were, never without a role.
  if (!current.some((r) => r.name === roleName)) await assignRealmRole(kc, id, roleName);
  if (remove.length) await admin(kc, 'DELETE', `/users/${id}/role-mappings/realm`, remove);
}

/** Partial update (username, email, emailVerified, names, enabled); UserExists on a taken username/email. */
export async function updateUser(
  kc: KeycloakSettings,
  id: string,
  patch: Partial<KeycloakUser>,
): Promise<void> {
  const res = await admin(kc, 'PUT', `/users/${id}`, patch);
  if (res.status === 404) throw new Error(`Keycloak user ${id} not found`);
}

export async function setPassword(kc: KeycloakSettings, id: string, password: string): Promise<void> {
  const res = await admin(kc, 'PUT', `/users/${id}/reset-password`, {
    type: 'password',
    value: password,
    temporary: false,
  });
  if (res.status === 404) throw new Error(`Keycloak user ${id} not found`);
}

export async function deleteUser(kc: KeycloakSettings, id: string): Promise<void> {
  await admin(kc, 'DELETE', `/users/${id}`);
}
