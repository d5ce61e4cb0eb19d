import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Subjects, type InviteData } from '@portal/contracts';
import { openSealed } from '@portal/service-kit';
import { User } from '../src/models/user.js';
import { Invite, inviteTokenHash, newInviteToken } from '../src/models/invite.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { Pin } from '../src/models/pin.js';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { call, listen, startApp } from './helpers.js';
import { signInAs } from './sign-in-support.js';
import { KeycloakCleanup, codeIn, kc, mailTo } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const LIC = `T-INV-${stamp}`;
const EXTRA = `T-INV2-${stamp}`;
const PASSWORD = 'Invite!2345';
const company = {
  'License #': LIC,
  Licensee: 'Invited Co LLC',
  DBA: 'Invited Co',
  licenseNumbers: [LIC, EXTRA],
};

before(async () => {
  app = await startApp();
  await LicenceRecord.create({
    'License #': LIC,
    Licensee: 'Invited Co LLC',
    DBA: 'Invited Co',
    City: 'X',
    Zip: '1',
  });
  await User.create({ email: `inviter-${stamp}@test.portal`, role: 3, company });
});
after(async () => {
  await cleanup.run();
  await LicenceRecord.deleteMany({ 'License #': LIC });
  await Invite.deleteMany({ email: { $regex: `${stamp}@test\\.portal$` } });
  await User.deleteMany({ email: { $regex: `${stamp}@test\\.portal$` } });
  await app.close();
});

test('an invited email joins a company that has users: role 4 and the inviter company licence numbers', async () => {
  const email = `invitee-${stamp}@test.portal`;
  cleanup.add(email);
  const signUp = (extra: Record<string, unknown>) =>
    call(app, 'POST', '/api/auth/signUp', undefined, {
      email,
      password: PASSWORD,
      data: {},
      method: 'invite',
      ...extra,
    });
  const { token, set } = newInviteToken();
  await Invite.create({
    email,
    invited: `inviter-${stamp}@test.portal`,
    companyKey: LIC,
    user: { email, company },
    ...set,
  });
  // the invite exists, but without the mail's token (or with another one) it cannot be used
  for (const extra of [{}, { inviteToken: newInviteToken().token }]) {
    const refused = await signUp(extra);
    assert.equal(refused.status, 400);
    assert.equal(refused.json.message, AuthMessages.inviteInvalid);
  }
  assert.equal(await kc.findUserByEmail(email), undefined);

  const res = await signUp({ inviteToken: token });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  const profile = await User.findOne({ email }).lean();
  assert.equal(profile?.role, 4);
  assert.equal(profile?.company?.['License #'], LIC);
  assert.deepEqual([...(profile?.company?.licenseNumbers ?? [])].sort(), [LIC, EXTRA].sort());
  assert.ok(await kc.findUserByEmail(email));
  // accepted at sign-up, and single-use
  const inv = await Invite.findOne({ email }).lean();
  assert.equal(inv?.data?.accepted, true);
  await User.deleteOne({ email });
  const reused = await signUp({ inviteToken: token });
  assert.equal(reused.status, 400);
  assert.equal(reused.json.message, AuthMessages.inviteInvalid);
});

test('an expired invite token is refused; an invite cannot be claimed for another address', async () => {
  const email = `expired-${stamp}@test.portal`;
  const other = `other-${stamp}@test.portal`;
  cleanup.add(email);
  cleanup.add(other);
  const { token, set } = newInviteToken();
  await Invite.create({
    email,
    invited: `inviter-${stamp}@test.portal`,
    companyKey: LIC,
    user: { email, company },
    ...set,
  });
  const elsewhere = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email: other,
    password: PASSWORD,
    method: 'invite',
    inviteToken: token,
  });
  assert.equal(elsewhere.status, 400);
  await Invite.updateOne({ email }, { $set: { tokenExpiresAt: new Date(Date.now() - 1000) } });
  const late = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email,
    password: PASSWORD,
    method: 'invite',
    inviteToken: token,
  });
  assert.equal(late.status, 400);
  assert.equal(late.json.message, AuthMessages.inviteInvalid);
});

