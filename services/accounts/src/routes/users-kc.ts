import { randomBytes } from 'node:crypto';
import { ROLE_NAMES, type RoleNumber } from '@portal/contracts';
import type { Env } from '@portal/service-kit';

/**
 * Keycloak admin helpers for the users routes (create, delete, realm role). Local to this file because
 * lib/keycloak.ts (owned by auth) has no admin helpers yet; it uses the `portal-services` service account
 * (realm-management manage-users/view-users/query-users) over the admin REST API.
 */
type KcEnv = Pick<Env, 'KEYCLOAK_URL' | 'KEYCLOAK_REALM' | 'KEYCLOAK_SERVICE_CLIENT_ID' | 'KEYCLOAK_SERVICE_CLIENT_SECRET'>;

export class KeycloakError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let cached: { token: string; until: number; key: string } | undefined;

async function serviceToken(env: KcEnv): Promise<string> {
  const key = `${env.KEYCLOAK_URL}|${env.KEYCLOAK_SERVICE_CLIENT_ID}`;
  if (cached && cached.key === key && cached.until > Date.now()) return cached.token;
  const res = await fetch(`${env.KEYCLOAK_URL}/realms/${env.KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: env.KEYCLOAK_SERVICE_CLIENT_ID,
      client_secret: env.KEYCLOAK_SERVICE_CLIENT_SECRET,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new KeycloakError(502, `Keycloak service token: ${res.status}`);
  const body = (await res.json()) as { access_token: string; expires_in: number };
  cached = { token: body.access_token, until: Date.now() + (body.expires_in - 20) * 1000, key };
  return body.access_token;
}

async function admin(env: KcEnv, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${env.KEYCLOAK_URL}/admin/realms/${env.KEYCLOAK_REALM}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await serviceToken(env)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return res;
}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new KeycloakError(res.status, `Keycloak ${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** The Keycloak user id for an email (exact match), or undefined. */
export async function findKcUserId(env: KcEnv, email: string): Promise<string | undefined> {
  const res = await ok(
    await admin(env, 'GET', `/users?exact=true&email=${encodeURIComponent(email)}`),
    'find user',
  );
  const users = (await res.json()) as { id: string; email?: string }[];
  return users.find((u) => u.email?.toLowerCase() === email.toLowerCase())?.id;
}

/** Creates an enabled Keycloak user with a random password it must change; answers its id (the token `sub`). */
export async function createKcUser(
  env: KcEnv,
  u: { email: string; firstName?: string; lastName?: string; role: RoleNumber },
): Promise<string> {
  const res = await admin(env, 'POST', '/users', {
    username: u.email,
    email: u.email,
    emailVerified: true,
    enabled: true,
    firstName: u.firstName,
    lastName: u.lastName,
    credentials: [{ type: 'password', value: randomBytes(18).toString('base64url') + 'aA1!', temporary: true }],
  });
  if (res.status === 409) throw new KeycloakError(409, 'exists');
  await ok(res, 'create user');
  const id = res.headers.get('location')?.split('/').pop() ?? (await findKcUserId(env, u.email));
  if (!id) throw new KeycloakError(502, 'Keycloak create user: no id');
  await setKcRole(env, id, u.role);
  return id;
}

/** Gives the user exactly one portal realm role (removes the other portal roles). */
export async function setKcRole(env: KcEnv, id: string, role: RoleNumber): Promise<void> {
  const portal = Object.values(ROLE_NAMES);
  const current = (await (await ok(await admin(env, 'GET', `/users/${id}/role-mappings/realm`), 'roles')).json()) as {
    name: string;
  }[];
  const remove = current.filter((r) => portal.includes(r.name) && r.name !== ROLE_NAMES[role]);
  if (remove.length) await ok(await admin(env, 'DELETE', `/users/${id}/role-mappings/realm`, remove), 'remove roles');
  if (current.some((r) => r.name === ROLE_NAMES[role])) return;
  const available = (await (
    await ok(await admin(env, 'GET', `/users/${id}/role-mappings/realm/available`), 'available roles')
  ).json()) as { name: string }[];
  const add = available.filter((r) => r.name === ROLE_NAMES[role]);
  if (!add.length) throw new KeycloakError(502, `Keycloak realm role ${ROLE_NAMES[role]} not found`);
  await ok(await admin(env, 'POST', `/users/${id}/role-mappings/realm`, add), 'add role');
}

/** Deletes the Keycloak user (a missing user is not an error). */
export async function deleteKcUser(env: KcEnv, id: string): Promise<void> {
  const res = await admin(env, 'DELETE', `/users/${id}`);
  if (res.status !== 404) await ok(res, 'delete user');
}
