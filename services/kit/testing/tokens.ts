// Real Keycloak tokens of the demo users (the realm import's users), for API tests of every service.
import { ROLE_NAMES, isRoleNumber, type RoleNumber } from '@portal/contracts';

export const DEMO_PASSWORD = 'Portal!2345';
const cache = new Map<string, { token: string; until: number }>();

/** Demo user email for a role number/name, or the email itself. */
export function demoEmail(who: RoleNumber | string): string {
  if (isRoleNumber(who)) return `${ROLE_NAMES[who]}@demo.portal`;
  return who.includes('@') ? who : `${who}@demo.portal`;
}

/** A REAL Keycloak access token for a demo user (password grant on the public client), cached until near expiry. */
export async function tokenFor(who: RoleNumber | string, password = DEMO_PASSWORD): Promise<string> {
  const username = demoEmail(who);
  const hit = cache.get(username);
  if (hit && hit.until > Date.now()) return hit.token;
  const base = process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
  const realm = process.env.KEYCLOAK_REALM ?? 'portal';
  const res = await fetch(`${base}/realms/${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: process.env.KEYCLOAK_PUBLIC_CLIENT_ID ?? 'portal-web',
      username,
      password,
      scope: 'openid',
    }),
  });
  if (!res.ok) throw new Error(`token for ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; expires_in: number };
  cache.set(username, { token: body.access_token, until: Date.now() + (body.expires_in - 30) * 1000 });
  return body.access_token;
}
