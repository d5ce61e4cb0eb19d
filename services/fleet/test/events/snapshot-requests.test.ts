import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { Driver } from '../../src/models/driver.js';
import { buildApp } from '../../src/app.js';
import { publishedSince, TEST_ENV } from '../helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Driver.deleteMany({});
});
after(() => app.close());

test("a reader's snapshot request of its scope gets every current driver link again, and only those", async () => {
  const since = new Date();
  const tag = Date.now().toString(36);
  const [linked, , deleted] = await Driver.insertMany([
    { name: 'Linked', email: `l-${tag}@x.test`, userId: `u-${tag}` },
    { name: 'Unlinked', email: `n-${tag}@x.test`, userId: '' },
    { name: 'Gone', email: `g-${tag}@x.test`, userId: `g-${tag}`, deleted: true },
  ]);
  const request = (scope: string, want: ('users' | 'licences' | 'config')[]) =>
    app.bus.publish(Subjects.snapshotRequested, {
      requestId: `r-${tag}-${scope}-${want.join()}`,
      requestedBy: 'test',
      want,
      scope,
    });
  // another scope (the running stack's, or another suite's) and a request without users are not answered
  await request(`${TEST_ENV.CONSUMER_SUFFIX}x`, ['users']);
  await request(TEST_ENV.CONSUMER_SUFFIX, ['licences']);
  await request(TEST_ENV.CONSUMER_SUFFIX, ['users', 'licences']);
  const links = async () =>
    (await publishedSince(app, 'FLEET', Subjects.driverLinked, since)).map((e) => e.data);
  await waitFor(async () => ((await links()).length > 0 ? true : undefined), 20_000, 200);
  await new Promise((r) => setTimeout(r, 1500)); // the other requests would have been answered by now
  assert.deepEqual(await links(), [
    { driverId: String(linked!._id), userId: `u-${tag}`, email: `l-${tag}@x.test` },
  ]);
  assert.ok(deleted);
});
