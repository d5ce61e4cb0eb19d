// Real Keycloak tokens of the demo users (the realm import's users), for API tests of every service.
import { Redis } from 'ioredis';
import { ROLE_NAMES, isRoleNumber, type RoleNumber } from '@portal/contracts';
import { userStateStore } from '../src/plugins/app/user-state.js';
import { takeBruteForceRecord, tokenEndpoint } from './keycloak-admin.js';

export const DEMO_PASSWORD = 'Portal!2345';
const cache = new Map<string, { token: string; until: number }>();

/** Demo user email for a role number/name, or the email itself. */
export function demoEmail(who: RoleNumber | string): string {
  if (isRoleNumber(who)) return `${ROLE_NAMES[who]}@demo.portal`;
  return who.includes('@') ? who : `${who}@demo.portal`;
}

/**
 * The local and CI realm's confidential test client (deploy/local/env.sh): the only client with the password grant
 * the suites sign in with. Its tokens carry the same roles and audience as the browser's (portal-web's) and the
 * services accept them where KEYCLOAK_TEST_CLIENT_ID is set; the production realm has no such client.
 */
export function testClient(): { client_id: string; client_secret: string } {
  return {
    client_id: process.env.KEYCLOAK_TEST_CLIENT_ID || 'portal-tests',
    client_secret: process.env.KEYCLOAK_TEST_CLIENT_SECRET || 'portal-tests-local-secret-5d81c3a7',
  };
}

export { tokenEndpoint };

export async function passwordGrant(username: string, password: string): Promise<Response> {
  return fetch(tokenEndpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      ...testClient(),
      username,
      password,
      scope: 'openid',
    }),
  });
}

/**
 * The password grant of a user whose password the caller knows is right. Refused, Keycloak's brute-force record is
 * looked up (Keycloak answers a locked user's right password as it answers a wrong one): a lock is printed with its
 * record, cleared and the grant tried once more; any other refusal throws with the record.
 */
export async function grantUnlockingOnce(username: string, password: string): Promise<Response> {
  const res = await passwordGrant(username, password);
  if (res.ok) return res;
  const refused = `${res.status} ${await res.text()}`;
  const record: Record<string, unknown> | undefined = await takeBruteForceRecord(username).catch(
    (e: Error) => ({ lookup: e.message }),
  );
  if (record?.disabled !== true)
    throw new Error(`token for ${username}: ${refused}; brute-force record ${JSON.stringify(record)}`);
  console.warn(
    `[tokens] ${username} was locked by Keycloak's brute-force detection: ${JSON.stringify(record)}`,
  );
  return passwordGrant(username, password);
}

/**
 * A REAL Keycloak access token for a demo user (password grant on the test client), cached until near expiry. The
 * suites never try a demo user's wrong password, so a demo user refused the demo password is a lock nobody meant:
 * it is unlocked once (grantUnlockingOnce) rather than failing every later suite that signs the user in.
 */
export async function tokenFor(who: RoleNumber | string, password = DEMO_PASSWORD): Promise<string> {
  const username = demoEmail(who);
  const hit = cache.get(username);
  if (hit && hit.until > Date.now()) return hit.token;
  const res = await (username.endsWith('@demo.portal') && password === DEMO_PASSWORD
    ? grantUnlockingOnce(username, password)
    : passwordGrant(username, password));
  if (!res.ok) throw new Error(`token for ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; expires_in: number };
  // The demo users are verified (accounts' seed); accounts writes their marker when it links the profile to the
  // sub, which a service's test may come before. Anyone else stays under review unless a test verifies them.
  if (username.endsWith('@demo.portal')) await markVerified(subOf(body.access_token));
  cache.set(username, { token: body.access_token, until: Date.now() + (body.expires_in - 30) * 1000 });
  return body.access_token;
}

/** The `sub` of a (real, already verified) access token. */
export function subOf(token: string): string {
  return String(
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub?: string }).sub,
  );
}

/**
 * Writes (or clears) the kit's "staff verified" marker for a user in the stack's Redis, as accounts does when
 * staff verify a profile: for tests of services other than accounts, whose users are verified by fixture.
 */
export async function markVerified(
  sub: string,
  verified = true,
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6390',
): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    await userStateStore(redis, () => undefined).setVerified(sub, verified);
  } finally {
    redis.disconnect();
  }
}
