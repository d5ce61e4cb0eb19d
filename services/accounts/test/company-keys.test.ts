import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { User } from '../src/models/user.js';
import { buildApp } from '../src/app.js';
import { TEST_ENV, startApp, uniqueEmail } from './helpers.js';

/**
 * `companyKeys` (what the company lists filter on, index-served) follows the company through every kind of write:
 * a saved document, an update of a company sub-field (also through the outbox's updateOneWithEvents), an upsert, a
 * filter the update itself changes, and removing the company.
 */
let app: FastifyInstance;
const emails: string[] = [];
before(async () => {
  app = await startApp();
});
after(async () => {
  await User.deleteMany({ email: { $in: emails } });
  await app.close();
});
const keysOf = async (email: string) => (await User.findOne({ email }).lean())?.companyKeys ?? [];

test('companyKeys follows save, sub-field updates, upserts, self-changing filters and removal', async () => {
  const email = uniqueEmail('ck');
  emails.push(email);
  await User.create({ email, company: { 'License #': 'ck-1', licenseNumbers: ['ck-1'] } });
  assert.deepEqual(await keysOf(email), ['CK-1']);

  await User.updateOneWithEvents({ email }, { $set: { 'company.licenseNumbers': ['ck-1', 'CK 2'] } }, []);
  assert.deepEqual(await keysOf(email), ['CK-1', 'CK2']);

  // the filter no longer matches after the update (hasSentEmail flips): the documents matched before count
  await User.updateOne(
    { email, hasSentEmail: { $ne: true } },
    { $set: { hasSentEmail: true, 'company.License #': 'ck-3' } },
  );
  assert.deepEqual(await keysOf(email), ['CK-3', 'CK-1', 'CK2']);

  await User.updateOne({ email }, { $unset: { company: '' } });
  assert.deepEqual(await keysOf(email), []);

  const upserted = uniqueEmail('ck-up');
  emails.push(upserted);
  await User.updateOne(
    { email: upserted },
    { $setOnInsert: { email: upserted, company: { 'License #': 'ck-9' } } },
    { upsert: true },
  );
  assert.deepEqual(await keysOf(upserted), ['CK-9']);
});

test('a start over thousands of profiles without companyKeys is ready at once and backfills them in the background', async () => {
  // the bench's 5,000 such profiles once held the start past Fastify's 10 s plugin timeout (one write per profile)
  const N = 3000;
  const tag = `bf-${Date.now()}`;
  const docs = Array.from({ length: N }, (_, i) => ({
    email: `${tag}-${i}@test.portal`,
    role: 4,
    company: { 'License #': `${tag}-lic-${i % 50}` },
  }));
  await User.collection.insertMany(docs);
  try {
    // one app per process (the default mongoose connection is shared): this one takes the place of the first
    await app.close();
    app = await buildApp(TEST_ENV);
    const t = Date.now();
    await app.ready();
    const readyMs = Date.now() - t;
    let missing = N;
    while (missing && Date.now() - t < 120_000) {
      missing = await User.countDocuments({ email: { $regex: `^${tag}-` }, companyKeys: { $exists: false } });
      if (missing) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(missing, 0, 'every profile got its companyKeys');
    const one = await User.findOne({ email: `${tag}-7@test.portal` }).lean();
    assert.deepEqual(one?.companyKeys, [`${tag}-lic-7`.toUpperCase()]);
    console.log(`# ${N} profiles: ready in ${readyMs} ms, backfilled in ${Date.now() - t} ms`);
  } finally {
    await User.collection.deleteMany({ email: { $regex: `^${tag}-` } });
  }
});
