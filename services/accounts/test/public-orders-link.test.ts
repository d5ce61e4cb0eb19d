// The profile's public orders link: off until the company turns it on; an unguessable token (32 random bytes,
// base64url) made by accounts, regenerated (the old one stops) or turned off; turned on by the company's account admin
// or staff for a verified profile; seen by the owner, the company's account admin and staff; the user events carry
// only its SHA-256, never the token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Messages, Role, Subjects, type EventEnvelope, type UserRefData } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { User } from '../src/models/user.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { call, listen, startApp } from './helpers.js';
import { completeCompany, kcUser } from './users-fixtures.js';

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof kcUser>>;
let mate: Awaited<ReturnType<typeof kcUser>>;
let admin: string;
// One sign-in per user for the whole file: Keycloak's brute-force guard has been seen to lock out a user signed in
// several times within a second (user_temporarily_disabled with no failure before it).
let ownerToken: string;
let mateToken: string;
const lic = `P${Date.now()}-LIC`;
const LINK = /^\/dashboard\/publicorders\?token=([A-Za-z0-9_-]{43})$/;
const sha = (t: string) => createHash('sha256').update(t).digest('hex');

before(async () => {
  app = await startApp();
  admin = await tokenFor(Role.Admin);
  await LicenceRecord.create({ ...completeCompany(lic), emails: [] });
  const company = completeCompany(lic);
  const profile = { verified: true, hasSentEmail: true, company };
  owner = await kcUser(app, 'puborders-owner', { role: Role.AccountAdmin, profile });
  ownerToken = await owner.token();
  mate = await kcUser(app, 'puborders-mate', { role: Role.User, profile });
  mateToken = await mate.token();
});
after(async () => {
  await owner?.cleanup();
  await mate?.cleanup();
  await LicenceRecord.deleteOne({ 'License #': lic });
  await app.close();
});

const switchLink = async (token: string, email: string, publicOrders: string) =>
  call(app, 'POST', '/api/users/update', token, { user: { email, publicOrders } });
const seenBy = async (token: string, email: string) =>
  (await call(app, 'GET', `/api/users/${encodeURIComponent(email)}`, token)).json?.user?.publicorderslink;
const storedToken = async (email: string) =>
  (await User.findOne({ email }).lean<{ publicOrdersToken?: string }>())?.publicOrdersToken ?? '';

async function updatedFacts(email: string, since: EventEnvelope[], n: number): Promise<UserRefData> {
  const evs = await waitFor(async () => {
    const mine = since.filter((e) => (e.data as UserRefData).email === email);
    return mine.length >= n ? mine : undefined;
  }, 10_000);
  return evs[n - 1]!.data as UserRefData;
}

test('off by default; the account admin turns it on: a 43-character token, its hash in the event', async () => {
  const updated = await listen(app, Subjects.userUpdated);
  try {
    assert.equal((await call(app, 'GET', '/api/users/me', ownerToken)).json.user.publicorderslink, undefined);
    const on = await switchLink(ownerToken, owner.email, 'on');
    assert.equal(on.status, 200, JSON.stringify(on.json));
    const [, token] = LINK.exec(on.json.user.publicorderslink) ?? [];
    assert.ok(token, on.json.user.publicorderslink);
    assert.equal(await storedToken(owner.email), token);
    const facts = await updatedFacts(owner.email, updated.events, 1);
    assert.equal(facts.publicOrdersHash, sha(token));
    assert.ok(!JSON.stringify(updated.events).includes(token), 'the token itself is never in an event');
    // on again keeps the same link
    const again = await switchLink(ownerToken, owner.email, 'on');
    assert.equal(again.json.user.publicorderslink, on.json.user.publicorderslink);
  } finally {
    updated.stop();
  }
});

test('regenerate: a new token, the event names only the new one', async () => {
  const updated = await listen(app, Subjects.userUpdated);
  try {
    const before = await storedToken(owner.email);
    const res = await switchLink(ownerToken, owner.email, 'regenerate');
    assert.equal(res.status, 200);
    const after = await storedToken(owner.email);
    assert.ok(after && after !== before);
    assert.equal(res.json.user.publicorderslink, `/dashboard/publicorders?token=${after}`);
    assert.equal((await updatedFacts(owner.email, updated.events, 1)).publicOrdersHash, sha(after));
  } finally {
    updated.stop();
  }
});

test('who sees it: the owner and staff, not a standard colleague; who turns it on: not a standard user', async () => {
  const token = await storedToken(owner.email);
  assert.match(await seenBy(admin, owner.email), LINK, 'staff see it');
  assert.equal(await seenBy(mateToken, owner.email), undefined, 'a colleague (4) does not');
  const listed = await call(app, 'GET', '/api/users', mateToken);
  assert.ok(!JSON.stringify(listed.json ?? {}).includes(token), "not in a colleague's list either");
  const refused = await switchLink(mateToken, mate.email, 'on');
  assert.equal(refused.status, 403);
  assert.equal(refused.json.message, Messages.publicOrdersWho);
  assert.equal(await storedToken(mate.email), '');
  // staff may turn on a company user's link
  const byStaff = await switchLink(admin, mate.email, 'on');
  assert.equal(byStaff.status, 200);
  assert.match(byStaff.json.user.publicorderslink, LINK);
  assert.equal((await switchLink(admin, mate.email, 'off')).status, 200);
});

test('a profile under review cannot turn it on; off revokes it and the event says so', async () => {
  await User.updateOne({ email: owner.email }, { $set: { verified: false } });
  try {
    const res = await switchLink(admin, owner.email, 'regenerate');
    assert.equal(res.status, 403);
    assert.equal(res.json.message, Messages.publicOrdersUnverified);
  } finally {
    await User.updateOne({ email: owner.email }, { $set: { verified: true } });
  }
  const updated = await listen(app, Subjects.userUpdated);
  try {
    const off = await switchLink(ownerToken, owner.email, 'off');
    assert.equal(off.status, 200);
    assert.equal(off.json.user.publicorderslink, undefined);
    assert.equal(await storedToken(owner.email), '');
    assert.equal((await updatedFacts(owner.email, updated.events, 1)).publicOrdersHash, '');
  } finally {
    updated.stop();
  }
});

test('the old free-text field is neither written nor shown', async () => {
  await User.updateOne(
    { email: owner.email },
    { $set: { publicorderslink: 'https://x/publicorders?userid=7' } },
  );
  const res = await call(app, 'POST', '/api/users/update', admin, {
    user: { email: owner.email, publicorderslink: 'https://x/publicorders?userid=8' },
  });
  assert.equal(res.status, 200);
  assert.equal(res.json.user.publicorderslink, undefined, 'off: no link, whatever the old field says');
});
