import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import mongoose from 'mongoose';
import { loadEnv } from '@portal/service-kit';
import { Licence } from '../../src/models/licence.js';
import { Member } from '../../src/models/member.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import { READ_CACHE_MS } from '../../src/models/read-cache.js';
import { licenceByNumber, licencesByNumbers } from '../../src/readmodels/licences.js';
import { memberByEmail, memberOf, recipientsForLicences } from '../../src/readmodels/members.js';
import { orderConfig } from '../../src/domain/config.js';

// The read models' short-lived copies (models/read-cache.ts): a second lookup is served from the copy, and a write
// through the model (what the feed does) is seen by the very next lookup.
const LIC = 'RC-1001';
before(async () => {
  await mongoose.connect(loadEnv().MONGO_URL, { dbName: 'portal_orders_readcache_test' });
  await Promise.all([Licence.deleteMany({}), Member.deleteMany({}), OrderConfigValue.deleteMany({})]);
  await Licence.create({ licenseKey: LIC, 'License #': LIC, Licensee: 'Rosa Cannery', City: 'Salem' });
  await Member.create({
    userId: 'rc-u1',
    sub: 'rc-sub-1',
    email: 'rosa@example.test',
    name: 'Rosa',
    companyKeys: [LIC],
  });
});
after(async () => {
  await mongoose.connection.dropDatabase().catch(() => {});
  await mongoose.disconnect();
});

test('a lookup is answered from the copy: a write beside the model (bare driver) is not seen yet', async () => {
  assert.equal((await licenceByNumber(LIC))?.City, 'Salem');
  await Licence.collection.updateOne({ licenseKey: LIC }, { $set: { City: 'Eugene' } });
  assert.equal((await licenceByNumber(LIC))?.City, 'Salem', 'the copy answered');
  assert.ok(READ_CACHE_MS <= 5_000, 'a copy lives 5 s at most');
});

test('a write through the model drops the copies: licences, members, config', async () => {
  await Licence.updateOne({ licenseKey: LIC }, { $set: { City: 'Bend' } });
  assert.equal((await licenceByNumber(LIC))?.City, 'Bend');
  assert.equal((await licencesByNumbers([LIC])).get(LIC)?.City, 'Bend');

  assert.equal((await memberOf('rc-sub-1'))?.name, 'Rosa');
  assert.deepEqual(await recipientsForLicences([LIC]), ['rosa@example.test']);
  await Member.updateOne({ userId: 'rc-u1' }, { $set: { name: 'Rosa R', alertsEmail: false } });
  assert.equal((await memberOf('rc-sub-1'))?.name, 'Rosa R');
  assert.deepEqual(await recipientsForLicences([LIC]), [], 'alerts off: no mail');

  assert.equal((await orderConfig()).autoApprove, false);
  await OrderConfigValue.create({ key: 'orders.autoApprove', value: true });
  assert.equal((await orderConfig()).autoApprove, true);
});

test('a caller known only by email (a subject the model lacks) is a copy too, dropped by a write', async () => {
  assert.equal((await memberByEmail(' Rosa@Example.test '))?.userId, 'rc-u1', 'trimmed, any case');
  await Member.collection.updateOne({ userId: 'rc-u1' }, { $set: { companyKeys: ['OTHER'] } });
  assert.deepEqual((await memberByEmail('rosa@example.test'))?.companyKeys, [LIC], 'the copy answered');
  await Member.updateOne({ userId: 'rc-u1' }, { $set: { deleted: true } });
  assert.equal(await memberByEmail('rosa@example.test'), null, 'a deleted member is no caller');
  await Member.updateOne({ userId: 'rc-u1' }, { $set: { deleted: false, companyKeys: [LIC] } });
  assert.equal(await memberByEmail(undefined), null);
});

test('each answer is a fresh copy: changing one does not change the next', async () => {
  const a = await licenceByNumber(LIC);
  a!.emails.push('x@example.test');
  a!.City = 'Changed';
  const b = await licenceByNumber(LIC);
  assert.equal(b?.City, 'Bend');
  assert.deepEqual(b?.emails, []);
});
