import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Messages } from '@portal/contracts';
import { call, startApp } from './helpers.js';
import { signsIn } from './sign-in-support.js';
import { KeycloakCleanup, codeIn, mailTo, makeKeycloakUser, tokensFor } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const email = `pw-${stamp}@test.portal`;
const FIRST = 'First!2345';

before(async () => {
  app = await startApp();
  cleanup.add(email);
  await makeKeycloakUser(email, FIRST);
});
after(async () => {
  await cleanup.run();
  await app.close();
});

const login = (password: string) => signsIn(email, password);

test('forgot password: an unknown email gets the same answer as a known one (auth-limits.test.ts times both)', async () => {
  const res = await call(app, 'POST', '/api/auth/forgotPassword', undefined, {
    email: `nobody-${stamp}@test.portal`,
  });
  assert.equal(res.status, 200);
  assert.deepEqual(res.json, { emailSent: true, message: 'An email has been sent with your Password' });
});

test('forgot password → code mail → submit → the new password signs in, the old one no longer', async () => {
  const started = Date.now();
  const res = await call(app, 'POST', '/api/auth/forgotPassword', undefined, { email: email.toUpperCase() });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.deepEqual(res.json, { emailSent: true, message: 'An email has been sent with your Password' });
  const code = codeIn(await mailTo(email, 'Reset your password', started));

  const weak = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code,
    password: 'alllowercase1',
  });
  assert.equal(weak.status, 400);
  assert.equal(weak.json.message, Messages.passwordPolicy);
  const long = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code,
    password: `Aa1${'x'.repeat(60)}`,
  });
  assert.equal(long.status, 400);
  assert.equal(long.json.message, AuthMessages.passwordTooLong);
  const longCode = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code: '12345678901',
    password: 'Second!2345',
  });
  assert.equal(longCode.status, 400);
  const wrong = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code: code === '000000' ? '111111' : '000000',
    password: 'Second!2345',
  });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.json.message, AuthMessages.invalidPin);

  const ok = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code,
    password: 'Second!2345',
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.deepEqual(ok.json, { message: 'Password updated successfully!' });
  assert.equal(await login('Second!2345'), true);
  assert.equal(await login(FIRST), false);
  const reuse = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code,
    password: 'Third!2345',
  });
  assert.equal(reuse.status, 400, 'a code works once');
});

test('change password: wrong current, too short, someone else → refused; right → the new one signs in', async () => {
  const { token } = await tokensFor(email, 'Second!2345');
  const change = (body: Record<string, unknown>) =>
    call(app, 'POST', '/api/auth/changepassword', token, body);

  // Keycloak's quick-login check locks an account for a minute when two failures come within a second: the last
  // test's failed sign-in with the old password must not pair with this wrong current password
  await new Promise((r) => setTimeout(r, 1500));
  const wrong = await change({ user: email, oldPassword: 'not-it-1A', newPassword: 'Changed!2345' });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.json.message, 'Current Password entered is incorrect.');
  const short = await change({ user: email, oldPassword: 'Second!2345', newPassword: 'Ab1!' });
  assert.equal(short.status, 400);
  assert.equal(short.json.message, 'Passwords must be at least 8 characters. ');
  const other = await change({
    user: 'admin@demo.portal',
    oldPassword: 'Portal!2345',
    newPassword: 'Changed!2345',
  });
  assert.equal(other.status, 403);
  const anon = await call(app, 'POST', '/api/auth/changepassword', undefined, {
    user: email,
    oldPassword: 'Second!2345',
    newPassword: 'Changed!2345',
  });
  assert.equal(anon.status, 401);

  const ok = await change({ user: email, oldPassword: 'Second!2345', newPassword: 'Changed!2345' });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.message, Messages.passwordUpdated);
  assert.equal(await login('Changed!2345'), true);
  assert.equal(await login('Second!2345'), false);
});

test('asking for a sixth code in a row is a 429 (at most 25 guesses per 30 minutes)', async () => {
  const forgot = () => call(app, 'POST', '/api/auth/forgotPassword', undefined, { email });
  for (let i = 0; i < 5; i++) assert.equal((await forgot()).status, 200);
  const sixth = await forgot();
  assert.equal(sixth.status, 429);
  assert.equal(sixth.json.message, AuthMessages.tooManyCodes);
});

test("a stranger's wrong codes do not use up the owner's: the newest mailed code still works", async () => {
  const victim = `dos-${stamp}@test.portal`;
  cleanup.add(victim);
  await makeKeycloakUser(victim, FIRST);
  const started = Date.now();
  const asked = await call(app, 'POST', '/api/auth/forgotPassword', undefined, { email: victim });
  assert.equal(asked.status, 200);
  const code = codeIn(await mailTo(victim, 'Reset your password', started));
  const submit = (remoteAddress: string, c: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/forgotPasswordSubmit',
      remoteAddress,
      payload: { email: victim, code: c, password: 'Victim!2345x' },
    });
  const wrong = code === '000000' ? '000001' : '000000';
  // the attacker's address gets its own few tries only: after them even a right code from there is refused
  for (let i = 0; i < 7; i++) assert.equal((await submit('203.0.113.7', wrong)).statusCode, 400);
  const ok = await submit('198.51.100.20', code);
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(await signsIn(victim, 'Victim!2345x'), true);
});
