import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, type RoleNumber } from '@portal/contracts';
import { serviceBasics, tokenFor, type Policy } from '@portal/service-kit/testing';
import { Vehicle } from '../../src/models/vehicle.js';
import { Driver } from '../../src/models/driver.js';
import { buildApp } from '../../src/app.js';

// Written down here, compared with the app's route table: a new route without a policy fails the file.
const POLICY: Policy = {
  'GET /api/drivers': [Role.SuperAdmin, Role.Admin],
  'GET /api/vehicles': [Role.SuperAdmin, Role.Admin, Role.Driver],
};

// health, readiness, the route table against POLICY and the role × endpoint matrix (the kit's shared basics)
const app = serviceBasics(buildApp, POLICY, { MONGO_DB: 'portal_fleet_test' });

before(async () => {
  await Promise.all([Vehicle.deleteMany({}), Driver.deleteMany({})]);
  await Vehicle.insertMany([
    { name: 'Van B', lic: 'B-2', vin: '1FTBW3XM5HKA00001', year: 2019, status: 1, mileage: 52000 },
    { name: 'Van A', lic: 'A-1', status: 1, mileage: 1200 },
    { name: 'Van C (in the shop)', status: 0 },
    { name: 'Van D (sold)', status: 1, deleted: true },
  ]);
  await Driver.insertMany([
    { name: 'Dana', phone: '+12025550100', email: 'dana@demo.portal', lic: 'D1', occLic: 'O1' },
    { name: 'Abe' },
    { name: 'Gone', deleted: true },
  ]);
});
const as = async (role: RoleNumber, url: string) =>
  app().inject({ url, headers: { authorization: `Bearer ${await tokenFor(role)}` } });
const names = (res: { json(): any }, key: string) => res.json().data[key].map((x: any) => x.name);

test('staff see every live vehicle by name, active and inactive, with the list fields only', async () => {
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    const res = await as(role, '/api/vehicles');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(names(res, 'vehicles'), ['Van A', 'Van B', 'Van C (in the shop)']);
  }
  const b = (await as(Role.Admin, '/api/vehicles')).json().data.vehicles[1];
  assert.deepEqual(Object.keys(b).sort(), ['id', 'lic', 'mileage', 'name', 'status', 'vin', 'year']);
  assert.equal(b.vin, '1FTBW3XM5HKA00001');
  assert.deepEqual(names(await as(Role.Admin, '/api/vehicles?status=0'), 'vehicles'), [
    'Van C (in the shop)',
  ]);
});

test('a driver sees only active vehicles, even when asking for inactive ones (orders spec §6)', async () => {
  assert.deepEqual(names(await as(Role.Driver, '/api/vehicles'), 'vehicles'), ['Van A', 'Van B']);
  assert.deepEqual(names(await as(Role.Driver, '/api/vehicles?status=0'), 'vehicles'), ['Van A', 'Van B']);
});

test('vendors see no fleet: 403 with the spec message', async () => {
  for (const role of [Role.AccountAdmin, Role.User]) {
    for (const url of ['/api/vehicles', '/api/drivers']) {
      const res = await as(role, url);
      assert.equal(res.statusCode, 403, `${url} as ${role}`);
      assert.equal(res.json().message, 'You do not have permission to do this.');
    }
  }
});

test('bad list queries are 400s that say what is wrong', async () => {
  const bad = await as(Role.Admin, '/api/vehicles?status=2');
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().message, 'status must be 0 (inactive) or 1 (active)');
  const word = await as(Role.Admin, '/api/vehicles?status=active');
  assert.equal(word.statusCode, 400);
  assert.equal(word.json().message, 'status must be 0 (inactive) or 1 (active)');
  // an undeclared parameter is dropped (the kit's AJV removeAdditional), never passed on to the query
  assert.deepEqual(names(await as(Role.Admin, '/api/vehicles?deleted=true'), 'vehicles'), [
    'Van A',
    'Van B',
    'Van C (in the shop)',
  ]);
});

test('staff see live drivers by name; a driver is refused the Drivers tab', async () => {
  const res = await as(Role.Admin, '/api/drivers');
  assert.equal(res.statusCode, 200);
  assert.deepEqual(names(res, 'drivers'), ['Abe', 'Dana']);
  assert.deepEqual(res.json().data.drivers[1], {
    id: res.json().data.drivers[1].id,
    name: 'Dana',
    phone: '+12025550100',
    email: 'dana@demo.portal',
    lic: 'D1',
    occLic: 'O1',
  });
  assert.equal((await as(Role.Driver, '/api/drivers')).statusCode, 403);
});
