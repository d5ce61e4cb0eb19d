import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects, type FleetSnapshotPublishedData } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { Driver } from '../../src/models/driver.js';
import { Vehicle } from '../../src/models/vehicle.js';
import { buildApp } from '../../src/app.js';
import { publishedSince, TEST_ENV } from '../helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Promise.all([Driver.deleteMany({}), Vehicle.deleteMany({})]);
});
after(() => app.close());

test("routing's snapshot request of this scope is answered with the live drivers, then the vehicles with what is due", async () => {
  const since = new Date();
  const tag = Date.now().toString(36);
  await Driver.insertMany([
    { name: 'Dee', email: `d-${tag}@x.test`, userId: `u-${tag}` },
    { name: 'Gone', email: `g-${tag}@x.test`, deleted: true },
  ]);
  await Vehicle.insertMany([
    { name: 'Van oil', lic: 'OIL1', mileage: 20_000, data: { mileage_loc: 10_000 } },
    {
      name: 'Van ok',
      lic: 'OK1',
      status: 0,
      mileage: 1000,
      data: { mileage_loc: 900, mileage_tirechange: 900, mileage_brakes: 900 },
    },
  ]);
  const request = (scope: string, requestId: string) =>
    app.bus.publish(Subjects.dispatchSnapshotRequested, {
      requestId,
      requestedBy: 'routing',
      want: ['drivers', 'vehicles'],
      scope,
    });
  await request(`${TEST_ENV.CONSUMER_SUFFIX}x`, `other-${tag}`); // another scope: not answered
  await request(TEST_ENV.CONSUMER_SUFFIX, `mine-${tag}`);
  const pages = async () =>
    (await publishedSince(app, 'FLEET', Subjects.fleetSnapshotPublished, since)).map(
      (e) => e.data as FleetSnapshotPublishedData,
    );
  await waitFor(
    async () => ((await pages()).some((p) => p.kind === 'vehicles' && p.last) ? true : undefined),
    20_000,
    200,
  );
  await new Promise((r) => setTimeout(r, 1000));
  const got = await pages();
  assert.deepEqual([...new Set(got.map((p) => p.requestId))], [`mine-${tag}`]);
  assert.deepEqual(
    got.map((p) => [p.kind, p.page, p.last]),
    [
      ['drivers', 0, true],
      ['vehicles', 0, true],
    ],
  );
  assert.deepEqual(
    got[0]!.drivers!.map((d) => [d.name, d.userId]),
    [['Dee', `u-${tag}`]],
  );
  const vans = Object.fromEntries(got[1]!.vehicles!.map((v) => [v.name, v]));
  assert.ok(vans['Van oil']!.due!.includes('oil'));
  assert.deepEqual([vans['Van ok']!.status, vans['Van ok']!.due], [0, []]);
});
