import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Messages } from '@portal/contracts';
import { User } from '../src/models/user.js';
import { call, startApp } from './helpers.js';
import { signInAs } from './sign-in-support.js';
import { KeycloakCleanup, codeIn, kc, mailTo, makeKeycloakUser, tokensFor } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const oldEmail = `chg-old-${stamp}@test.portal`;
const newEmail = `chg-new-${stamp}@test.portal`;
const PASSWORD = 'Change!2345';

before(async () => {
  app = await startApp();
  cleanup.add(oldEmail);
  cleanup.add(newEmail);
  await makeKeycloakUser(oldEmail, PASSWORD);
});
after(async () => {
  await cleanup.run();
  await User.deleteMany({ email: { $in: [oldEmail, newEmail] } });
  await app.close();
});

test('change email: pin to the new address → updateMyEmail moves Keycloak and the profile', async () => {
  const { token } = await tokensFor(oldEmail, PASSWORD);
  const taken = await call(app, 'POST', '/api/auth/changeEmail', token, { email: 'admin@demo.portal' });
  assert.equal(taken.status, 400);
  assert.equal(taken.json.message, Messages.emailExists);
  const bad = await call(app, 'POST', '/api/auth/changeEmail', token, { email: 'nope' });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, Messages.invalidEmail);
  assert.equal(
    (await call(app, 'POST', '/api/auth/changeEmail', undefined, { email: newEmail })).status,
    401,
  );

  const started = Date.now();
  const res = await call(app, 'POST', '/api/auth/changeEmail', token, { email: newEmail.toUpperCase() });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.json.message, AuthMessages.pinSentTo(newEmail));
  const first = await mailTo(newEmail, 'Confirm your new email', started);
  const pin = codeIn(first);

  const wrong = await call(app, 'POST', '/api/auth/updateMyEmail', token, {
    email: newEmail,
    pin: pin === '000000' ? '111111' : '000000',
  });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.json.message, AuthMessages.invalidPin);
  const otherAddress = await call(app, 'POST', '/api/auth/updateMyEmail', token, {
    email: `x-${newEmail}`,
    pin,
  });
  assert.equal(otherAddress.status, 400, 'the pin belongs to the address it was sent to');

  const { token: token2 } = await tokensFor(oldEmail, PASSWORD);
  const again = await call(app, 'POST', '/api/auth/changeEmail', token2, { email: newEmail });
  assert.equal(again.status, 200);
  const pin2 = codeIn(await mailTo(newEmail, 'Confirm your new email', started, [first.id]));
  const ok = await call(app, 'POST', '/api/auth/updateMyEmail', token2, { email: newEmail, pin: pin2 });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.user.email, newEmail);
  const kcUser = await kc.findUserByEmail(newEmail);
  assert.equal(kcUser?.username, newEmail);
  assert.equal(await kc.findUserByEmail(oldEmail), undefined);
  assert.equal(await User.countDocuments({ email: oldEmail }), 0);
  const login = await signInAs(app, newEmail, PASSWORD);
  assert.equal(login.status, 200);
  assert.equal(login.user.email, newEmail);
});
