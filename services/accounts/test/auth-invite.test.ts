import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Messages } from '@portal/contracts';
import { User } from '../src/models/user.js';
import { Invite } from '../src/models/invite.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { Pin } from '../src/models/pin.js';
import { findUserByEmail } from '../src/lib/keycloak.js';
import { call, startApp } from './helpers.js';
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
  // without an invite, the company cannot be joined
  const refused = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email,
    password: PASSWORD,
    data: { company: { 'License #': LIC } },
    method: 'invite',
  });
  assert.equal(refused.status, 400);
  assert.equal(refused.json.message, Messages.contactAdminToJoin);

  await Invite.create({
    email,
    invited: `inviter-${stamp}@test.portal`,
    companyKey: LIC,
    user: { email, company },
  });
  const res = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email,
    password: PASSWORD,
    data: {},
    method: 'invite',
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  const profile = await User.findOne({ email }).lean();
  assert.equal(profile?.role, 4);
  assert.equal(profile?.company?.['License #'], LIC);
  assert.deepEqual([...(profile?.company?.licenseNumbers ?? [])].sort(), [LIC, EXTRA].sort());
  const kcUser = await findUserByEmail(kc, email);
  assert.ok(kcUser);
});

test('verify after the sign-up session is gone: verified, and the answer asks to sign in (no tokens)', async () => {
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
    await Pin.updateOne({ purpose: 'signup', key: email }, { $unset: { session: 1 } });
    const ok = await call(app, 'POST', '/api/auth/verify', undefined, { email, pin });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal(ok.json.token, undefined);
    assert.equal(ok.json.message, AuthMessages.emailVerified);
    assert.equal(ok.json.user.email, email);
    assert.equal((await findUserByEmail(kc, email))?.emailVerified, true);
    const login = await call(app, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
    assert.equal(login.status, 200);
  } finally {
    await LicenceRecord.deleteOne({ 'License #': lic });
  }
});