test('the invite mail links to sign-up with the token; only the hash is stored; the link signs up', async () => {
  const email = `mailed-${stamp}@test.portal`;
  cleanup.add(email);
  const started = Date.now();
  const sent = await call(app, 'POST', '/api/users/invite', await tokenFor(3), { user: { email } });
  assert.equal(sent.status, 201, JSON.stringify(sent.json));
  const mail = await mailTo(email, 'You have been invited to the portal', started);
  const link = /https?:\/\/\S+\/signMeUp\?\S+/.exec(mail.text)?.[0];
  assert.ok(link, mail.text);
  const url = new URL(link);
  const token = url.searchParams.get('token');
  assert.equal(url.searchParams.get('email'), email);
  assert.match(token ?? '', /^[A-Za-z0-9_-]{40,}$/);
  const stored = await Invite.findOne({ email }).lean();
  assert.notEqual(stored?.tokenHash, token);
  assert.ok(!JSON.stringify(stored).includes(token!));
  const res = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email,
    password: PASSWORD,
    method: 'invite',
    inviteToken: token,
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  assert.equal((await User.findOne({ email }).lean())?.role, 4);
});

test("verify: verified, and the answer asks to sign in on Keycloak's page (no tokens, no password grant)", async () => {
  const email = `nosession-${stamp}@test.portal`;
  cleanup.add(email);
  const lic = `${LIC}-NS`;
  await LicenceRecord.create({ 'License #': lic, Licensee: 'N', DBA: 'N', City: 'N', Zip: '1' });
  try {
    const started = Date.now();
    const res = await call(app, 'POST', '/api/auth/signUp', undefined, {
      email,
      password: PASSWORD,
      data: { company: { 'License #': lic } },
      method: 'license',
    });
    assert.equal(res.status, 201, JSON.stringify(res.json));
    const pin = codeIn(await mailTo(email, 'Verify your email', started));
    // the pin holds no token of the new user (they sign in on Keycloak's page)
    const stored = await Pin.findOne({ purpose: 'signup', key: email }).lean();
    assert.ok(stored);
    assert.equal('session' in stored, false);
    const ok = await call(app, 'POST', '/api/auth/verify', undefined, { email, pin });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal(ok.json.token, undefined);
    assert.equal(ok.json.message, AuthMessages.emailVerified);
    assert.equal(ok.json.user.email, email);
    assert.equal((await kc.findUserByEmail(email))?.emailVerified, true);
    assert.equal((await signInAs(app, email, PASSWORD)).status, 200);
  } finally {
    await LicenceRecord.deleteOne({ 'License #': lic });
  }
});

test('the invite token never travels in clear: the stream event has a link without it and the token sealed', async () => {
  const email = `sealed-${stamp}@test.portal`;
  for (const [subject, send] of [
    [
      Subjects.inviteCreated,
      async () => call(app, 'POST', '/api/users/invite', await tokenFor(3), { user: { email } }),
    ],
    [
      Subjects.inviteResent,
      async () => {
        const inv = await Invite.findOne({ email }).lean();
        return call(app, 'POST', '/api/users/inviteemail', await tokenFor(3), {
          invite: { id: String(inv!._id) },
        });
      },
    ],
  ] as const) {
    const events = await listen(app, subject);
    try {
      const res = await send();
      assert.ok(res.status < 300, JSON.stringify(res.json));
      const ev = await waitFor(
        () => events.events.find((e) => (e.data as InviteData).email === email),
        15_000,
      );
      const data = ev.data as InviteData;
      assert.ok(!/token=/.test(data.link), data.link);
      assert.ok(data.sealedToken, 'sealed token present');
      // only the key holder opens it, bound to the address; the stored hash is the token's
      const token = openSealed(data.sealedToken!, { context: email });
      assert.equal((await Invite.findOne({ email }).lean())?.tokenHash, inviteTokenHash(token));
      assert.ok(!JSON.stringify(ev).includes(token), 'no token in clear anywhere in the event');
      assert.throws(() => openSealed(data.sealedToken!, { context: `other-${email}` }));
    } finally {
      events.stop();
    }
  }
});
