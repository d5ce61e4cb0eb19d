import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages, Subjects } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { call, listen, startApp, uniqueEmail } from './helpers.js';

let app: FastifyInstance;
let admin: string;
let user: string;
before(async () => {
  app = await startApp();
  await seed();
  admin = await tokenFor(1);
  user = await tokenFor(4);
});
after(() => app.close());

const newUser = (tag: string, fields: Record<string, unknown> = {}) =>
  User.create({
    email: uniqueEmail(tag),
    name: { firstName: 'Test', lastName: tag },
    verified: false,
    ...fields,
  });

test('the seed made the five demo profiles with their roles (and user@ left for the verification walk)', async () => {
  await seed(); // idempotent: a second run creates nothing
  const res = await call(app, 'GET', '/api/users', admin);
  assert.equal(res.status, 200);
  const byEmail = new Map(res.json.data.users.map((u: { email: string }) => [u.email, u]));
  ['superadmin', 'admin', 'driver', 'accountadmin', 'user'].forEach((n, role) => {
    const u = byEmail.get(`${n}@demo.portal`) as { role: number } | undefined;
    assert.equal(u?.role, role, n);
  });
  assert.equal(await User.countDocuments({ email: 'admin@demo.portal' }), 1);
  assert.ok((await User.countDocuments({ 'company.License #': { $exists: true } })) >= 10);
});

test('POST /api/users filters by where, ignoring operators and unknown fields', async () => {
  const res = await call(app, 'POST', '/api/users', admin, { where: { role: 3, password: 'x' } });
  assert.equal(res.status, 200);
  assert.ok(res.json.data.users.length >= 1);
  assert.ok(res.json.data.users.every((u: { role: number }) => u.role === 3));
  const op = await call(app, 'POST', '/api/users', admin, { where: { email: { $ne: null } } });
  assert.equal(op.status, 400);
});

