// What accounts publishes for others' read models (orders' members, licences, config): the enriched
// user, licence and config events, and the snapshot pages answering orders.snapshot.requested.v1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Types } from 'mongoose';
import {
  INTERNAL_CONFIG_KEYS,
  Role,
  Subjects,
  licenceKey,
  type LicenceChangedData,
  type SnapshotPublishedData,
  type UserRefData,
} from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { User } from '../src/models/user.js';
import { readConfig } from '../src/models/app-config.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { licenceKey as accountsLicenceKey } from '../src/models/licence-record.js';
import { userFacts, withSet } from '../src/events/facts.js';
import { TEST_SUFFIX, call, listen, startApp } from './helpers.js';

let app: FastifyInstance;
let admin: string;
const lic = `F${Date.now()}-LIC`;
before(async () => {
  app = await startApp();
  admin = await tokenFor(Role.SuperAdmin);
});
after(async () => {
  await LicenceRecord.deleteMany({ 'License #': { $regex: `^${lic}` } });
  await app.close();
});

const record = (extra: object = {}) => ({
  'License #': lic,
  Licensee: 'Feed Holdings LLC',
  DBA: 'Feed Leaf',
  'Street Address': '1 Feed Way',
  City: 'Sacramento',
  Zip: '95814',
  ...extra,
});

test('licenceKey lives in contracts; accounts re-exports the same function', () => {
  assert.equal(accountsLicenceKey, licenceKey);
  assert.equal(licenceKey(' c11-0000123 lic '), 'C11-0000123LIC');
});

test('the facts: name, licences and their keys, alerts, same-day flag; a signature only under the cap', () => {
  const base = {
    _id: 'x' as never,
    email: 'a@b.test',
    role: 3,
    sub: 'kc-1',
    name: { firstName: 'Ada', lastName: 'Lee' },
    company: { 'License #': 'abc 1', licenseNumbers: ['ABC1', 'def-2'] },
    alerts: { email: false },
    sameDayPickup: true,
  };
  const f = userFacts({ ...base, signature: { name: 'Ada', image: 'sig.png' } } as never);
  assert.deepEqual(f, {
    sub: 'kc-1',
    name: 'Ada Lee',
    companyKeys: ['ABC1', 'DEF-2'],
    licenseNumbers: ['abc 1', 'ABC1', 'def-2'],
    alerts: { email: false },
    sameDayPickup: true,
    signature: { name: 'Ada', image: 'sig.png' },
  });
  const big = userFacts({ ...base, signature: { name: 'Ada', image: 'x'.repeat(2001) } } as never);
  assert.equal(big.signature, undefined);
  const doc = { _id: new Types.ObjectId(), a: { b: 1, c: 2 } };
  const next = withSet(doc, { 'a.b': 3, d: 4 });
  assert.deepEqual(next, { _id: doc._id, a: { b: 3, c: 2 }, d: 4 });
  assert.equal(String(next._id), String(doc._id), 'ids stay ids');
  assert.deepEqual(doc.a, { b: 1, c: 2 }, 'the original is untouched');
});

test('licence create / update / delete events carry the record (after the change; before it on delete)', async () => {
  const changed = await listen(app, Subjects.licenceChanged);
  try {
    const created = await call(app, 'POST', '/api/license/create', admin, { record: record() });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const id = created.json.record.id as string;
    const updated = await call(app, 'POST', '/api/license/update', admin, {
      record: { ...record({ City: 'Fresno' }), id },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    const deleted = await call(app, 'POST', '/api/license/delete', admin, { record: { id } });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.json));
    const mine = () => changed.events.map((e) => e.data as LicenceChangedData).filter((e) => e.id === id);
    // a loaded CI machine relays slowly; on a timeout say which events did arrive
    const evs = await waitFor(() => (mine().length >= 3 ? mine() : undefined), 60_000).catch(() => {
      throw new Error(`licence events for ${id}: ${JSON.stringify(mine().map((e) => e.action))}`);
    });
    assert.deepEqual(
      evs.map((e) => [e.action, e.record?.City]),
      [
        ['created', 'Sacramento'],
        ['updated', 'Fresno'],
        ['deleted', 'Fresno'],
      ],
    );
    assert.equal(evs[0]!.record?.Licensee, 'Feed Holdings LLC');
    assert.ok(evs[0]!.record?.windows?.mon, 'the receiving windows');
  } finally {
    changed.stop();
  }
});

