import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RECEIVING_WINDOWS, Messages, Subjects } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { seed } from '../scripts/seed.js';
import { GENERATED_LICENCES, licenceSeedRecords } from '../scripts/seed-licences.js';
import { LicenceRecord } from '../src/models/licence-record.js';
import { User } from '../src/models/user.js';
import { call, listen, startApp } from './helpers.js';

let app: FastifyInstance;
let admin: string;
const lic = `L${Date.now()}-LIC`;
const record = (n = lic) => ({
  'License #': n,
  Licensee: 'Rec Test LLC',
  DBA: 'Rec Test',
  'Street Address': '2 Test Way',
  City: 'Fresno',
  Zip: '93701',
});
before(async () => {
  app = await startApp();
  await seed();
  admin = await tokenFor(1);
});
after(async () => {
  await LicenceRecord.deleteMany({ 'License #': { $in: [lic, `${lic}-2`] } });
  await app.close();
});

test('the seed: several hundred deterministic records, idempotent, every seeded company on a real record', async () => {
  const a = licenceSeedRecords();
  assert.deepEqual(licenceSeedRecords(), a, 'deterministic');
  assert.ok(a.length > GENERATED_LICENCES);
  assert.ok(a.some((r) => r.FacilityType === 'Medical') && a.some((r) => r.FacilityType === 'Recreational'));
  assert.ok(a.some((r) => (r.pickupRoute as unknown[]).length > 0));
  assert.equal((await seed()).licences, 0);
  const companies = await User.find({ 'company.License #': { $exists: true } }).lean();
  for (const u of companies.filter((u) => u.email.endsWith('.example') || u.email.endsWith('demo.portal'))) {
    assert.ok(await LicenceRecord.exists({ 'License #': u.company!['License #'] }), u.email);
  }
});

