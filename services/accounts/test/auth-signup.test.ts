import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Messages, Role } from '@portal/contracts';
import { User } from '../src/models/user.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { Pin } from '../src/models/pin.js';
import { seed } from '../scripts/seed.js';
import { call, startApp } from './helpers.js';
import { signInAs } from './sign-in-support.js';
import { KeycloakCleanup, codeIn, kc, mailTo } from './auth-support.js';

let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const FREE_LIC = `T-FREE-${stamp}`; // a licence nobody has signed up for
const TAKEN_LIC = `T-TAKEN-${stamp}`; // a licence that already has a user
const PASSWORD = 'Signup!2345';
const signupEmail = (tag: string) => `signup-${tag}-${stamp}@test.portal`;

before(async () => {
  app = await startApp();
  await seed();
  await LicenceRecord.create([
    {
      'License #': FREE_LIC,
      Licensee: 'Free Co LLC',
      DBA: 'Free Co',
      'Street Address': '1 Free St',
      City: 'Fresno',
      Zip: '93650',
    },
    {
      'License #': TAKEN_LIC,
      Licensee: 'Taken Co LLC',
      DBA: 'Taken Co',
      'Street Address': '2 Taken St',
      City: 'Tahoe',
      Zip: '96150',
    },
  ]);
  await User.create({
    email: `owner-${stamp}@test.portal`,
    company: { 'License #': TAKEN_LIC, licenseNumbers: [TAKEN_LIC] },
  });
});
after(async () => {
  await cleanup.run();
  await LicenceRecord.deleteMany({ 'License #': { $in: [FREE_LIC, TAKEN_LIC] } });
  await User.deleteMany({ email: { $regex: `${stamp}@test\\.portal$` } });
  await app.close();
});

const signUp = (email: string, lic: string | undefined, extra: Record<string, unknown> = {}) =>
  call(app, 'POST', '/api/auth/signUp', undefined, {
    email,
    password: PASSWORD,
    data: lic === undefined ? {} : { company: { 'License #': lic } },
    method: 'license',
    ...extra,
  });

test('sign-up on a free licence → pin mail → wrong pin 400 → right pin verifies; then Keycloak signs the user in', async () => {
  const email = signupEmail('ok');
  cleanup.add(email);
  const started = Date.now();
  // asking for the account admin's role changes nothing: every sign-up is role 4 (accounts §3, §9)
  const res = await signUp(email.toUpperCase(), FREE_LIC, {
    data: { role: Role.AccountAdmin, company: { 'License #': FREE_LIC } },
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  assert.equal(res.json.email, email, 'the email is lower-cased');
  const kcUser = await kc.findUserByEmail(email);
  assert.ok(kcUser, 'the Keycloak user exists');
  assert.equal(kcUser.emailVerified, false);
  const profile = await User.findOne({ email }).lean();
  assert.equal(profile?.verified, false);
  assert.equal(profile?.sub, kcUser.id);
  assert.equal(profile?.role, Role.User, 'accounts §3 "role (default 4)": staff promote the account admin');
  assert.equal(profile?.company?.['License #'], FREE_LIC);
  assert.equal(profile?.company?.Licensee, 'Free Co LLC');

  const mail = await mailTo(email, 'Verify your email', started);
  const pin = codeIn(mail);
  const stored = await Pin.findOne({ purpose: 'signup', key: email }).lean();
  assert.ok(stored && !JSON.stringify(stored).includes(`"${pin}"`), 'only a hash of the pin is stored');

  const wrong = await call(app, 'POST', '/api/auth/verify', undefined, {
    email,
    pin: pin === '000000' ? '111111' : '000000',
  });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.json.message, 'Invalid verification code');

  const ok = await call(app, 'POST', '/api/auth/verify', undefined, { email, pin });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.token, undefined, "no session from the pin: the user signs in on Keycloak's page");
  assert.equal(ok.json.message, AuthMessages.emailVerified);
  assert.equal(ok.json.user.email, email);
  assert.equal(ok.json.user.verified, false, 'staff still have to verify the account');
  const me = await signInAs(app, email, PASSWORD);
  assert.equal(me.status, 200);
  assert.equal(me.user.role, Role.User);
  assert.equal((await kc.findUserByEmail(email))?.emailVerified, true);

  const again = await call(app, 'POST', '/api/auth/verify', undefined, { email, pin });
  assert.equal(again.status, 400, 'a pin works once');

  const dup = await signUp(email, FREE_LIC);
  assert.equal(dup.status, 400);
  assert.equal(dup.json.message, Messages.emailExists);
});

