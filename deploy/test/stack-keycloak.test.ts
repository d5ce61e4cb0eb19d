// Checks the RUNNING local stack's Keycloak (bash deploy/local/stack.sh start) with the defaults of
// deploy/local/env.sh: the demo users' tokens as the services read them, and the services' own client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testClient } from '../../services/kit/testing/tokens.ts';

const env = process.env;
const KEYCLOAK_URL = env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
const REALM = env.KEYCLOAK_REALM ?? 'portal';
const ISSUER = env.KEYCLOAK_ISSUER ?? 'http://localhost:8080/auth/realms/portal';

const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, any>;
const form = (o: Record<string, string>) => new URLSearchParams(o);
const tokenUrl = `${KEYCLOAK_URL}/realms/${REALM}/protocol/openid-connect/token`;
const TEST_CLIENT = testClient(); // the local realm's confidential test client: the suites' password grant

const ROLES = ['superadmin', 'admin', 'driver', 'accountadmin', 'user'];
for (const role of ROLES) {
  test(`Keycloak: password grant for ${role}@demo.portal carries role, email, issuer`, async () => {
    const res = await fetch(tokenUrl, {
      method: 'POST',
      body: form({
        grant_type: 'password',
        ...TEST_CLIENT,
        username: `${role}@demo.portal`,
        password: 'Portal!2345',
        scope: 'openid',
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const tok = (await res.json()) as Record<string, string>;
    const c = claims(tok.access_token);
    assert.equal(c.iss, ISSUER);
    assert.equal(c.email, `${role}@demo.portal`);
    assert.equal(c.email_verified, true);
    assert.ok(c.realm_access.roles.includes(role), `roles ${c.realm_access.roles}`);
    for (const other of ROLES.filter((r) => r !== role)) assert.ok(!c.realm_access.roles.includes(other));
    assert.ok([c.aud].flat().includes('portal-api'), `aud ${c.aud}`);
    assert.equal(c.azp, TEST_CLIENT.client_id);
  });
}

test('Keycloak: wrong password is refused', async () => {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    body: form({
      grant_type: 'password',
      ...TEST_CLIENT,
      username: 'user@demo.portal',
      password: 'wrong',
    }),
  });
  assert.equal(res.status, 401);
});

test('Keycloak: portal-services client credentials can list users', async () => {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    body: form({
      grant_type: 'client_credentials',
      client_id: 'portal-services',
      client_secret: env.KEYCLOAK_SERVICE_CLIENT_SECRET ?? 'portal-services-secret',
    }),
  });
  assert.equal(res.status, 200);
  const { access_token } = (await res.json()) as Record<string, string>;
  const users = await fetch(`${KEYCLOAK_URL}/admin/realms/${REALM}/users?email=demo.portal&max=100`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  assert.equal(users.status, 200);
  const emails = ((await users.json()) as Array<{ email: string }>).map((u) => u.email);
  for (const role of ROLES) assert.ok(emails.includes(`${role}@demo.portal`), `${role} in ${emails}`);
});