test('create: all fields required, default windows, event; duplicate refused with the spec message', async () => {
  const changed = await listen(app, Subjects.licenceChanged);
  try {
    const missing = await call(app, 'POST', '/api/license/create', admin, {
      record: { ...record(), City: '' },
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.json.message, Messages.fieldRequired('City'));
    assert.equal(await LicenceRecord.countDocuments({ 'License #': lic }), 0);
    const res = await call(app, 'POST', '/api/license/create', admin, { record: record() });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.deepEqual(res.json.record.windows, DEFAULT_RECEIVING_WINDOWS);
    assert.equal(res.json.record._outbox, undefined);
    await waitFor(() =>
      changed.events.find((e) => (e.data as { licenseNumber: string }).licenseNumber === lic),
    );
    const dup = await call(app, 'POST', '/api/license/create', admin, { record: record() });
    assert.equal(dup.status, 400);
    assert.equal(dup.json.message, Messages.licenceExists);
    assert.equal(await LicenceRecord.countDocuments({ 'License #': lic }), 1);
  } finally {
    changed.stop();
  }
});

test('update (renaming onto an existing number is refused) and delete', async () => {
  const other = (await call(app, 'POST', '/api/license/create', admin, { record: record(`${lic}-2`) })).json
    .record;
  const dup = await call(app, 'POST', '/api/license/update', admin, {
    record: { ...record(), id: other.id },
  });
  assert.equal(dup.status, 400);
  assert.equal(dup.json.message, Messages.licenceExists);
  const upd = await call(app, 'POST', '/api/license/update', admin, {
    record: {
      ...record(`${lic}-2`),
      id: other.id,
      windows: { sat: '10:00-12:00' },
      pickupRoute: [{ route: 'North', day: 'mon' }],
    },
  });
  assert.equal(upd.status, 200, JSON.stringify(upd.json));
  assert.equal(upd.json.record.windows.sat, '10:00-12:00');
  assert.equal(upd.json.record.windows.mon, '09:00-17:00');
  const del = await call(app, 'POST', '/api/license/delete', admin, { record: { id: other.id } });
  assert.equal(del.status, 200);
  assert.equal(await LicenceRecord.countDocuments({ _id: other.id }), 0);
});

test('accounts §3 LN: every field is editable (pickupRoute, FacilityType, emails, active), stored and published', async () => {
  const n = `${lic}-3`;
  const made = (await call(app, 'POST', '/api/license/create', admin, { record: record(n) })).json.record;
  const changed = await listen(app, Subjects.licenceChanged);
  try {
    const full = {
      ...record(n),
      id: made.id,
      Licensee: 'Renamed LLC',
      emails: ['Dock@Rec.Example', 'office@rec.example'],
      pickupRoute: [
        { route: ' North Coast ', day: 'tue' },
        { route: 'SoCal', day: 'fri' },
      ],
      FacilityType: 'Medical',
      active: false,
    };
    for (const [bad, message] of [
      [{ emails: ['not-an-email'] }, Messages.invalidEmail],
      [{ pickupRoute: [{ route: ' ', day: 'mon' }] }, Messages.fieldRequired('Route')],
      [{ pickupRoute: [{ route: 'North', day: 'someday' }] }, Messages.fieldRequired('Day')],
    ] as const) {
      const res = await call(app, 'POST', '/api/license/update', admin, { record: { ...full, ...bad } });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.equal(res.json.message, message);
    }
    assert.equal(
      (await LicenceRecord.findById(made.id).lean())?.Licensee,
      'Rec Test LLC',
      'nothing half-written',
    );
    const res = await call(app, 'POST', '/api/license/update', admin, { record: full });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const want = {
      emails: ['dock@rec.example', 'office@rec.example'],
      pickupRoute: [
        { route: 'North Coast', day: 'tue' },
        { route: 'SoCal', day: 'fri' },
      ],
      FacilityType: 'Medical',
      active: false,
    };
    for (const [k, v] of Object.entries(want)) assert.deepEqual(res.json.record[k], v, k);
    const stored = (await call(app, 'GET', '/api/license', admin)).json.data.records.find(
      (r: { id: string }) => r.id === made.id,
    );
    for (const [k, v] of Object.entries(want)) assert.deepEqual(stored[k], v, `stored ${k}`);
    // orders' read model takes the pickup routes from the event's record
    const ev = await waitFor(() =>
      changed.events.find((e) => (e.data as { id: string; action: string }).id === made.id),
    );
    const rec = (ev.data as { record: Record<string, unknown> }).record;
    for (const [k, v] of Object.entries(want)) assert.deepEqual(rec[k], v, `event ${k}`);
  } finally {
    changed.stop();
    await LicenceRecord.deleteOne({ _id: made.id });
  }
});

test('public licence picker: search, at most 100', async () => {
  const all = await call(app, 'GET', '/api/license/licensenumbers');
  assert.equal(all.status, 200);
  assert.equal(all.json.data.licensenumbers.length, 100);
  assert.deepEqual(Object.keys(all.json.data.licensenumbers[0]).sort(), [
    'City',
    'DBA',
    'License #',
    'Licensee',
  ]);
  assert.equal((await call(app, 'GET', '/api/license/licensenumbers?limit=500')).status, 400);
  const one = await call(app, 'GET', `/api/license/licensenumbers?search=${lic}`);
  assert.deepEqual(
    one.json.data.licensenumbers.map((r: Record<string, string>) => r['License #']),
    [lic],
  );
});

test('accounts §7 stored licence map: removed (the licence records are the one list; see README Decisions)', async () => {
  assert.equal((await call(app, 'GET', '/api/license/lnstored', await tokenFor(4))).status, 404);
  assert.equal((await call(app, 'POST', '/api/license/updatestored', admin, { X: 1 })).status, 404);
});

test('a record body cannot smuggle outbox events or other fields', async () => {
  const n = `${lic}-2`;
  const res = await call(app, 'POST', '/api/license/create', admin, {
    record: {
      ...record(n),
      _outbox: [{ id: 'evil', subject: 'accounts.user.verified', data: {} }],
      createdAt: '2000-01-01',
    },
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const stored = (await LicenceRecord.findOne({ 'License #': n }).lean()) as Record<string, unknown> | null;
  assert.ok(!((stored?._outbox as { id: string }[] | undefined) ?? []).some((e) => e.id === 'evil'));
  assert.notEqual(new Date(stored?.createdAt as string).getFullYear(), 2000);
});

test('licence numbers are unique case-insensitively; a lower-case copy cannot bypass "contact your admin"', async () => {
  const n = `Ci${Date.now()}-LIC`;
  const member = `member-${Date.now()}@test.portal`;
  try {
    const res = await call(app, 'POST', '/api/license/create', admin, { record: record(n) });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    for (const copy of [n.toLowerCase(), n.toUpperCase(), ` ${n} `]) {
      const dup = await call(app, 'POST', '/api/license/create', admin, { record: record(copy) });
      assert.equal(dup.status, 400, copy);
      assert.equal(dup.json.message, Messages.licenceExists);
    }
    assert.equal(await LicenceRecord.countDocuments({ 'License #': { $regex: `^${n}$`, $options: 'i' } }), 1);
    const other = (await call(app, 'POST', '/api/license/create', admin, { record: record(`${n}-B`) })).json
      .record;
    const rename = await call(app, 'POST', '/api/license/update', admin, {
      record: { ...record(n.toLowerCase()), id: other.id },
    });
    assert.equal(rename.status, 400);
    assert.equal(rename.json.message, Messages.licenceExists);

    // The company has a user: signing up with the licence typed in lower case is "contact your admin", and
    // nothing is created (before: a lower-case duplicate record let a stranger open a second account on it).
    await User.create({
      email: member,
      role: 3,
      verified: true,
      company: { 'License #': n, licenseNumbers: [n] },
    });
    const stranger = `stranger-${Date.now()}@test.portal`;
    const signUp = await call(app, 'POST', '/api/auth/signUp', undefined, {
      email: stranger,
      password: 'Portal!2345',
      data: { company: { 'License #': n.toLowerCase() } },
      method: 'license',
    });
    assert.equal(signUp.status, 400, JSON.stringify(signUp.json));
    assert.equal(signUp.json.message, Messages.contactAdminToJoin);
    assert.equal(await User.countDocuments({ email: stranger }), 0);
  } finally {
    await User.deleteOne({ email: member });
    await LicenceRecord.deleteMany({ 'License #': { $in: [n, `${n}-B`] } });
  }
});

test('GET /users/licensenumber: exists/yours for anyone signed in, emails only for staff or the own company', async () => {
  const n = `Lk${Date.now()}-LIC`;
  const member = `lk-${Date.now()}@test.portal`;
  try {
    await call(app, 'POST', '/api/license/create', admin, { record: record(n) });
    await User.create({
      email: member,
      role: 3,
      verified: true,
      company: { 'License #': n, licenseNumbers: [n] },
    });
    const std = await call(app, 'GET', `/api/users/licensenumber/${n}`, await tokenFor(4));
    assert.equal(std.status, 200);
    assert.deepEqual(std.json.data, { exists: true, yours: false, users: [] });
    assert.ok(!JSON.stringify(std.json).includes(member));
    const staff = await call(app, 'GET', `/api/users/licensenumber/${n.toLowerCase()}`, admin);
    assert.equal(staff.status, 200);
    assert.deepEqual(
      staff.json.data.users.map((u: { email: string }) => u.email),
      [member],
    );
    const none = await call(app, 'GET', `/api/users/licensenumber/NOPE-${n}`, await tokenFor(4));
    assert.deepEqual(none.json.data, { exists: false, yours: false, users: [] });
  } finally {
    await User.deleteOne({ email: member });
    await LicenceRecord.deleteMany({ 'License #': n });
  }
});