test('a resent pin replaces the first one; five wrong tries end the pin', async () => {
  const email = signupEmail('resend');
  cleanup.add(email);
  const lic = `${FREE_LIC}-R`;
  await LicenceRecord.create({
    'License #': lic,
    Licensee: 'R',
    DBA: 'R',
    'Street Address': 'R',
    City: 'R',
    Zip: '1',
  });
  try {
    const started = Date.now();
    assert.equal((await signUp(email, lic)).status, 201);
    const first = await mailTo(email, 'Verify your email', started);
    const resend = await call(app, 'POST', '/api/auth/sendValidation', undefined, { email });
    assert.equal(resend.status, 200, JSON.stringify(resend.json));
    assert.equal(resend.json.message, `A new code has been sent to ${email}`);
    const pin = codeIn(await mailTo(email, 'Verify your email', started, [first.id]));
    assert.notEqual(pin, codeIn(first), 'a new pin');
    for (let i = 0; i < 5; i++) {
      const bad = await call(app, 'POST', '/api/auth/verify', undefined, {
        email,
        pin: pin === '000000' ? '111111' : '000000',
      });
      assert.equal(bad.status, 400);
    }
    const late = await call(app, 'POST', '/api/auth/verify', undefined, { email, pin });
    assert.equal(late.status, 400, 'the right pin after five wrong tries is refused');
    assert.equal(late.json.message, AuthMessages.invalidPin);
  } finally {
    await LicenceRecord.deleteOne({ 'License #': lic });
  }
});

test('a licence that already has users: "contact your admin", and nothing is written', async () => {
  const email = signupEmail('taken');
  cleanup.add(email);
  const res = await signUp(email, TAKEN_LIC);
  assert.equal(res.status, 400);
  assert.equal(res.json.message, 'Please contact your admin to be invited to this Company');
  assert.equal(await kc.findUserByEmail(email), undefined, 'no Keycloak user');
  assert.equal(await User.countDocuments({ email }), 0, 'no profile');
  assert.equal(await Pin.countDocuments({ key: email }), 0, 'no pin');
});

test('sign-up validation answers the spec messages and writes nothing', async () => {
  const email = signupEmail('bad');
  cleanup.add(email);
  const cases: [Record<string, unknown>, string][] = [
    [{ email, password: PASSWORD, data: {}, method: 'license' }, Messages.licenceRequired],
    [
      { email, password: PASSWORD, data: { company: { 'License #': `NOPE-${stamp}` } } },
      Messages.invalidLicence,
    ],
    [
      { email: 'not-an-email', password: PASSWORD, data: { company: { 'License #': FREE_LIC } } },
      Messages.invalidEmail,
    ],
    [{ password: PASSWORD, data: { company: { 'License #': FREE_LIC } } }, Messages.invalidEmail],
    [
      {
        email: `${'a'.repeat(50)}@test.portal`,
        password: PASSWORD,
        data: { company: { 'License #': FREE_LIC } },
      },
      Messages.emailTooLong,
    ],
    [{ email, data: { company: { 'License #': FREE_LIC } } }, Messages.passwordRequired],
    [{ email, password: '', data: { company: { 'License #': FREE_LIC } } }, Messages.passwordRequired],
  ];
  for (const [body, message] of cases) {
    const res = await call(app, 'POST', '/api/auth/signUp', undefined, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.json.message, message, JSON.stringify(body));
  }
  assert.equal(await kc.findUserByEmail(email), undefined);
  assert.equal(await User.countDocuments({ email }), 0);
});

test('an existing profile email is refused with the spec message', async () => {
  const res = await signUp('admin@demo.portal', FREE_LIC);
  assert.equal(res.status, 400);
  assert.equal(res.json.message, 'This email already exists. Please create account with a different email.');
});

test('sendValidation: unknown email 404; an already verified email 400', async () => {
  const unknown = await call(app, 'POST', '/api/auth/sendValidation', undefined, {
    email: signupEmail('nobody'),
  });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json.message, Messages.forgotUnknownUser);
  const verified = await call(app, 'POST', '/api/auth/sendValidation', undefined, {
    email: 'admin@demo.portal',
  });
  assert.equal(verified.status, 400);
  assert.equal(verified.json.message, AuthMessages.emailAlreadyVerified);
});