test('staff set verified: stored, and accounts.user.verified + updated are published from the outbox', async () => {
  const target = await newUser('verify');
  const verified = await listen(app, Subjects.userVerified);
  const updated = await listen(app, Subjects.userUpdated);
  try {
    const res = await call(app, 'POST', '/api/users/update', admin, {
      user: { id: String(target._id), verified: true },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.user.verified, true);
    const ev = await waitFor(
      () => verified.events.find((e) => (e.data as { email: string }).email === target.email),
      10_000,
    );
    assert.equal(ev.type, Subjects.userVerified);
    assert.deepEqual(ev.data, { userId: String(target._id), email: target.email, name: `Test verify` });
    await waitFor(
      () => updated.events.find((e) => (e.data as { email: string }).email === target.email),
      10_000,
    );
    const stored = await waitFor(async () => {
      const d = await User.findById(target._id).lean();
      return d && (d as { _outbox?: unknown[] })._outbox?.length === 0 ? d : undefined;
    }, 10_000);
    assert.equal(stored.verified, true);
    // setting it again (true → true) is not a new verification
    const again = await call(app, 'POST', '/api/users/update', admin, {
      user: { email: target.email, verified: true },
    });
    assert.equal(again.status, 200);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(
      verified.events.filter((e) => (e.data as { email: string }).email === target.email).length,
      1,
    );
  } finally {
    verified.stop();
    updated.stop();
  }
});

test('staff suspend a user: accounts.user.suspended is published', async () => {
  const target = await newUser('suspend', { verified: true });
  const suspended = await listen(app, Subjects.userSuspended);
  try {
    const res = await call(app, 'POST', '/api/users/update', admin, {
      user: { email: target.email, verified: 'suspended' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.json.user.verified, 'suspended');
    const ev = await waitFor(
      () => suspended.events.find((e) => (e.data as { email: string }).email === target.email),
      10_000,
    );
    assert.equal((ev.data as { verified: unknown }).verified, 'suspended');
  } finally {
    suspended.stop();
  }
});

test('bad input is a 400 with the message, and nothing is written', async () => {
  const target = await newUser('bad');
  const res = await call(app, 'POST', '/api/users/update', admin, {
    user: { id: String(target._id), verified: 'yes' },
  });
  assert.equal(res.status, 400);
  assert.ok(res.json.message);
  const noUser = await call(app, 'POST', '/api/users/update', admin, {});
  assert.equal(noUser.status, 400);
  const stored = await User.findById(target._id).lean();
  assert.equal(stored?.verified, false);
  assert.equal(stored?.updatedAt?.getTime(), target.updatedAt.getTime());
});

test('a standard user may not verify anyone (nothing written) and may edit only their own name/alerts', async () => {
  const target = await newUser('self');
  // another company's user is not visible to them at all: 404, as if it did not exist
  const forbidden = await call(app, 'POST', '/api/users/update', user, {
    user: { id: String(target._id), verified: true },
  });
  assert.equal(forbidden.status, 404);
  const otherName = await call(app, 'POST', '/api/users/update', user, {
    user: { id: String(target._id), name: { firstName: 'X' } },
  });
  assert.equal(otherName.status, 404);
  assert.equal((await User.findById(target._id).lean())?.verified, false);
  assert.equal((await User.findById(target._id).lean())?.name?.firstName, 'Test');

  const selfVerify = await call(app, 'POST', '/api/users/update', user, {
    user: { email: 'user@demo.portal', verified: true },
  });
  assert.equal(selfVerify.status, 403);
  assert.equal(selfVerify.json.message, Messages.forbidden);
  const own = await call(app, 'POST', '/api/users/update', user, {
    user: { email: 'user@demo.portal', name: { lastName: 'User' }, alerts: { email: false } },
  });
  assert.equal(own.status, 200, JSON.stringify(own.json));
  assert.equal(own.json.user.alerts.email, false);
  assert.equal(own.json.user.name.firstName, 'Uma'); // merged, not replaced
  await call(app, 'POST', '/api/users/update', user, {
    user: { email: 'user@demo.portal', alerts: { email: true } },
  });
});

test('an unknown user is a 404 for staff', async () => {
  const res = await call(app, 'POST', '/api/users/update', admin, {
    user: { id: '0123456789abcdef01234567', verified: true },
  });
  assert.equal(res.status, 404);
});

test('a standard user (4) sees who their colleagues are, not their profiles', async () => {
  const me = (await User.findOne({ email: 'user@demo.portal' }).lean())!;
  const lic = me.company?.['License #'];
  assert.ok(lic, 'user@demo.portal has a company');
  const mate = await newUser('mate', {
    role: 3,
    company: { ...me.company, billingContactEmail: 'secret-billing@x.example', phone: '(916) 555-0123' },
    signature: { image: 'https://x.example/sig.png', name: 'Mate', date: '2026-01-01' },
    publicOrdersToken: 'mate-public-orders-token',
    data: { notification: { qbMismatch: true } },
  });
  try {
    const list = await call(app, 'GET', '/api/users', user);
    assert.equal(list.status, 200);
    const seen = list.json.data.users.find((u: { email: string }) => u.email === mate.email);
    assert.deepEqual(seen, {
      id: String(mate._id),
      email: mate.email,
      name: { firstName: 'Test', lastName: 'mate' },
      role: 3,
      verified: false,
    });
    const self = list.json.data.users.find((u: { email: string }) => u.email === 'user@demo.portal');
    assert.equal(self.company['License #'], lic, 'their own profile in full');
    const one = await call(app, 'GET', `/api/users/${encodeURIComponent(mate.email)}`, user);
    assert.equal(one.status, 200);
    assert.ok(!JSON.stringify(one.json).includes('secret-billing'));
    assert.ok(!JSON.stringify(one.json).includes('mate-public-orders-token'), 'nor the public orders link');
    assert.equal(one.json.user.company, undefined);
    // staff still see the whole profile
    const full = await call(app, 'GET', `/api/users/${encodeURIComponent(mate.email)}`, admin);
    assert.equal(full.json.user.company.billingContactEmail, 'secret-billing@x.example');
  } finally {
    await User.deleteOne({ _id: mate._id });
  }
});

test('ReDoS: a 900 KB invite address is refused at once (400), not after minutes of regex', async () => {
  const t0 = Date.now();
  const res = await call(app, 'POST', '/api/users/invite', admin, {
    user: { email: `a@${'a'.repeat(900 * 1024)}` },
  });
  assert.equal(res.status, 400);
  assert.equal(res.json.message, Messages.inviteEmailInvalid);
  // a valid-looking address the SMTP path cannot deliver to (65-character local part) is refused up front too
  const smtp = await call(app, 'POST', '/api/users/invite', admin, {
    user: { email: `${'a'.repeat(65)}@x.io` },
  });
  assert.equal(smtp.status, 400);
  assert.ok(Date.now() - t0 < 2000, `${Date.now() - t0} ms`);
});
