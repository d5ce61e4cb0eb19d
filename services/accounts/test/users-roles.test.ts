import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { call, startApp, uniqueEmail } from './helpers.js';

const OWN = 'C11-0000101-LIC'; // accountadmin@demo.portal's company
let app: FastifyInstance;
let acct: string; // role 3
let std: string; // role 4 (user@demo.portal, another company)
let admin: string;
let colleague: { _id: unknown; email: string };
let outsider: { _id: unknown; email: string };
before(async () => {
  app = await startApp();
  await seed();
  [acct, std, admin] = await Promise.all([tokenFor(3), tokenFor(4), tokenFor(1)]);
  const company = (lic: string) => ({ 'License #': lic, Licensee: 'X LLC', DBA: 'X', licenseNumbers: [lic] });
  colleague = (
    await User.create({ email: uniqueEmail('colleague'), role: 4, verified: false, company: company(OWN) })
  ).toObject();
  outsider = (
    await User.create({
      email: uniqueEmail('outsider'),
      role: 4,
      verified: false,
      company: company('C10-0000202-LIC'),
    })
  ).toObject();
});
after(async () => {
  await User.deleteMany({ email: { $in: [colleague.email, outsider.email] } });
  await app.close();
});

test("role 3 lists only their own company's users", async () => {
  for (const res of [
    await call(app, 'GET', '/api/users', acct),
    await call(app, 'POST', '/api/users', acct, { where: {} }),
  ]) {
    assert.equal(res.status, 200);
    const emails: string[] = res.json.data.users.map((u: { email: string }) => u.email);
    assert.ok(emails.includes('accountadmin@demo.portal'));
    assert.ok(emails.includes(colleague.email));
    assert.ok(!emails.includes(outsider.email));
    assert.ok(!emails.includes('admin@demo.portal'));
    for (const u of res.json.data.users) {
      const lics = [u.company?.['License #'], ...(u.company?.licenseNumbers ?? [])];
      assert.ok(lics.includes(OWN), u.email);
    }
  }
  // role 4: their own company too (read-only), never the other company's users
  const me = (await User.findOne({ email: 'user@demo.portal' }).lean())!;
  const mine = [me.company?.['License #'], ...(me.company?.licenseNumbers ?? [])].filter(Boolean);
  const std4 = await call(app, 'GET', '/api/users', std);
  assert.equal(std4.status, 200);
  assert.ok(std4.json.data.users.some((u: { email: string }) => u.email === 'user@demo.portal'));
  for (const u of std4.json.data.users) {
    if (u.email !== 'user@demo.portal') {
      // a colleague as role 4 sees them: who they are, not their profile
      assert.deepEqual(
        Object.keys(u).sort(),
        ['email', 'id', 'name', 'role', 'verified'].filter((k) => k in u),
      );
      continue;
    }
    const lics = [u.company?.['License #'], ...(u.company?.licenseNumbers ?? [])];
    assert.ok(
      lics.some((l) => mine.includes(l)),
      u.email,
    );
  }
  assert.equal((await call(app, 'GET', '/api/users', await tokenFor(2))).status, 403);
  const all = await call(app, 'GET', '/api/users', admin);
  assert.ok(all.json.data.users.some((u: { email: string }) => u.email === outsider.email));
});

test('where: search and verified filter', async () => {
  const res = await call(app, 'POST', '/api/users', admin, {
    where: { search: outsider.email.slice(0, 20), verified: 'false' },
  });
  assert.equal(res.status, 200);
  assert.ok(res.json.data.users.some((u: { email: string }) => u.email === outsider.email));
  assert.ok(res.json.data.users.every((u: { verified: unknown }) => u.verified !== true));
});

test("role 3 cannot see or edit another company's user (404) and sees their colleague", async () => {
  assert.equal(
    (await call(app, 'GET', `/api/users/${encodeURIComponent(outsider.email)}`, acct)).status,
    404,
  );
  const edit = await call(app, 'POST', '/api/users/update', acct, {
    user: { email: outsider.email, name: { firstName: 'Hacked' } },
  });
  assert.equal(edit.status, 404);
  const seen = await call(app, 'GET', `/api/users/${encodeURIComponent(colleague.email)}`, acct);
  assert.equal(seen.status, 200);
  assert.equal(seen.json.user.email, colleague.email);
  assert.equal(
    (await call(app, 'GET', `/api/users/${encodeURIComponent(colleague.email)}`, std)).status,
    404,
  );
  assert.equal((await User.findById(outsider._id).lean())?.name?.firstName, undefined);
});

