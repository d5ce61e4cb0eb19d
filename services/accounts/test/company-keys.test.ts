import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { User } from '../src/models/user.js';
import { startApp, uniqueEmail } from './helpers.js';

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
