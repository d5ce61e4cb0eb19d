// The realm as the portal needs it and no wider (deploy/local/keycloak/realm-portal.json): no offline token (one
// would outlive the portal's sign-out), a portal access token opens neither Keycloak's account API nor the account
// console, and the portal realm's admin-cli takes no password. Real Keycloak, a user of its own; its tokens come
// from the test client (the browser's own path, portal-web with PKCE: deploy/test/keycloak-realm.test.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { testClient } from '@portal/service-kit/testing';
import { KeycloakCleanup, makeKeycloakUser } from './auth-support.js';

const KC = process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
const REALM = process.env.KEYCLOAK_REALM ?? 'portal';
const cleanup = new KeycloakCleanup();
const email = `kc-hard-${Date.now()}${Math.floor(Math.random() * 1000)}@test.portal`;
const PASSWORD = 'Hardened!2345';

before(async () => {
  cleanup.add(email);
  await makeKeycloakUser(email, PASSWORD);
});
after(() => cleanup.run());

const grant = async (client: Record<string, string>, scope: string) => {
  const r = await fetch(`${KC}/realms/${REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      ...client,
      username: email,
      password: PASSWORD,
      scope,
    }),
  });
  return { status: r.status, json: (await r.json()) as Record<string, string> };
};
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

test('asking for offline_access gets no offline token', async () => {
  const r = await grant(testClient(), 'openid offline_access');
  if (r.json.refresh_token) assert.notEqual(claims(r.json.refresh_token).typ, 'Offline');
  else assert.equal(r.json.error, 'invalid_scope', JSON.stringify(r.json));
  const plain = await grant(testClient(), 'openid');
  assert.equal(plain.status, 200, 'an ordinary sign-in still works');
  assert.equal(claims(plain.json.refresh_token!).typ, 'Refresh');
});

test("the portal's access token does not open Keycloak's account API or console", async () => {
  const { json } = await grant(testClient(), 'openid');
  const token = claims(json.access_token!);
  assert.deepEqual([token.aud].flat(), ['portal-api'], 'no account audience');
  assert.equal(token.resource_access, undefined, 'no account roles in the token');
  for (const path of ['account', 'account/credentials', 'account/sessions']) {
    const r = await fetch(`${KC}/realms/${REALM}/${path}`, {
      headers: { authorization: `Bearer ${json.access_token}`, accept: 'application/json' },
    });
    assert.ok([401, 403, 404].includes(r.status), `${path}: ${r.status}`);
  }
  const console_ = await fetch(`${KC}/realms/${REALM}/account/`, { redirect: 'manual' });
  assert.notEqual(console_.status, 200, 'the account console is off');
});

test("the portal realm's admin-cli takes no password", async () => {
  const r = await grant({ client_id: 'admin-cli' }, 'openid offline_access');
  assert.equal(r.status >= 400, true);
  assert.equal(r.json.access_token, undefined);
});

test('the realm file says the same (a fresh import gives this realm)', () => {
  const realm = JSON.parse(
    readFileSync(new URL('../../../deploy/local/keycloak/realm-portal.json', import.meta.url), 'utf8'),
  );
  const client = (id: string) => realm.clients.find((c: { clientId: string }) => c.clientId === id);
  for (const id of ['portal-web', 'portal-tests']) {
    const scopes = [...client(id).defaultClientScopes, ...client(id).optionalClientScopes];
    assert.ok(!scopes.includes('offline_access'), id);
    assert.equal(client(id).fullScopeAllowed, false, id);
  }
  assert.equal(client('portal-web').attributes['pkce.code.challenge.method'], 'S256');
  assert.equal(client('portal-web').implicitFlowEnabled, false);
  // an unverified address gets no token from Keycloak itself, and Keycloak mails nothing of its own
  assert.equal(realm.verifyEmail, true);
  assert.equal(realm.smtpServer, undefined);
  for (const id of ['account', 'account-console', 'admin-cli']) assert.equal(client(id).enabled, false, id);
});
