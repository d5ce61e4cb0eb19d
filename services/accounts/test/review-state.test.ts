import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AccountState, Messages } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { User } from '../src/models/user.js';
import { syncUserStates } from '../src/domain/sessions.js';
import { call, startApp } from './helpers.js';
import { completeCompany, kcUser } from './users-fixtures.js';

/**
 * Staff review (the spec: "reviewed and verified by staff before they are fully active"): accounts is the only
 * writer of the kit's "verified" marker, which every service's auth reads. A user without it may use only the
 * profile's routes; staff verifying the account lets it in everywhere at once, and taking it back locks it out.
 */
let app: FastifyInstance;
let admin: string;
const LIC = `REVIEW-${Date.now()}-LIC`;
before(async () => {
  app = await startApp();
  admin = await tokenFor(1);
});
after(() => app.close());

const verifiedMark = async (sub: string) => (await app.userState.read(sub)).verified;

test('under review: the profile answers, the rest refuses with the under-review message; staff verify → in', async () => {
  const u = await kcUser(app, 'review', {
    verified: AccountState.Pending,
    profile: { company: completeCompany(LIC) },
  });
  const mate = await kcUser(app, 'review-mate', { profile: { company: completeCompany(LIC) } });
  try {
    const token = await u.token();
    assert.equal(await verifiedMark(u.sub), false);
    const me = await call(app, 'GET', '/api/users/me', token);
    assert.equal(me.status, 200);
    assert.equal(me.json.user.verified, false);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users/invites'],
      ['POST', '/api/users/delete'],
    ] as const) {
      const res = await call(app, method, url, token, method === 'GET' ? undefined : {});
      assert.equal(res.status, 403, `${method} ${url}`);
      assert.equal(res.json.message, Messages.underReview, `${method} ${url}`);
    }
    // the profile save is open, for the user's own profile only (not a colleague's)
    const own = await call(app, 'POST', '/api/users/update', token, {
      user: { email: u.email, name: { firstName: 'Rev', lastName: 'Iew' } },
    });
    assert.equal(own.status, 200, JSON.stringify(own.json));
    const colleague = await call(app, 'POST', '/api/users/update', token, {
      user: { email: mate.email, name: { firstName: 'Hacked', lastName: 'Name' } },
    });
    assert.equal(colleague.status, 403);
    assert.equal(colleague.json.message, Messages.underReview);
    assert.equal((await User.findOne({ email: mate.email }).lean())?.name?.firstName, 'Test');

    // staff verify: the marker is written and the same token is let in at once
    const ok = await call(app, 'POST', '/api/users/update', admin, {
      user: { email: u.email, verified: true },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal(await verifiedMark(u.sub), true);
    assert.equal((await call(app, 'GET', '/api/users', token)).status, 200);
    // staff take it back (pending again): refused again at once
    await call(app, 'POST', '/api/users/update', admin, { user: { email: u.email, verified: false } });
    assert.equal(await verifiedMark(u.sub), false);
    const again = await call(app, 'GET', '/api/users', token);
    assert.equal(again.json.message, Messages.underReview);
  } finally {
    await u.cleanup();
    await mate.cleanup();
  }
});

test('suspension removes the marker (the suspension message, not the review one); "set all verified" writes it', async () => {
  const a = await kcUser(app, 'bulk-a', { profile: { company: completeCompany(LIC) } });
  const b = await kcUser(app, 'bulk-b', {
    verified: AccountState.Pending,
    profile: { company: completeCompany(LIC) },
  });
  try {
    const suspend = await call(app, 'POST', '/api/users/update', admin, {
      users: [a.email, b.email].map((email) => ({ email, verified: AccountState.Suspended })),
    });
    assert.equal(suspend.status, 200, JSON.stringify(suspend.json));
    assert.equal(await verifiedMark(a.sub), false);
    const state = await app.userState.read(a.sub);
    assert.equal(state.suspended, true);
    const all = await call(app, 'POST', '/api/users/update', admin, {
      users: [a.email, b.email].map((email) => ({ email, verified: AccountState.Verified })),
    });
    assert.equal(all.status, 200, JSON.stringify(all.json));
    assert.deepEqual([await verifiedMark(a.sub), await verifiedMark(b.sub)], [true, true]);
    assert.equal((await app.userState.read(b.sub)).suspended, false);
  } finally {
    await a.cleanup();
    await b.cleanup();
  }
});

test('a verified profile written before its first sign-in (seed, staff) gets its marker when linked to its sub', async () => {
  const u = await kcUser(app, 'link');
  try {
    // as the seed writes it: verified, no sub yet, and no marker in Redis
    await User.updateOne({ email: u.email }, { $unset: { sub: 1 } });
    await app.userState.setVerified(u.sub, false);
    const me = await call(app, 'GET', '/api/users/me', await u.token());
    assert.equal(me.status, 200);
    assert.equal(me.json.user.verified, true);
    assert.equal(await verifiedMark(u.sub), true);
  } finally {
    await u.cleanup();
  }
});

test('the restore writes every verified profile’s marker again (Redis lost its state), and adds no other', async () => {
  const v = await kcUser(app, 'restore-v');
  const p = await kcUser(app, 'restore-p', { verified: AccountState.Pending });
  try {
    await app.userState.setVerified(v.sub, false);
    const synced = await syncUserStates(app);
    assert.ok(synced.verified >= 1);
    assert.equal(await verifiedMark(v.sub), true);
    assert.equal(await verifiedMark(p.sub), false);
  } finally {
    await v.cleanup();
    await p.cleanup();
  }
});

test('the markers are written again when accounts’ Redis connection comes back (a restarted Redis is empty)', async () => {
  const v = await kcUser(app, 'reconnect');
  try {
    await app.userState.setVerified(v.sub, false); // as lost with a Redis restart
    app.redis.disconnect(true); // the connection drops and comes back
    await waitFor(async () => (await app.redis.exists(`portal:verified:${v.sub}`)) === 1, 15_000);
  } finally {
    await v.cleanup();
  }
});