// A key no service reads: the event goes out on the real ACCOUNTS stream, where the running orders would apply a
// switch it knows (orders.autoApprove …) to the stack's read model.
const KEY = `test.feed.${Date.now()}`;
test('config changes carry the public values, never signupEmails', async () => {
  const changed = await listen(app, Subjects.configChanged);
  const signupEmails = (await readConfig()).signupEmails;
  try {
    const res = await call(app, 'POST', '/api/utils/config', admin, {
      data: { [KEY]: true, signupEmails: ['boss@feed.test'] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const ev = await waitFor(
      () => changed.events.find((e) => (e.data as { keys: string[] }).keys.includes(KEY)),
      30_000,
    );
    const data = ev.data as { keys: string[]; entries?: { key: string; value: unknown }[] };
    assert.deepEqual(data.keys.sort(), [KEY, 'signupEmails'].sort());
    assert.deepEqual(data.entries, [{ key: KEY, value: true }]);
    assert.ok(!JSON.stringify(ev).includes('boss@feed.test'));
  } finally {
    changed.stop();
    // the application mails of later suites go to the configured admins
    await call(app, 'POST', '/api/utils/config', admin, { data: { signupEmails } });
  }
});

test("a staff profile update publishes the user's facts as of after the write", async () => {
  const target = await User.findOne({ email: 'user@demo.portal' }).lean();
  assert.ok(target);
  const updated = await listen(app, Subjects.userUpdated);
  try {
    const res = await call(app, 'POST', '/api/users/update', admin, {
      user: { email: 'user@demo.portal', alerts: { email: false }, sameDayPickup: true },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const ev = await waitFor(
      () => updated.events.find((e) => (e.data as UserRefData).userId === String(target._id)),
      30_000,
    );
    const d = ev.data as UserRefData;
    assert.deepEqual(d.alerts, { email: false });
    assert.equal(d.sameDayPickup, true);
    assert.equal(d.sub, target.sub);
    assert.deepEqual(d.companyKeys, target.companyKeys ?? []);
  } finally {
    updated.stop();
    await call(app, 'POST', '/api/users/update', admin, {
      user: { email: 'user@demo.portal', alerts: { email: true }, sameDayPickup: false },
    });
  }
});

test('a snapshot request of this scope is answered with pages of users, licences and public config', async () => {
  await LicenceRecord.create(record({ 'License #': `${lic}-S` }));
  const pages = await listen(app, Subjects.snapshotPublished);
  try {
    const requestId = `req-${Date.now()}`;
    await app.bus.publish(Subjects.snapshotRequested, {
      requestId,
      requestedBy: 'orders',
      want: ['users', 'licences', 'config'],
      scope: TEST_SUFFIX,
    });
    // another scope (the running stack's, or another test run) is not answered from this database
    await app.bus.publish(Subjects.snapshotRequested, {
      requestId: `${requestId}-other`,
      requestedBy: 'orders',
      want: ['users'],
      scope: 'someone-else',
    });
    const mine = () =>
      pages.events.map((e) => e.data as SnapshotPublishedData).filter((p) => p.requestId === requestId);
    await waitFor(
      () => ['users', 'licences', 'config'].every((k) => mine().some((p) => p.kind === k && p.last)),
      30_000,
    );
    const users = mine().flatMap((p) => p.users ?? []);
    assert.equal(users.length, await User.countDocuments({}));
    const demo = users.find((u) => u.email === 'accountadmin@demo.portal');
    assert.ok(demo?.companyKeys?.length, 'company keys of a vendor');
    assert.ok(demo?.sub);
    const lics = mine().flatMap((p) => p.licences ?? []);
    assert.ok(lics.some((r) => r['License #'] === `${lic}-S`));
    const config = mine().find((p) => p.kind === 'config')!.config!;
    for (const k of INTERNAL_CONFIG_KEYS) assert.equal(config[k], undefined, `${k} is internal`);
    assert.equal(mine()[0]!.scope, TEST_SUFFIX);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(
      pages.events.filter((e) => (e.data as SnapshotPublishedData).requestId.endsWith('-other')).length,
      0,
    );
  } finally {
    pages.stop();
  }
});
