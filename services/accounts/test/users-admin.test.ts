import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages, Subjects } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { openSealed } from '@portal/service-kit';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { KeycloakClient } from '../src/adapters/keycloak/index.js';
import { call, listen, startApp, uniqueEmail } from './helpers.js';
import { signInAs } from './sign-in-support.js';
import { kcOf, kcUser, realmRoles } from './users-fixtures.js';
import { codeIn, mailTo } from './auth-support.js';

let app: FastifyInstance;
let admin: string;
let acct: string;
const created: string[] = [];
before(async () => {
  app = await startApp();
  await seed();
  [admin, acct] = await Promise.all([tokenFor(1), tokenFor(3)]);
});
after(async () => {
  for (const email of created) {
    const id = await kcOf(app).findUserId(email);
    if (id) await kcOf(app).deleteUser(id);
    await User.deleteOne({ email });
  }
  await app.close();
});

test('staff create an account: Keycloak user + profile, 201 and the spec message', async () => {
  const email = uniqueEmail('create');
  created.push(email);
  const reset = await listen(app, Subjects.resetRequested);
  const res = await call(app, 'POST', '/api/users/create', admin, {
    user: { email: email.toUpperCase(), name: { firstName: 'New', lastName: 'Person' }, role: 2 },
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  assert.equal(res.json.message, Messages.accountCreated);
  assert.equal(res.json.user.email, email);
  assert.equal(res.json.user.role, 2);
  // staff made it, so staff reviewed it: verified at once, and every service lets it in (the kit's marker)
  assert.equal(res.json.user.verified, true);
  const sub = await kcOf(app).findUserId(email);
  assert.ok(sub);
  assert.equal((await app.userState.read(sub)).verified, true);
  // a reset code is mailed so the new user sets their own password
  const ev = await waitFor(() => reset.events.find((e) => (e.data as { email: string }).email === email));
  // ...sealed: the event on the stream holds no code in clear, only notifications can open it
  const sealed = (ev.data as { sealedCode: string }).sealedCode;
  const code = openSealed(sealed, { context: email });
  assert.match(code, /^\d{6}$/);
  assert.ok(!JSON.stringify(ev).includes(code), 'the code is not in the event in clear');
  reset.stop();
  const dup = await call(app, 'POST', '/api/users/create', admin, { user: { email } });
  assert.equal(dup.status, 400);
  assert.equal(dup.json.message, Messages.emailExists);
});

test('a staff-made account gets a welcome mail with a set-password link, not a reset mail', async () => {
  const email = uniqueEmail('welcome');
  created.push(email);
  const started = Date.now();
  const res = await call(app, 'POST', '/api/users/create', admin, { user: { email, role: 4 } });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  const mail = await mailTo(email, 'Your Portal account has been created', started);
  assert.match(mail.text, /An account has been created for you/);
  assert.match(mail.text, new RegExp(`/forgotPasswordSubmit\\?email=${encodeURIComponent(email)}`));
  assert.doesNotMatch(mail.text, /reset/i);
  const code = codeIn(mail);
  const set = await call(app, 'POST', '/api/auth/forgotPasswordSubmit', undefined, {
    email,
    code,
    password: 'Welcome!2345',
  });
  assert.equal(set.status, 200, JSON.stringify(set.json));
  assert.equal((await signInAs(app, email, 'Welcome!2345')).status, 200);
});

test('create: bad email, over-long email, role above the creator — 4xx and nothing created', async () => {
  const bad = await call(app, 'POST', '/api/users/create', admin, { user: { email: 'nope' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.json.message, Messages.invalidEmail);
  const long = await call(app, 'POST', '/api/users/create', admin, {
    user: { email: `${'a'.repeat(60)}@test.portal` },
  });
  assert.equal(long.status, 400);
  assert.equal(long.json.message, Messages.emailTooLong);
  const email = uniqueEmail('toohigh');
  const high = await call(app, 'POST', '/api/users/create', acct, { user: { email, role: 1 } });
  assert.equal(high.status, 403);
  const phone = await call(app, 'POST', '/api/users/create', admin, {
    user: { email, company: { phone: '12' } },
  });
  assert.equal(phone.status, 400);
  assert.equal(phone.json.message, Messages.phoneInvalid);
  assert.equal(await User.countDocuments({ email }), 0);
  assert.equal(await kcOf(app).findUserId(email), undefined);
});

test('a company admin creates users of their own company only', async () => {
  const email = uniqueEmail('acctcreate');
  created.push(email);
  const res = await call(app, 'POST', '/api/users/create', acct, {
    user: { email, company: { 'License #': 'C10-0000202-LIC', licenseNumbers: ['C10-0000202-LIC'] } },
  });
  assert.equal(res.status, 201, JSON.stringify(res.json));
  assert.equal(res.json.user.company['License #'], 'C11-0000101-LIC');
  assert.ok(!res.json.user.company.licenseNumbers.includes('C10-0000202-LIC'));
  // not staff: a new account of the company like an invited one, reviewed by staff before it is active
  assert.equal(res.json.user.verified, false);
  const sub = await kcOf(app).findUserId(email);
  assert.equal((await app.userState.read(sub!)).verified, false);
});

test('a role change also sets the Keycloak realm role', async () => {
  const u = await kcUser(app, 'rolechange');
  try {
    assert.ok(realmRoles(await u.token()).includes('user'));
    const res = await call(app, 'POST', '/api/users/update', admin, { user: { email: u.email, role: 2 } });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const roles = realmRoles(await u.token());
    assert.ok(roles.includes('driver') && !roles.includes('user'), roles.join(','));
    const up = await call(app, 'POST', '/api/users/update', admin, { user: { email: u.email, role: 0 } });
    assert.equal(up.status, 403, 'an admin cannot make a superadmin');
  } finally {
    await u.cleanup();
  }
});

test('a role Keycloak refuses to change: 502 problem, logged, nothing half-changed', async () => {
  // The user's Keycloak account is gone (deleted in the admin console): Keycloak answers the role change with a
  // 404, and the profile must keep its role instead of showing one Keycloak never gave.
  const u = await kcUser(app, 'nomap');
  try {
    await kcOf(app).deleteUser(u.sub);
    const res = await call(app, 'POST', '/api/users/update', await tokenFor(0), {
      user: { email: u.email, role: 3 },
    });
    assert.equal(res.status, 502, JSON.stringify(res.json));
    assert.match(res.json.message, /^Profile update failed: /);
    assert.equal((await User.findOne({ email: u.email }).lean())?.role, 4);
  } finally {
    await u.cleanup();
  }
});

test('the admin role sticks: a superadmin makes a user Admin (group portal-admins), whose fresh token has role 1; back to User drops it', async () => {
  const u = await kcUser(app, 'toadmin');
  try {
    const res = await call(app, 'POST', '/api/users/update', await tokenFor(0), {
      user: { email: u.email, role: 1 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const fresh = await u.token();
    const roles = realmRoles(fresh);
    assert.ok(roles.includes('admin') && !roles.includes('user'), roles.join(','));
    const mine = await call(app, 'GET', '/api/users/me', fresh);
    assert.equal(mine.json.user.role, 1);
    const back = await call(app, 'POST', '/api/users/update', await tokenFor(0), {
      user: { email: u.email, role: 4 },
    });
    assert.equal(back.status, 200, JSON.stringify(back.json));
    const again = realmRoles(await u.token());
    assert.ok(again.includes('user') && !again.includes('admin'), again.join(','));
  } finally {
    await u.cleanup();
  }
});

test('delete: staff any (Keycloak + profile, accounts.user.deleted), others only themselves', async () => {
  const u = await kcUser(app, 'delete');
  const other = await kcUser(app, 'delete-other');
  const deleted = await listen(app, Subjects.userDeleted);
  try {
    const mine = await u.token();
    const notOwn = await call(app, 'POST', '/api/users/delete', mine, { user: { email: other.email } });
    assert.equal(notOwn.status, 403);
    assert.equal(await User.countDocuments({ email: other.email }), 1);
    const byAdmin = await call(app, 'POST', '/api/users/delete', admin, { user: { email: other.email } });
    assert.equal(byAdmin.status, 200);
    assert.equal(byAdmin.json.message, Messages.userDeleted);
    assert.equal(await User.countDocuments({ email: other.email }), 0);
    assert.equal(await kcOf(app).findUserId(other.email), undefined);
    await waitFor(() => deleted.events.find((e) => (e.data as { email: string }).email === other.email));
    const self = await call(app, 'POST', '/api/users/delete', mine, { user: { email: u.email } });
    assert.equal(self.status, 200);
    assert.equal(await kcOf(app).findUserId(u.email), undefined);
    const superadmin = await call(app, 'POST', '/api/users/delete', admin, {
      user: { email: 'superadmin@demo.portal' },
    });
    assert.equal(superadmin.status, 403);
  } finally {
    deleted.stop();
    await u.cleanup();
    await other.cleanup();
  }
});

// accounts §8: the server's text is 'Failed to delete user: …' (the screen wraps it in 'Error deleting user: …!');
// nothing is removed when the identity provider refuses.
test('delete: Keycloak refusing gives 502 "Failed to delete user: …" and the profile stays', async () => {
  const u = await kcUser(app, 'delete-fails');
  // the route's client is the app's own (decorated inside the /api scope): refuse at the class
  const kc = KeycloakClient.prototype;
  const deleteUser = kc.deleteUser;
  kc.deleteUser = () => Promise.reject(new Error('Keycloak is unreachable'));
  try {
    const res = await call(app, 'POST', '/api/users/delete', admin, { user: { email: u.email } });
    assert.equal(res.status, 502, JSON.stringify(res.json));
    assert.equal(res.json.message, Messages.deleteUserFailed('Keycloak is unreachable'));
    assert.equal(res.json.message, 'Failed to delete user: Keycloak is unreachable');
    assert.equal(await User.countDocuments({ email: u.email }), 1);
  } finally {
    kc.deleteUser = deleteUser;
    await u.cleanup();
  }
});