test('role 3 cannot set verified nor assign role 1 (403, nothing written); may assign role 3', async () => {
  const verify = await call(app, 'POST', '/api/users/update', acct, {
    user: { email: colleague.email, verified: true },
  });
  assert.equal(verify.status, 403);
  assert.equal(verify.json.message, Messages.forbidden);
  const promote = await call(app, 'POST', '/api/users/update', acct, {
    user: { email: colleague.email, role: 1 },
  });
  assert.equal(promote.status, 403);
  const stored = await User.findById(colleague._id).lean();
  assert.equal(stored?.verified, false);
  assert.equal(stored?.role, 4);
  const ok = await call(app, 'POST', '/api/users/update', acct, {
    user: { email: colleague.email, role: 3 },
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal(ok.json.user.role, 3);
});

test('a role 4 colleague is read-only: cannot edit their company admin', async () => {
  const t = await call(app, 'POST', '/api/users/update', std, {
    user: { email: 'accountadmin@demo.portal', name: { firstName: 'X' } },
  });
  assert.ok([403, 404].includes(t.status));
});

test('licensenumber lookup and attached accounts', async () => {
  // Another company's licence: exists, not yours, no emails.
  const foreign = await call(app, 'GET', `/api/users/licensenumber/${OWN}`, std);
  assert.equal(foreign.status, 200);
  assert.deepEqual(foreign.json.data, { exists: true, yours: false, users: [] });
  const lk = await call(app, 'GET', `/api/users/licensenumber/${OWN.toLowerCase()}`, acct);
  assert.equal(lk.status, 200);
  assert.equal(lk.json.data.yours, true);
  const found = lk.json.data.users.find((u: { email: string }) => u.email === colleague.email);
  assert.ok(found);
  assert.deepEqual(
    Object.keys(found).sort(),
    ['alerts', 'email', 'name'].filter((k) => k !== 'name' || found.name),
  );
  const att = await call(app, 'GET', '/api/users/accountadmin@demo.portal/attached', admin);
  assert.equal(att.status, 200);
  const emails = att.json.data.users.map((u: { email: string }) => u.email);
  assert.ok(
    emails.includes(colleague.email) &&
      !emails.includes('accountadmin@demo.portal') &&
      !emails.includes(outsider.email),
  );
});

test('bulk "Set all suspended" (staff only)', async () => {
  const body = {
    users: [
      { email: colleague.email, verified: 'suspended' },
      { email: outsider.email, verified: 'suspended' },
    ],
  };
  assert.equal((await call(app, 'POST', '/api/users/update', acct, body)).status, 403);
  assert.equal((await User.findById(colleague._id).lean())?.verified, false);
  const res = await call(app, 'POST', '/api/users/update', admin, body);
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.ok(res.json.users.every((u: { verified: unknown }) => u.verified === 'suspended'));
});

test('role hierarchy on the bulk path: an admin cannot suspend a superadmin (403, nothing written)', async () => {
  const top = (await User.create({ email: uniqueEmail('super'), role: 0, verified: true })).toObject();
  try {
    const body = {
      users: [
        { email: colleague.email, verified: 'suspended' },
        { email: top.email, verified: 'suspended' },
      ],
    };
    const res = await call(app, 'POST', '/api/users/update', admin, body);
    assert.equal(res.status, 403, JSON.stringify(res.json));
    assert.equal((await User.findById(top._id).lean())?.verified, true);
    const single = await call(app, 'POST', '/api/users/update', admin, {
      user: { email: top.email, verified: 'suspended' },
    });
    assert.equal(single.status, 403);
    assert.equal((await User.findById(top._id).lean())?.verified, true);
  } finally {
    await User.deleteOne({ _id: top._id });
  }
});

test('answers never leak internals', async () => {
  const res = await call(app, 'GET', `/api/users/${encodeURIComponent(colleague.email)}`, admin);
  assert.equal(res.json.user._outbox, undefined);
  assert.equal(res.json.user.__v, undefined);
  assert.equal(res.json.user._id, undefined);
});

test('accounts §7 POST /users/token: removed (Keycloak issues every token; see README Decisions)', async () => {
  assert.equal((await call(app, 'POST', '/api/users/token', admin, {})).status, 404);
});
