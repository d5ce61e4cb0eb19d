import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role, Subjects } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { Driver } from '../../src/models/driver.js';
import { PortalUser } from '../../src/models/portal-user.js';
import { buildApp } from '../../src/app.js';
import { call, publishedSince, TEST_ENV } from '../helpers.js';

let app: FastifyInstance;
const since = new Date();
const tag = Date.now().toString(36);
const email = `drv-${tag}@test.portal`;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Promise.all([Driver.deleteMany({}), PortalUser.deleteMany({})]);
});
after(() => app.close());
const save = (driver: object, role: number = Role.Admin) =>
  call(app, role as never, 'POST', '/api/drivers/update', { driver });
const linkEvents = async (driverId: string) =>
  (await publishedSince(app, 'FLEET', 'fleet.driver.>', since)).filter((e) => e.data.driverId === driverId);

test('the Drivers tab: add (no id), edit, search, delete; bad rows are 400s and write nothing', async () => {
  const added = await save({
    name: ' Pat Wheeler ',
    phone: '+17605550123',
    email: 'PAT@x.test',
    lic: 'D1',
    occLic: 'O1',
  });
  assert.equal(added.statusCode, 200, added.body);
  assert.equal(added.json().message, 'Driver saved successfully!');
  const pat = added.json().data.driver;
  assert.deepEqual(
    { ...pat, id: undefined },
    {
      id: undefined,
      name: 'Pat Wheeler',
      phone: '+17605550123',
      email: 'pat@x.test',
      lic: 'D1',
      occLic: 'O1',
    },
  );
  assert.equal((await save({ id: pat.id, lic: 'D2' })).json().data.driver.lic, 'D2');
  for (const [body, message] of [
    [{ name: '' }, 'Name is required. '],
    [{ name: 'X', email: 'nope' }, 'The input is not a valid E-mail. '],
    [{ name: 'x'.repeat(101) }, 'Name is limited to 100 characters. '],
  ] as const) {
    const res = await save(body);
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, message);
  }
  const ghost = await save({ id: '0123456789abcdef01234567', name: 'Ghost' });
  assert.equal(ghost.statusCode, 404);
  assert.equal(ghost.json().message, 'unable to find driver');
  assert.equal(await Driver.countDocuments(), 1);
  const found = await call(app, Role.Admin, 'POST', '/api/drivers', { where: { q: 'wheel' } });
  assert.deepEqual(
    found.json().data.drivers.map((d: any) => d.name),
    ['Pat Wheeler'],
  );
  assert.equal((await save({ name: 'Mine' }, Role.Driver)).statusCode, 403);
  const del = await call(app, Role.Admin, 'POST', '/api/drivers/delete', { driver: { id: pat.id } });
  assert.deepEqual(del.json(), { message: 'Driver deleted' });
  assert.deepEqual((await call(app, Role.Admin, 'GET', '/api/drivers')).json().data.drivers, []);
});

test('a driver record links to the portal driver with its email, through accounts events; linking and unlinking are events', async () => {
  const res = await save({ name: 'Lee Link', email });
  const driver = res.json().data.driver;
  assert.equal(driver.userId, undefined); // no such user yet
  // accounts creates the user (role 2): the consumer links the record
  await app.bus.publish(
    Subjects.userCreated,
    { userId: `u-${tag}`, email, role: Role.Driver, verified: true },
    { source: 'accounts' },
  );
  await waitFor(
    async () => ((await Driver.findById(driver.id).lean())?.userId === `u-${tag}` ? true : undefined),
    20_000,
    200,
  );
  const linked = (await call(app, Role.Admin, 'GET', '/api/drivers')).json().data.drivers[0];
  assert.equal(linked.userId, `u-${tag}`);
  // the record's email changes: unlinked (driver-email-changed)
  assert.equal(
    (await save({ id: driver.id, email: `other-${tag}@test.portal` })).json().data.driver.userId,
    undefined,
  );
  // back again: linked at once from the read model; then the user is deleted: unlinked (user-deleted)
  assert.equal((await save({ id: driver.id, email })).json().data.driver.userId, `u-${tag}`);
  await app.bus.publish(
    Subjects.userDeleted,
    { userId: `u-${tag}`, email, role: Role.Driver },
    { source: 'accounts' },
  );
  await waitFor(
    async () => ((await Driver.findById(driver.id).lean())?.userId === '' ? true : undefined),
    20_000,
    200,
  );
  const events = await waitFor(
    async () => {
      const list = await linkEvents(driver.id);
      return list.length >= 4 ? list : undefined;
    },
    20_000,
    300,
  );
  assert.deepEqual(
    events.map((e) => [e.type, e.data.reason]),
    [
      [Subjects.driverLinked, undefined],
      [Subjects.driverUnlinked, 'driver-email-changed'],
      [Subjects.driverLinked, undefined],
      [Subjects.driverUnlinked, 'user-deleted'],
    ],
  );
});
