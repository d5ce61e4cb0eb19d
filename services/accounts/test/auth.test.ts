import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@portal/contracts';
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

test('login with the right password answers tokens and the linked profile', async () => {
  const res = await call(app, 'POST', '/api/auth/login', undefined, {
    email: 'Admin@Demo.Portal',
    password: 'Portal!2345',
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.ok(res.json.token.split('.').length === 3 && res.json.refreshToken && res.json.idToken);
  assert.ok(res.json.expiresIn > 0);
  assert.equal(res.json.user.email, 'admin@demo.portal');
  assert.equal(res.json.user.role, 1);
  assert.equal(res.json.user.verified, true);
  const stored = await User.findOne({ email: 'admin@demo.portal' }).lean();
  assert.ok(stored?.sub, 'the profile is linked to the Keycloak subject');
  // the token works on a protected route
  const me = await call(app, 'GET', '/api/users/me', res.json.token);
  assert.equal(me.status, 200);
  assert.equal(me.json.user.email, 'admin@demo.portal');
});

test('login with a wrong password is a 400 with the spec message', async () => {
  const res = await call(app, 'POST', '/api/auth/login', undefined, {
    email: 'admin@demo.portal',
    password: 'wrong-Password1',
  });
  assert.equal(res.status, 400);
  assert.equal(res.json.message, 'That username and password combination is not valid');
});

test('login for an unknown user is the same 400 (no user enumeration)', async () => {
  const res = await call(app, 'POST', '/api/auth/login', undefined, {
    email: 'nobody@demo.portal',
    password: 'x',
  });
  assert.equal(res.status, 400);
  assert.equal(res.json.message, Messages.loginFailed);
});

test('login validates the email and requires a password', async () => {
  const bad = await call(app, 'POST', '/api/auth/login', undefined, { email: 'not-an-email', password: 'x' });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, Messages.invalidEmail);
  const missing = await call(app, 'POST', '/api/auth/login', undefined, { email: 'admin@demo.portal' });
  assert.equal(missing.status, 400);
  assert.equal(missing.json.message, Messages.passwordRequired);
  const empty = await call(app, 'POST', '/api/auth/login', undefined, {
    email: 'admin@demo.portal',
    password: '',
  });
  assert.equal(empty.status, 400);
  assert.equal(empty.json.message, Messages.passwordRequired);
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
