// The licence list from accounts.licence.changed (with its record) through the real ACCOUNTS stream.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildService } from '@portal/service-kit';
import { waitFor } from '@portal/service-kit/testing';
import { Subjects } from '@portal/contracts';
import { consumers } from '../../src/events/index.js';
import {
  applyLicenceFacts,
  licenceByNumber,
  licencesOf,
  sameDayAllowed,
} from '../../src/readmodels/licences.js';

const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();
const oid = () => randomBytes(12).toString('hex');
let app: FastifyInstance;

before(async () => {
  app = await buildService(
    { name: 'orders', domain: 'orders', routes: [], backends: ['mongo', 'nats', 'redis'], consumers },
    { LOG_LEVEL: 'warn', MONGO_DB: 'portal_orders_feed_test', CONSUMER_SUFFIX: `l${tag}` },
  );
  await app.ready();
  await app.bus.ready;
});
after(() => app?.close());

const record = (lic: string, extra: object = {}) => ({
  'License #': lic,
  Licensee: 'Green Acres',
  DBA: 'GA',
  'Street Address': '1 Main St',
  City: 'Boulder',
  Zip: '80301',
  emails: ['ops@ga.test'],
  pickupRoute: [{ route: 'north', day: 'mon' }],
  active: true,
  FacilityType: 'Recreational',
  ...extra,
});

test('created → listed (found however typed, a copy); renumbered → the old number gone; deleted → gone', async () => {
  const id = oid();
  const lic = `FEED-${tag}-L1`;
  await app.bus.publish(Subjects.licenceChanged, {
    id,
    licenseNumber: lic,
    action: 'created',
    record: record(lic),
  });
  const r = await waitFor(() => licenceByNumber(` ${lic.toLowerCase()} `), 15_000);
  assert.equal(r.Licensee, 'Green Acres');
  assert.deepEqual(r.pickupRoute, [{ route: 'north', day: 'mon' }]);
  r.emails.push('changed@copy.test');
  assert.deepEqual((await licenceByNumber(lic))?.emails, ['ops@ga.test'], 'a copy, not the stored list');

  const lic2 = `FEED-${tag}-L2`;
  await app.bus.publish(Subjects.licenceChanged, {
    id,
    licenseNumber: lic2,
    action: 'updated',
    record: record(lic2, { City: 'Denver' }),
  });
  await waitFor(() => licenceByNumber(lic2), 15_000);
  await waitFor(async () => (await licenceByNumber(lic)) === null, 15_000);
  assert.equal((await licenceByNumber(lic2))?.City, 'Denver');

  await app.bus.publish(Subjects.licenceChanged, {
    id,
    licenseNumber: lic2,
    action: 'deleted',
    record: record(lic2),
  });
  await waitFor(async () => (await licenceByNumber(lic2)) === null, 15_000);
});

test('an event without its record, or for the stored map, changes nothing; older facts lose', async () => {
  const lic = `FEED-${tag}-L3`;
  await app.bus.publish(Subjects.licenceChanged, { id: oid(), licenseNumber: lic, action: 'created' });
  await app.bus.publish(Subjects.licenceChanged, { id: 'lnstored', licenseNumber: '*', action: 'stored' });
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await licenceByNumber(lic), null);
  const t = new Date();
  await applyLicenceFacts(record(lic, { City: 'New' }), t);
  await applyLicenceFacts(record(lic, { City: 'Old' }), new Date(t.getTime() - 1000));
  assert.equal((await licenceByNumber(lic))?.City, 'New');
});

test("a member's licences in the company's order; Same Day by config or the user's flag", async () => {
  const [a, b] = [`FEED-${tag}-L4`, `FEED-${tag}-L5`];
  await applyLicenceFacts(record(a), new Date());
  await applyLicenceFacts(record(b), new Date());
  const got = await licencesOf({ companyKeys: [b, 'UNKNOWN', a] });
  assert.deepEqual(
    got.map((r) => r['License #']),
    [b, a],
  );
  assert.equal(sameDayAllowed({ hasSameDay: false }, { sameDayPickup: false }), false);
  assert.equal(sameDayAllowed({ hasSameDay: false }, { sameDayPickup: true }), true);
  assert.equal(sameDayAllowed({ hasSameDay: true }, null), true);
});
