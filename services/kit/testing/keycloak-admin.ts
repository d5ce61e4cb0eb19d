// The portal realm's admin API through the services' client, for test fixtures: throwaway users, and the brute-force
// state of a demo user whose sign-in a test was refused.
const base = () => process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
const realm = () => process.env.KEYCLOAK_REALM ?? 'portal';

/** The realm's token endpoint (KEYCLOAK_URL, KEYCLOAK_REALM with the local stack's defaults). */
export const tokenEndpoint = (): string => `${base()}/realms/${realm()}/protocol/openid-connect/token`;

export async function form(url: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export async function admin(method: string, path: string, body?: unknown): Promise<Response> {
  const { access_token } = await form(tokenEndpoint(), {
    grant_type: 'client_credentials',
    client_id: process.env.KEYCLOAK_SERVICE_CLIENT_ID ?? 'portal-services',
    client_secret: process.env.KEYCLOAK_SERVICE_CLIENT_SECRET ?? 'portal-services-secret',
  });
  const res = await fetch(`${base()}/admin/realms/${realm()}${path}`, {
    method,
    headers: { authorization: `Bearer ${String(access_token)}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Keycloak admin ${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * A user's brute-force record as Keycloak keeps it (`disabled`, `numFailures`, `lastFailure`, `lastIPFailure`), then
 * cleared. Keycloak answers a locked user's right password with the same "Invalid user credentials" as a wrong one,
 * so a refused demo sign-in is told apart here.
 */
export async function takeBruteForceRecord(username: string): Promise<Record<string, unknown> | undefined> {
  const users = (await (
    await admin('GET', `/users?exact=true&username=${encodeURIComponent(username)}`)
  ).json()) as { id: string }[];
  const id = users[0]?.id;
  if (!id) return undefined;
  const path = `/attack-detection/brute-force/users/${id}`;
  const record = (await (await admin('GET', path)).json()) as Record<string, unknown>;
  await admin('DELETE', path);
  return record;
}
