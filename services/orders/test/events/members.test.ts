// The members read model from accounts' user events and fleet's driver links, through the real ACCOUNTS and FLEET
// streams (a test app with its own durables and database), and the fill of an empty read model from a snapshot.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildService } from '@portal/service-kit';
import { waitFor } from '@portal/service-kit/testing';
import { Role, Subjects, type UserRefData } from '@portal/contracts';
import { accountsFeed, consumers } from '../../src/events/index.js';
import { fillReason, filledKinds } from '../../src/readmodels/accounts-feed.js';
import { Member } from '../../src/models/member.js';
import { Licence } from '../../src/models/licence.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import {
  adminEmails,
  applyUserFacts,
  memberByDriver,
  memberOf,
  recipientsForLicences,
} from '../../src/readmodels/members.js';
import { licenceByNumber } from '../../src/readmodels/licences.js';

const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const oid = () => randomBytes(12).toString('hex');
const LIC = `FEED-${tag}-1`.toUpperCase();
let app: FastifyInstance;

before(async () => {
  app = await buildService(
    {
      name: 'orders',
      domain: 'orders',
      routes: [accountsFeed],
      backends: ['mongo', 'nats', 'redis'],
      consumers,
    },
    { LOG_LEVEL: 'warn', MONGO_DB: 'portal_orders_feed_test', CONSUMER_SUFFIX: `f${tag}` },
  );
  await app.ready();
  await app.bus.ready;
});
after(() => app?.close());

const user = (extra: Partial<UserRefData> = {}): UserRefData => ({
  userId: oid(),
  email: `u-${randomBytes(3).toString('hex')}@feed-${tag}.test`,
  role: Role.AccountAdmin,
  verified: true,
  sub: randomBytes(8).toString('hex'),
  name: 'Vera Vendor',
  companyKeys: [LIC],
  licenseNumbers: [LIC.toLowerCase()],
  alerts: { email: true },
  sameDayPickup: false,
  ...extra,
});

test('accounts.user.created/updated → the member with its company, alerts, signature; deleted → flagged', async () => {
  const u = user({ signature: { name: 'Vera V', image: 'sig/abc.png' } });
  await app.bus.publish(Subjects.userCreated, u);
  const m = await waitFor(() => memberOf(u.userId), 15_000);
  assert.deepEqual(m.companyKeys, [LIC]);
  assert.equal(m.name, 'Vera Vendor');
  assert.equal(m.email, u.email);
  assert.deepEqual(m.signature, { name: 'Vera V', image: 'sig/abc.png' });
  // the token's sub finds the same member
  assert.equal((await memberOf(u.sub!))?.userId, u.userId);
  assert.deepEqual(await recipientsForLicences([` ${LIC.toLowerCase()} `]), [u.email]);

  await app.bus.publish(Subjects.userUpdated, { ...u, alerts: { email: false }, verified: 'suspended' });
  await waitFor(async () => (await memberOf(u.userId))?.alertsEmail === false, 15_000);
  assert.equal((await memberOf(u.userId))?.suspended, true);
  assert.deepEqual(await recipientsForLicences([LIC]), [], 'alerts.email false: no mail');

  await app.bus.publish(Subjects.userDeleted, u);
  await waitFor(async () => (await memberOf(u.userId))?.deleted, 15_000);
});

test('facts are ordered by time: an older event (a replay, or one the snapshot holds) changes nothing', async () => {
  const u = user();
  const t = new Date();
  assert.equal(await applyUserFacts({ ...u, name: 'New' }, t), true);
  assert.equal(await applyUserFacts({ ...u, name: 'Old' }, new Date(t.getTime() - 1000)), false);
  assert.equal((await memberOf(u.userId))?.name, 'New');
  // the same event again: idempotent
  assert.equal(await applyUserFacts({ ...u, name: 'New' }, t), true);
  assert.equal(await Member.countDocuments({ userId: u.userId }), 1);
  // an event of an older shape (no company facts) keeps what the member has
  await applyUserFacts({ userId: u.userId, email: u.email, role: Role.User }, new Date(t.getTime() + 1000));
  const m = await memberOf(u.userId);
  assert.deepEqual([m?.role, m?.companyKeys, m?.name], [Role.User, [LIC], 'New']);
});

test('recipients: by any licence of the order, with an email, alerts not off, not deleted; admins for cancel', async () => {
  const lic2 = `FEED-${tag}-2`.toUpperCase();
  const a = user({ companyKeys: [lic2] });
  const b = user({ companyKeys: [lic2, `FEED-${tag}-3`] });
  const off = user({ companyKeys: [lic2], alerts: { email: false } });
  const admin = user({ role: Role.Admin, companyKeys: [] });
  const now = new Date();
  for (const x of [a, b, off, admin]) await applyUserFacts(x, now);
  await applyUserFacts(user({ companyKeys: [lic2] }), now, { deleted: true });
  assert.deepEqual(await recipientsForLicences([lic2, 'nobody']), [a.email, b.email].sort());
  assert.deepEqual(await recipientsForLicences([`FEED-${tag}-3`], { exclude: [b.email] }), []);
  assert.ok((await adminEmails()).includes(admin.email));
  assert.ok(!(await adminEmails()).includes(a.email));
});

