// Create Account (staff): the Verified Status chosen is the one stored, and the kit's verified marker follows it; a
// licence number without a licence record is refused (it would otherwise become a company, a vendor in billing,
// that does not exist), with nothing created.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AccountState, Messages, Role } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { call, startApp, uniqueEmail } from './helpers.js';
import { kcOf } from './users-fixtures.js';

let app: FastifyInstance;
let admin: string;
let acct: string;
const created: string[] = [];
before(async () => {
  app = await startApp();
  await seed();
  [admin, acct] = await Promise.all([tokenFor(Role.Admin), tokenFor(Role.AccountAdmin)]);
});
after(async () => {
  for (const email of created) {
    const id = await kcOf(app).findUserId(email);
    if (id) await kcOf(app).deleteUser(id);
    await User.deleteOne({ email });
  }
  await app.close();
});

const company = (lic: string) => ({
  Licensee: 'Made Co LLC',
  DBA: 'Made Co',
  phone: '(555) 987-6543',
  'Street Address': '1 Main St',
  billingContactName: 'Bill Payer',
  billingContactEmail: 'billing@made.test',
  billingAddress: '1 Main St',
  'License #': lic,
});

test('staff create: the chosen Verified Status is stored, and the verified marker follows it', async () => {
  for (const verified of [AccountState.Verified, AccountState.Pending, AccountState.Suspended]) {
    const email = uniqueEmail(`made-${String(verified)}`);
    created.push(email);
    const res = await call(app, 'POST', '/api/users/create', admin, {
      user: { email, role: Role.User, verified, name: { firstName: 'Made', lastName: 'User' } },
    });
    assert.equal(res.status, 201, JSON.stringify(res.json));
    assert.equal(res.json.user.verified, verified);
    assert.equal((await User.findOne({ email }).lean())?.verified, verified);
    const sub = (await kcOf(app).findUserId(email))!;
    const state = await app.userState.read(sub);
    assert.equal(state.verified, verified === AccountState.Verified, `marker for ${String(verified)}`);
  }
  // not chosen: staff made it, so staff reviewed it
  const email = uniqueEmail('made-default');
  created.push(email);
  const res = await call(app, 'POST', '/api/users/create', admin, { user: { email, role: Role.Driver } });
  assert.equal(res.json.user.verified, true);
});

test('a company admin may not choose the state of the account they create', async () => {
  const email = uniqueEmail('acct-verified');
  const res = await call(app, 'POST', '/api/users/create', acct, { user: { email, verified: true } });
  assert.equal(res.status, 403);
  assert.equal(await User.countDocuments({ email }), 0);
});

test('a licence number without a record is refused (400, the sign-up message); a known one is spelled as its record', async () => {
  const email = uniqueEmail('made-badlic');
  const bad = await call(app, 'POST', '/api/users/create', admin, {
    user: { email, name: { firstName: 'No', lastName: 'Licence' }, company: company('NOPE-0000000-LIC') },
  });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, Messages.invalidLicence);
  const extra = await call(app, 'POST', '/api/users/create', admin, {
    user: {
      email,
      name: { firstName: 'No', lastName: 'Licence' },
      company: { ...company('C11-0000101-LIC'), licenseNumbers: ['C11-0000101-LIC', 'NOPE-1'] },
    },
  });
  assert.equal(extra.status, 400);
  assert.equal(extra.json.message, Messages.invalidLicence);
  assert.equal(await User.countDocuments({ email }), 0);
  assert.equal(await kcOf(app).findUserId(email), undefined, 'no Keycloak user left behind');

  created.push(email);
  const ok = await call(app, 'POST', '/api/users/create', admin, {
    user: { email, name: { firstName: 'Known', lastName: 'Licence' }, company: company('c11-0000101-lic') },
  });
  assert.equal(ok.status, 201, JSON.stringify(ok.json));
  assert.equal(ok.json.user.company['License #'], 'C11-0000101-LIC');
});

test('staff editing an account: a new licence number without a record is refused, the stored one may stay', async () => {
  const email = uniqueEmail('edit-badlic');
  created.push(email);
  const made = await call(app, 'POST', '/api/users/create', admin, {
    user: { email, name: { firstName: 'Edit', lastName: 'Licence' }, company: company('C11-0000101-LIC') },
  });
  assert.equal(made.status, 201, JSON.stringify(made.json));
  const bad = await call(app, 'POST', '/api/users/update', admin, {
    user: { email, company: { 'License #': 'NOPE-0000001-LIC' } },
  });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, Messages.invalidLicence);
  assert.equal((await User.findOne({ email }).lean())?.company?.['License #'], 'C11-0000101-LIC');
  const same = await call(app, 'POST', '/api/users/update', admin, {
    user: { email, company: { ...company('C11-0000101-LIC'), DBA: 'Made Co Two' } },
  });
  assert.equal(same.status, 200, JSON.stringify(same.json));
});
