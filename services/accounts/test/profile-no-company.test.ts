// Staff and drivers have no company: their profile needs a contact name, not company name, DBA or phone, and saving
// it (a driver's signature) never tells a verified account it is "under review" nor mails staff an application.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AccountState, Messages, Role, Subjects } from '@portal/contracts';
import { User } from '../src/models/user.js';
import { profileError } from '../src/domain/profiles.js';
import { call, listen, startApp } from './helpers.js';
import { completeCompany, kcUser } from './users-fixtures.js';

let app: FastifyInstance;
const cleanups: (() => Promise<void>)[] = [];
before(async () => {
  app = await startApp();
});
after(async () => {
  for (const c of cleanups) await c();
  await app.close();
});

const SIGNATURE = { image: '/api/utils/uploads/signature/test.png', name: 'Dan Driver', date: '2026-11-27' };

test('profile rules: company name, DBA and phone are required of company users only', () => {
  const name = { firstName: 'Dan', lastName: 'Driver' };
  for (const role of [Role.SuperAdmin, Role.Admin, Role.Driver])
    assert.equal(profileError({ name, company: {} }, role, true), undefined, `role ${role}`);
  assert.equal(profileError({ company: {} }, Role.Driver, true), Messages.fieldRequired('Contact Name'));
  // given, they are still checked
  assert.equal(profileError({ name, company: { phone: '12' } }, Role.Driver, true), Messages.phoneInvalid);
  assert.equal(profileError({ name, company: {} }, Role.User, true), Messages.fieldRequired('Company Name'));
  assert.equal(profileError({ name, company: completeCompany('L-1') }, Role.User, true), undefined);
});

for (const [role, tag] of [
  [Role.Driver, 'driver'],
  [Role.Admin, 'staff'],
] as const) {
  test(`a verified ${tag} saves name and signature only: 200 "updated", still verified, no application`, async () => {
    const u = await kcUser(app, `nocompany-${tag}`, { role });
    cleanups.push(u.cleanup);
    const applied = await listen(app, Subjects.userApplied);
    try {
      const res = await call(app, 'POST', '/api/users/update', await u.token(), {
        user: {
          email: u.email,
          name: { firstName: 'Dan', lastName: 'Driver' },
          alerts: { email: true },
          signature: SIGNATURE,
        },
      });
      assert.equal(res.status, 200, JSON.stringify(res.json));
      assert.equal(res.json.message, Messages.profileUpdated);
      assert.equal(res.json.user.verified, true);
      assert.equal(res.json.user.signature.image, SIGNATURE.image);
      // what the form once forced on him: company name, DBA and phone filled in, a complete profile
      const filled = await call(app, 'POST', '/api/users/update', await u.token(), {
        user: {
          email: u.email,
          name: { firstName: 'Dan', lastName: 'Driver' },
          company: { Licensee: 'Portal Fleet', DBA: 'Fleet', phone: '(916) 555-0142' },
          signature: SIGNATURE,
        },
      });
      assert.equal(filled.status, 200, JSON.stringify(filled.json));
      assert.equal(filled.json.message, Messages.profileUpdated);
      const stored = await User.findOne({ email: u.email }).lean();
      assert.equal(stored?.verified, true);
      assert.equal(stored?.hasSentEmail, false);
      await new Promise((r) => setTimeout(r, 1500));
      assert.deepEqual(
        applied.events.filter((e) => (e.data as { email: string }).email === u.email),
        [],
        'no application mailed to staff',
      );
    } finally {
      applied.stop();
    }
  });
}

test('a verified company user completing the profile is not told "under review" either', async () => {
  const lic = 'C10-0000202-LIC'; // the demo user's company: this user is its colleague
  const u = await kcUser(app, 'nocompany-verified-user', {
    role: Role.User,
    verified: AccountState.Verified,
    profile: { company: { 'License #': lic, licenseNumbers: [lic] } },
  });
  cleanups.push(u.cleanup);
  const res = await call(app, 'POST', '/api/users/update', await u.token(), {
    user: {
      email: u.email,
      name: { firstName: 'Vera', lastName: 'Fied' },
      company: completeCompany(lic),
    },
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.json.message, Messages.profileUpdated);
});
