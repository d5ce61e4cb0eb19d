// accounts §2 /signMeUp?email=: an invitation link mailed before links carried their token. The screen says so and
// offers "send me a new link" (POST /auth/inviteLink): the invited address gets a fresh link, nobody learns who was
// invited.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Role } from '@portal/contracts';
import { User } from '../src/models/user.js';
import { Invite, inviteTokenHash, newInviteToken } from '../src/models/invite.js';
import { call, startApp } from './helpers.js';
import { KeycloakCleanup, mailTo } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const LIC = `T-OLDLINK-${stamp}`;
const company = { 'License #': LIC, Licensee: 'Old Link Co LLC', DBA: 'Old Link', licenseNumbers: [LIC] };

before(async () => {
  app = await startApp();
});
after(async () => {
  await cleanup.run();
  await Invite.deleteMany({ email: { $regex: `${stamp}@test\\.portal$` } });
  await User.deleteMany({ email: { $regex: `${stamp}@test\\.portal$` } });
  await app.close();
});

test('accounts §2 /signMeUp?email= without a token: the invited address asks for a new link and signs up with it', async () => {
  const email = `oldlink-${stamp}@test.portal`;
  cleanup.add(email);
  const { token: old, set } = newInviteToken();
  await Invite.create({
    email,
    invited: `inviter-${stamp}@test.portal`,
    companyKey: LIC,
    user: { email, company },
    ...set,
  });
  const started = Date.now();
  const res = await call(app, 'POST', '/api/auth/inviteLink', undefined, { email: email.toUpperCase() });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.json.message, AuthMessages.inviteLinkSent);
  const stored = await Invite.findOne({ email }).lean();
  assert.notEqual(stored?.tokenHash, inviteTokenHash(old), 'a new token: the old one stops');

  const mail = await mailTo(email, 'You have been invited to the portal', started);
  const link = new URL(/https?:\/\/\S+\/signMeUp\?\S+/.exec(mail.text)![0]);
  const token = link.searchParams.get('token');
  assert.equal(stored?.tokenHash, inviteTokenHash(token!), 'the mail carries the new token');
  const signUp = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email,
    password: 'OldLink!2345',
    method: 'invite',
    inviteToken: token,
  });
  assert.equal(signUp.status, 201, JSON.stringify(signUp.json));
  assert.equal((await User.findOne({ email }).lean())?.role, Role.User);
});

test('a new-link request for an address nobody invited answers the same, and writes nothing', async () => {
  const email = `nobody-${stamp}@test.portal`;
  const res = await call(app, 'POST', '/api/auth/inviteLink', undefined, { email });
  assert.equal(res.status, 200);
  assert.equal(res.json.message, AuthMessages.inviteLinkSent);
  assert.equal(await Invite.exists({ email }), null);
  const bad = await call(app, 'POST', '/api/auth/inviteLink', undefined, { email: 'not-an-email' });
  assert.equal(bad.status, 400);
});
