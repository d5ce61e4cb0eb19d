import { randomBytes } from 'node:crypto';
import { ROLE_NAMES, type RoleNumber } from '@portal/contracts';
import type { Env } from '@portal/service-kit';
import {
  UserExists,
  createUser,
  deleteUser,
  findUserByEmail,
  keycloakFromEnv,
  setPortalRole,
} from '../lib/keycloak.js';

/**
 * The users routes' view of Keycloak: by role number and service env, on top of the one admin client in
 * lib/keycloak.ts (one cached service-account token, one error model).
 */
type KcEnv = Pick<
  Env,
  'KEYCLOAK_URL' | 'KEYCLOAK_REALM' | 'KEYCLOAK_SERVICE_CLIENT_ID' | 'KEYCLOAK_SERVICE_CLIENT_SECRET'
>;

export class KeycloakError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const kc = (env: KcEnv) => keycloakFromEnv(env as unknown as Record<string, unknown>);

/** The Keycloak user id for an email (exact match), or undefined. */
export async function findKcUserId(env: KcEnv, email: string): Promise<string | undefined> {
  return (await findUserByEmail(kc(env), email))?.id;
}

/** Creates an enabled Keycloak user with a random temporary password (a reset code follows); answers its id. */
export async function createKcUser(
  env: KcEnv,
  u: { email: string; firstName?: string; lastName?: string; role: RoleNumber },
): Promise<string> {
  try {
    return await createUser(kc(env), {
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      roleName: ROLE_NAMES[u.role],
      password: randomBytes(18).toString('base64url') + 'aA1!',
      emailVerified: true,
      temporary: true,
    });
  } catch (e) {
    if (e instanceof UserExists) throw new KeycloakError(409, 'exists');
    throw e;
  }
}

/** Gives the user exactly one portal realm role. */
export async function setKcRole(env: KcEnv, id: string, role: RoleNumber): Promise<void> {
  await setPortalRole(kc(env), id, ROLE_NAMES[role], Object.values(ROLE_NAMES));
}

/** Deletes the Keycloak user (a missing user is not an error). */
export async function deleteKcUser(env: KcEnv, id: string): Promise<void> {
  await deleteUser(kc(env), id);
}
