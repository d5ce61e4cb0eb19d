import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, testClient } from '@portal/service-kit/testing';
import { AccountState, isApproved, type RoleNumber, type Verified } from '@portal/contracts';
import { User, type UserDoc } from '../src/models/user.js';
import { KeycloakClient, keycloakFromEnv } from '../src/adapters/keycloak/index.js';
import { uniqueEmail } from './helpers.js';

/** The app's Keycloak client (fastify.keycloak) for the admin helpers. */
export const kcOf = (app: FastifyInstance): KeycloakClient =>
  app.keycloak ?? new KeycloakClient(keycloakFromEnv(app.env));
/** The Keycloak settings of the app's env (the kit's local defaults). */
export const kcEnv = (app: FastifyInstance) => app.env as unknown as Record<string, string>;

/**
 * A fresh token by password grant on the test client (no cache: a role change must show in the next token); `extra`
 * adds form fields, e.g. `totp` for a user with an authenticator app.
 */
export async function grant(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  extra: Record<string, string> = {},
): Promise<string> {
  const env = app.env as unknown as Record<string, string>;
  const res = await fetch(`${env.KEYCLOAK_URL}/realms/${env.KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      ...testClient(),
      username: email,
      password,
      scope: 'openid',
      ...extra,
    }),
  });
  if (!res.ok) throw new Error(`grant ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export const realmRoles = (token: string): string[] =>
  (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      realm_access?: { roles?: string[] };
    }
  ).realm_access?.roles ?? [];

/**
 * A real Keycloak user (password DEMO_PASSWORD, not temporary) with a profile in the test database, verified by staff
 * unless `verified` says otherwise (its marker in the kit's user state too, as accounts writes it).
 * `cleanup()` deletes both; call it in `after`/finally.
 */
export async function kcUser(
  app: FastifyInstance,
  tag: string,
  opts: { role?: RoleNumber; email?: string; profile?: Record<string, unknown>; verified?: Verified } = {},
) {
  const env = kcEnv(app);
  const email = opts.email ?? uniqueEmail(tag);
  const role = opts.role ?? 4;
  const sub = await kcOf(app).createStaffMadeUser({ email, firstName: 'Test', lastName: tag, role });
  // createStaffMadeUser sets a temporary random password; give this one the demo password for a password grant.
  const base = `${env.KEYCLOAK_URL}/admin/realms/${env.KEYCLOAK_REALM}`;
  const adminToken = await (async () => {
    const r = await fetch(`${env.KEYCLOAK_URL}/realms/${env.KEYCLOAK_REALM}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: env.KEYCLOAK_SERVICE_CLIENT_ID,
        client_secret: env.KEYCLOAK_SERVICE_CLIENT_SECRET,
      }),
    });
    return ((await r.json()) as { access_token: string }).access_token;
  })();
  const pw = await fetch(`${base}/users/${sub}/reset-password`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'password', value: DEMO_PASSWORD, temporary: false }),
  });
  if (!pw.ok) throw new Error(`reset-password: ${pw.status} ${await pw.text()}`);
  const verified = opts.verified ?? AccountState.Verified;
  const profile = await User.create({
    email,
    sub,
    role,
    verified,
    name: { firstName: 'Test', lastName: tag },
    ...opts.profile,
  });
  await app.userState.setVerified(sub, isApproved(verified));
  return {
    email,
    sub,
    profile: profile.toObject() as UserDoc,
    token: () => grant(app, email),
    cleanup: async () => {
      const id = (await kcOf(app).findUserId(email)) ?? sub;
      await kcOf(app)
        .deleteUser(id)
        .catch(() => undefined);
      // (the app may have been closed and rebuilt meanwhile: a restart test)
      await app.userState.setVerified(sub, false).catch(() => undefined);
      await User.deleteOne({ email });
    },
  };
}

/** A complete §5 profile for a company user on licence `lic`. */
export const completeCompany = (lic: string) => ({
  'License #': lic,
  Licensee: 'Test Holdings LLC',
  DBA: 'Test Leaf',
  'Street Address': '1 Test Way',
  City: 'Sacramento',
  Zip: '95814',
  phone: '(916) 555-0199',
  billingContactName: 'Bill Ing',
  billingContactEmail: 'billing@testleaf.example',
  billingAddress: '1 Test Way, Sacramento 95814',
  licenseNumbers: [lic],
});
