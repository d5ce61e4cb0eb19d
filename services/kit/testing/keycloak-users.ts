// Throwaway real Keycloak users (the portal realm, through the services' admin client) for tests that need a user
// in a state no demo user has: not yet verified by staff, suspended.
import { randomBytes } from 'node:crypto';
import { ROLE_NAMES, type RoleNumber } from '@portal/contracts';
import { admin, form, tokenEndpoint } from './keycloak-admin.js';
import { testClient } from './tokens.js';

export interface ThrowawayUser {
  email: string;
  /** The Keycloak user id: the tokens' `sub`. */
  sub: string;
  password: string;
  /** A fresh access token (password grant on the test client; the same roles and audience as the browser's). */
  token(): Promise<string>;
  /** Deletes the Keycloak user. */
  remove(): Promise<void>;
}

/** A real Keycloak user with a portal role and a verified email (tokens need it); no portal profile. */
export async function throwawayUser(tag: string, role: RoleNumber = 4): Promise<ThrowawayUser> {
  const email = `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@test.portal`;
  const password = `Tt1!${randomBytes(9).toString('base64url')}`;
  const res = await admin('POST', '/users', {
    username: email,
    email,
    enabled: true,
    emailVerified: true,
    firstName: 'Test',
    lastName: tag,
    credentials: [{ type: 'password', value: password, temporary: false }],
  });
  const sub = res.headers.get('location')!.split('/').pop()!;
  const roleRep = (await (await admin('GET', `/roles/${ROLE_NAMES[role]}`)).json()) as unknown;
  await admin('POST', `/users/${sub}/role-mappings/realm`, [roleRep]);
  return {
    email,
    sub,
    password,
    async token() {
      const body = await form(tokenEndpoint(), {
        grant_type: 'password',
        ...testClient(),
        username: email,
        password,
        scope: 'openid',
      });
      return String(body.access_token);
    },
    async remove() {
      await admin('DELETE', `/users/${sub}`).catch(() => undefined);
    },
  };
}
