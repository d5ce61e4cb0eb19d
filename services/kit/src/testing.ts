import { createServer, type AddressInfo } from 'node:net';
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

/** Polls fn until it returns a truthy value (returned) or throws after timeoutMs with the last error. */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end)
      throw new Error(`waitFor timed out after ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
export { assertRoleMatrix, tablePolicy, type Policy } from './role-matrix.js';

/** A free TCP port on 127.0.0.1 (reserved by listening and closing), for a test's own server. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}