test("fleet.driver.linked / unlinked → the member's driverId", async () => {
  const u = user({ role: Role.Driver, companyKeys: [] });
  const driverId = oid();
  await app.bus.publish(Subjects.userCreated, u);
  await waitFor(() => memberOf(u.userId), 15_000);
  await app.bus.publish(Subjects.driverLinked, { driverId, userId: u.userId, email: u.email });
  await waitFor(async () => (await memberOf(u.userId))?.driverId === driverId, 15_000);
  assert.equal((await memberByDriver(driverId))?.userId, u.userId);
  await app.bus.publish(Subjects.driverUnlinked, {
    driverId,
    userId: u.userId,
    email: u.email,
    reason: 'driver-deleted',
  });
  await waitFor(async () => (await memberOf(u.userId))?.driverId === undefined, 15_000);
});

test("the public link's hash: kept from the facts, dropped when the link is off or the user not verified", async () => {
  const userId = oid();
  const hash = 'a'.repeat(64);
  const base = { userId, email: `pub-${tag}@test.portal`, companyKeys: [LIC] };
  const at = (s: number) => new Date(Date.UTC(2031, 0, 1, 0, 0, s));
  const stored = async () => (await Member.findOne({ userId }).lean<{ publicOrdersHash: string }>())!;
  await applyUserFacts({ ...base, verified: true, publicOrdersHash: hash }, at(1));
  assert.equal((await stored()).publicOrdersHash, hash);
  await applyUserFacts({ ...base, verified: true }, at(2)); // full facts without it: the link is off
  assert.equal((await stored()).publicOrdersHash, '');
  await applyUserFacts({ ...base, verified: true, publicOrdersHash: hash }, at(3));
  await applyUserFacts({ ...base, verified: 'suspended', publicOrdersHash: hash }, at(4));
  assert.equal((await stored()).publicOrdersHash, '', 'a suspended user has no public page');
  await applyUserFacts({ ...base, verified: false, publicOrdersHash: hash }, at(5));
  assert.equal((await stored()).publicOrdersHash, '', 'nor one under review');
});

test('an empty read model asks accounts for a snapshot at start; its pages fill members, licences, config', async () => {
  // a fresh database: the app asks at start (accountsFeed); this test plays accounts for its scope, reading the
  // request from the ORDERS stream and answering with pages (accounts' own half: services/accounts/test/snapshot)
  await Member.deleteMany({});
  await Licence.deleteMany({});
  await OrderConfigValue.deleteMany({});
  const fresh = await buildService(
    {
      name: 'orders',
      domain: 'orders',
      routes: [accountsFeed],
      backends: ['mongo', 'nats', 'redis'],
      consumers,
    },
    { LOG_LEVEL: 'warn', MONGO_DB: 'portal_orders_feed_test', CONSUMER_SUFFIX: `g${tag}` },
  );
  const since = new Date();
  await fresh.ready();
  try {
    const req = await waitFor(() => requestSince(fresh, since, `g${tag}`), 15_000);
    assert.deepEqual(req.want, ['users', 'licences', 'config']);
    const stale = user();
    await applyUserFacts(stale, new Date(Date.now() - 60_000)); // a user accounts no longer has
    const u1 = user();
    const u2 = user({ companyKeys: [`FEED-${tag}-9`] });
    const asOf = new Date(Date.now() - 5000).toISOString();
    const head = { requestId: req.requestId, requestedBy: 'orders', scope: `g${tag}`, asOf };
    await fresh.bus.publish(Subjects.snapshotPublished, {
      ...head,
      kind: 'users',
      page: 0,
      last: false,
      users: [u1],
    });
    await fresh.bus.publish(Subjects.snapshotPublished, {
      ...head,
      kind: 'users',
      page: 1,
      last: true,
      users: [u2],
    });
    await fresh.bus.publish(Subjects.snapshotPublished, {
      ...head,
      kind: 'licences',
      page: 0,
      last: true,
      licences: [{ 'License #': LIC, Licensee: 'Feed Farms', City: 'Denver', Zip: '80202' }],
    });
    await waitFor(async () => (await memberOf(u2.userId)) && (await licenceByNumber(LIC)), 15_000);
    assert.ok(await memberOf(u1.userId));
    assert.equal((await licenceByNumber(LIC.toLowerCase()))?.Licensee, 'Feed Farms');
    await waitFor(async () => (await memberOf(stale.userId))?.deleted, 15_000);
    assert.equal(await fillReason(fresh), 'never filled', 'no config page yet');
    await fresh.bus.publish(Subjects.snapshotPublished, {
      ...head,
      kind: 'config',
      page: 0,
      last: true,
      config: { 'orders.hasSameDay': true },
    });
    await waitFor(async () => (await filledKinds()).length === 3, 15_000);
    assert.equal(await fillReason(fresh), null, 'filled and current: no request at the next start');
    // another scope's page is not applied
    const other = user();
    await fresh.bus.publish(Subjects.snapshotPublished, {
      ...head,
      scope: 'elsewhere',
      kind: 'users',
      page: 0,
      last: false,
      users: [other],
    });
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await memberOf(other.userId), null);
  } finally {
    await fresh.close();
  }
});

async function requestSince(a: FastifyInstance, since: Date, scope: string) {
  const { DeliverPolicy } = await import('@nats-io/jetstream');
  const c = await a.js.consumers.get('ORDERS', {
    filter_subjects: Subjects.snapshotRequested,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  const batch = await c.fetch({ max_messages: 100, expires: 1000 });
  for await (const m of batch) {
    const e = m.json<{ data: { requestId: string; scope?: string; want: string[] } }>();
    if (e.data.scope === scope) return e.data;
  }
  return undefined;
}
