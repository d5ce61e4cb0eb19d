// The current-password check of change password runs on its own confidential client (portal-password-check), never
// on the browser's public client: what that client's tokens are worth, and that the public client has no grant.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, MFA_USER, tokenEndpoint } from '@portal/service-kit/testing';
import { InvalidCredentials, keycloakFromEnv } from '../src/adapters/keycloak/index.js';
import { passwordGrant } from '../src/adapters/keycloak/tokens.js';
import { call, startApp } from './helpers.js';
import { KeycloakCleanup, kc, makeKeycloakUser } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const email = `pwcheck-${Date.now()}${Math.floor(Math.random() * 1000)}@test.portal`;
const PASSWORD = 'Check!2345';

/** The settings accounts runs the check with (env: KEYCLOAK_PASSWORD_CHECK_CLIENT_ID/_SECRET). */
const checkClient = () => ({
  ...kc.settings,
  clientId: kc.settings.passwordCheckClientId!,
  clientSecret: kc.settings.passwordCheckClientSecret!,
});

before(async () => {
  app = await startApp();
  cleanup.add(email);
  await makeKeycloakUser(email, PASSWORD);
});
after(async () => {
  await cleanup.run();
  await app.close();
});

test('a token of the password-check client is refused by a service (401): it carries no portal-api audience', async () => {
  const tokens = await passwordGrant(checkClient(), email, PASSWORD);
  try {
    const me = await call(app, 'GET', '/api/users/me', tokens.token);
    assert.equal(me.status, 401);
  } finally {
    await kc.endSession(tokens.refreshToken).catch(() => undefined);
  }
});

test('the check: the right password passes, a wrong one is InvalidCredentials', async () => {
  await kc.checkPassword(email, PASSWORD);
  await new Promise((r) => setTimeout(r, 1100)); // the realm's quick-login check: space failures from sign-ins
  await assert.rejects(kc.checkPassword(email, 'Wrong!2345x'), InvalidCredentials);
});

test('the check asks no second factor: the demo staff user with TOTP passes on the password alone', async () => {
  await kc.checkPassword(MFA_USER, DEMO_PASSWORD);
});

test('the public client portal-web has no password grant', async () => {
  const res = await fetch(tokenEndpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: keycloakFromEnv(process.env).clientId, // portal-web (the suites' kc is the test client)
      username: email,
      password: PASSWORD,
    }),
  });
  const body = (await res.json()) as { error?: string };
  assert.ok(res.status === 400 || res.status === 401, `status ${res.status}`);
  assert.match(String(body.error), /^(unauthorized_client|invalid_client)$/);
});
