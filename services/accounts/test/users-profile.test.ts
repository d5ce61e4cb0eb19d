import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AccountState, Messages, Subjects, nameInvalidMessage } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { readConfig } from '../src/models/app-config.js';
import { call, listen, startApp } from './helpers.js';
import { completeCompany, kcUser } from './users-fixtures.js';

let app: FastifyInstance;
let fresh: Awaited<ReturnType<typeof kcUser>>;
let token: string;
let lic: string;
before(async () => {
  app = await startApp();
  await seed();
  lic = `T${Date.now()}-LIC`;
  await LicenceRecord.create({
    'License #': lic,
    Licensee: 'Test Holdings LLC',
    DBA: 'Test Leaf',
    'Street Address': '1 Test Way',
    City: 'Sacramento',
    Zip: '95814',
  });
  fresh = await kcUser(app, 'profile', { verified: AccountState.Pending }); // just signed up: under review
  token = await fresh.token();
});
after(async () => {
  await fresh?.cleanup();
  await LicenceRecord.deleteOne({ 'License #': lic });
  await app.close();
});

const save = (company: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  call(app, 'POST', '/api/users/update', token, { user: { email: fresh.email, company, ...extra } });

test('§5 profile rules answer the spec messages and write nothing', async () => {
  const good = completeCompany(lic);
  const cases: [Record<string, unknown>, string][] = [
    [{ ...good, phone: '555-12' }, Messages.phoneInvalid],
    [{ ...good, phone: '(916) 555-0199 ext 12' }, Messages.phoneInvalid],
    [{ ...good, phone: '' }, Messages.phoneInvalid],
    [{ ...good, billingContactEmail: 'not-an-email' }, Messages.invalidEmail],
    [{ ...good, Licensee: 'x'.repeat(101) }, Messages.fieldTooLong('Company Name', 100)],
    [{ ...good, DBA: 'x'.repeat(101) }, Messages.fieldTooLong('DBA', 100)],
    [{ ...good, DBA: '' }, Messages.fieldRequired('DBA')],
    [{ ...good, billingAddress: '  ' }, Messages.fieldRequired('Billing Address')],
    [{ ...good, 'Street Address': '' }, Messages.fieldRequired('Street Address')],
    [{ ...good, 'License #': '' }, Messages.licenceRequired],
  ];
  const before = await User.findOne({ email: fresh.email }).lean();
  for (const [company, message] of cases) {
    const res = await save(company);
    assert.equal(res.status, 400, JSON.stringify(company));
    assert.equal(res.json.message, message);
  }
  const long = await call(app, 'POST', '/api/users/update', token, {
    user: { email: fresh.email, name: { firstName: 'x'.repeat(60), lastName: 'y'.repeat(60) } },
  });
  assert.equal(long.status, 400);
  assert.equal(long.json.message, Messages.fieldTooLong('Contact Name', 100));
  const after = await User.findOne({ email: fresh.email }).lean();
  assert.equal(after?.updatedAt?.getTime(), before?.updatedAt?.getTime(), 'nothing written');
  assert.equal(after?.company, undefined);
  assert.equal(after?.hasSentEmail, false);
});

test('names: markup is a clear 400 up front (a 502 from Keycloak before), nothing written or created', async () => {
  const before = await User.findOne({ email: fresh.email }).lean();
  for (const name of [{ firstName: '<b>Bob' }, { lastName: 'x>y' }, { firstName: 'a&b' }]) {
    const res = await call(app, 'POST', '/api/users/update', token, { user: { email: fresh.email, name } });
    assert.equal(res.status, 400, JSON.stringify(name));
    assert.equal(res.json.message, nameInvalidMessage('Contact Name'));
  }
  assert.deepEqual((await User.findOne({ email: fresh.email }).lean())?.name, before?.name);
  const email = `markup-${Date.now()}@test.portal`;
  const created = await call(app, 'POST', '/api/users/create', await tokenFor(1), {
    user: { email, name: { firstName: '<script>', lastName: 'X' }, role: 4 },
  });
  assert.equal(created.status, 400, JSON.stringify(created.json));
  assert.equal(created.json.message, nameInvalidMessage('Contact Name'));
  assert.equal(await User.countDocuments({ email }), 0);
  const long = await call(app, 'POST', '/api/users/update', token, {
    user: { email: fresh.email, name: { firstName: `<${'x'.repeat(200)}` } },
  });
  assert.equal(long.json.message, Messages.fieldTooLong('Contact Name', 100), 'length is checked first');
});

test('bodies are not coerced: a string is not a boolean, a number is not a name (400, nothing written)', async () => {
  const before = await User.findOne({ email: fresh.email }).lean();
  for (const user of [
    { email: fresh.email, alerts: { email: 'false' } },
    { email: fresh.email, name: { firstName: 123 } },
    { email: fresh.email, company: { licenseNumbers: 'C11-0000101-LIC' } },
  ]) {
    const res = await call(app, 'POST', '/api/users/update', token, { user });
    assert.equal(res.status, 400, JSON.stringify(user));
  }
  const after = await User.findOne({ email: fresh.email }).lean();
  assert.equal(after?.alerts?.email, before?.alerts?.email);
  assert.equal(after?.updatedAt?.getTime(), before?.updatedAt?.getTime());
});

test('a user may not set admin-only fields on themselves (403, nothing written)', async () => {
  for (const extra of [{ verified: true }, { sameDayPickup: true }, { role: 1 }, { publicOrders: 'on' }]) {
    const res = await call(app, 'POST', '/api/users/update', token, {
      user: { email: fresh.email, ...extra },
    });
    assert.equal(res.status, 403, JSON.stringify(extra));
  }
  const stored = await User.findOne({ email: fresh.email }).lean();
  assert.equal(stored?.verified, false);
  assert.equal(stored?.role, 4);
});

test('first complete save: under-review message, hasSentEmail, accounts.user.applied published once', async () => {
  const applied = await listen(app, Subjects.userApplied);
  try {
    const first = await save(completeCompany(lic));
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.equal(first.json.message, Messages.underReview);
    assert.equal(first.json.user.hasSentEmail, true);
    assert.equal(first.json.user.company['License #'], lic);
    const ev = await waitFor(() =>
      applied.events.find((e) => (e.data as { email: string }).email === fresh.email),
    );
    assert.deepEqual((ev.data as { recipients: string[] }).recipients, (await readConfig()).signupEmails);
    assert.equal((ev.data as { licenseNumber: string }).licenseNumber, lic);

    const second = await save({ phone: '(916) 555-0100' });
    assert.equal(second.status, 200, JSON.stringify(second.json));
    assert.equal(second.json.message, Messages.profileUpdated);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(applied.events.filter((e) => (e.data as { email: string }).email === fresh.email).length, 1);
  } finally {
    applied.stop();
  }
});

test('only an admin (or a brand-new user) changes the licence number', async () => {
  const other = (await LicenceRecord.findOne({ 'License #': { $ne: lic } }).lean())!;
  const res = await save({ 'License #': other['License #'] });
  assert.equal(res.status, 403);
  assert.equal((await User.findOne({ email: fresh.email }).lean())?.company?.['License #'], lic);
  const admin = await tokenFor(1);
  const byAdmin = await call(app, 'POST', '/api/users/update', admin, {
    user: { email: fresh.email, company: { 'License #': lic, phone: '(916) 555-0101' } },
  });
  assert.equal(byAdmin.status, 200, JSON.stringify(byAdmin.json));
  assert.equal(byAdmin.json.message, Messages.profileUpdated);
});

test('unknown body properties are never written (no mass assignment of sub, hasSentEmail, _outbox)', async () => {
  const before = await User.findOne({ email: fresh.email }).lean();
  const res = await call(app, 'POST', '/api/users/update', token, {
    user: {
      email: fresh.email,
      name: { firstName: 'Mass', evil: 1 },
      sub: 'someone-else',
      hasSentEmail: false,
      isActive: false,
      _outbox: [{ id: 'x', subject: 'accounts.user.verified', data: {} }],
      company: { Licensee: 'Test Holdings LLC', hacked: true },
    },
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const after = (await User.findOne({ email: fresh.email }).lean()) as Record<string, unknown> &
    typeof before;
  assert.equal(after?.sub, before?.sub);
  assert.equal(after?.hasSentEmail, before?.hasSentEmail);
  assert.equal(after?.isActive, before?.isActive);
  assert.equal((after?.name as Record<string, unknown>).evil, undefined);
  assert.equal((after?.company as Record<string, unknown>).hacked, undefined);
  assert.ok(!((after?._outbox as { id: string }[] | undefined) ?? []).some((e) => e.id === 'x'));
});

// after the first complete save (hasSentEmail), so these saves send no application notice
test('accounts §5 phone rule: the spec shape is accepted and stored as E.164 where it can be (contracts parsePhone)', async () => {
  for (const [typed, stored] of [
    ['+1 555 123 4567', '+15551234567'],
    ['(760) 555-0100', '+17605550100'],
    ['(916) 555-0199', '+19165550199'],
    ['123-456-7890', '123-456-7890'], // the spec's 3+3+4 that no numbering plan knows: kept as typed
  ]) {
    const res = await save({ ...completeCompany(lic), phone: typed });
    assert.equal(res.status, 200, `${typed}: ${JSON.stringify(res.json)}`);
    assert.equal(res.json.user.company.phone, stored);
    assert.equal((await User.findOne({ email: fresh.email }).lean())?.company?.phone, stored);
  }
  for (const bad of ['555-0199', '(916) 555-01', 'phone', '+1 (760) 555-0100', '9'.repeat(40)]) {
    const res = await save({ ...completeCompany(lic), phone: bad });
    assert.equal(res.status, 400, bad);
    assert.equal(res.json.message, Messages.phoneInvalid);
  }
});
