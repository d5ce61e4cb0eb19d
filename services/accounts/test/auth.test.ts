import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { call, startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
  await seed();
});
after(() => app.close());

test('POST /api/auth/login is retired: 410 with the reload message, whatever the body, never a token', async () => {
  for (const body of [
    { email: 'Admin@Demo.Portal', password: 'Portal!2345' },
    { email: 'admin@demo.portal', password: 'wrong-Password1' },
    { email: 'not-an-email' },
    {},
  ]) {
    const res = await call(app, 'POST', '/api/auth/login', undefined, body);
    assert.equal(res.status, 410, JSON.stringify(res.json));
    assert.equal(res.json.message, AuthMessages.signInMoved);
    assert.equal(res.json.token, undefined);
    assert.equal(res.json.refreshToken, undefined);
  }
});

test("sign-in is Keycloak's: its token on GET /api/users/me links the profile to the Keycloak subject", async () => {
  const me = await call(app, 'GET', '/api/users/me', await tokenFor('admin@demo.portal'));
  assert.equal(me.status, 200, JSON.stringify(me.json));
  assert.equal(me.json.user.email, 'admin@demo.portal');
  assert.equal(me.json.user.role, 1);
  assert.equal(me.json.user.verified, true);
  const stored = await User.findOne({ email: 'admin@demo.portal' }).lean();
  assert.ok(stored?.sub, 'the profile is linked to the Keycloak subject');
});

test('GET /api/users/me shows each demo user their own profile', async () => {
  for (const [role, email] of [
    [0, 'superadmin@demo.portal'],
    [3, 'accountadmin@demo.portal'],
    [4, 'user@demo.portal'],
  ] as const) {
    const res = await call(app, 'GET', '/api/users/me', await tokenFor(role));
    assert.equal(res.status, 200);
    assert.equal(res.json.user.email, email);
    assert.equal(res.json.user.role, role);
    assert.equal(res.json.user._outbox, undefined);
  }
});
