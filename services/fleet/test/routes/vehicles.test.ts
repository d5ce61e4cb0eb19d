import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FleetMessages, Role } from '@portal/contracts';
import { serviceBasics, type Policy, type StatePolicy } from '@portal/service-kit/testing';
import { Vehicle } from '../../src/models/vehicle.js';
import { Driver } from '../../src/models/driver.js';
import { buildApp } from '../../src/app.js';
import { call, TEST_ENV } from '../helpers.js';

const STAFF = [Role.SuperAdmin, Role.Admin];
const OPS = [Role.SuperAdmin, Role.Admin, Role.Driver];
// Written down here, compared with the app's route table: a new route without a policy fails the file.
const POLICY: Policy = {
  'GET /api/drivers': STAFF,
  'POST /api/drivers': STAFF,
  'POST /api/drivers/update': STAFF,
  'POST /api/drivers/delete': STAFF,
  'GET /api/vehicles': OPS,
  'POST /api/vehicles': OPS,
  'GET /api/vehicles/fleetmanager': OPS,
  'POST /api/vehicles/fleetmanager': OPS,
  'POST /api/vehicles/create': STAFF,
  'POST /api/vehicles/update': STAFF,
  'POST /api/vehicles/delete': STAFF,
  'GET /api/vehicles/:id/maintenance': STAFF,
  'POST /api/vehicles/:id/maintenance': STAFF,
  'GET /api/vehicles/export.xlsx': STAFF,
};

// the account-state columns: a user under review may call none of these routes (only accounts' profile ones)
const STATES: StatePolicy = { allowUnverified: [] };
// health, readiness, the route table against POLICY and the role × endpoint × state matrix (the kit's shared basics)
const app = serviceBasics(buildApp, POLICY, TEST_ENV, STATES);

before(async () => {
  await Promise.all([Vehicle.deleteMany({}), Driver.deleteMany({})]);
  await Vehicle.insertMany([
    {
      name: 'Van B',
      lic: 'B-2',
      vin: '1M8GDM9AXKP042788',
      year: 2019,
      status: 1,
      mileage: 52_000,
      data: { mileage_loc: 50_000, mileage_tirechange: 40_000, mileage_brakes: 40_000 },
    },
    { name: 'Van A', lic: 'A-1', status: 1, mileage: 1200 },
    { name: 'Van C (in the shop)', status: 0 },
    { name: 'Van D (sold)', status: 1, deleted: true },
  ]);
});
const names = (res: { json(): any }) => res.json().data.vehicles.map((x: any) => x.name);

test('staff see every live vehicle by name with all fields and alerts; a driver only active ones, however asked', async () => {
  for (const role of STAFF)
    assert.deepEqual(names(await call(app(), role, 'GET', '/api/vehicles')), [
      'Van A',
      'Van B',
      'Van C (in the shop)',
    ]);
  const b = (await call(app(), Role.Admin, 'GET', '/api/vehicles')).json().data.vehicles[1];
  assert.deepEqual(Object.keys(b).sort(), [
    'data',
    'due',
    'id',
    'lic',
    'mileage',
    'name',
    'status',
    'updatedAt',
    'vin',
    'year',
  ]);
  assert.equal(b.data.mileage_loc, 50_000);
  assert.deepEqual(b.due, []);
  assert.deepEqual(names(await call(app(), Role.Admin, 'GET', '/api/vehicles?status=0')), [
    'Van C (in the shop)',
  ]);
  for (const [method, url, body] of [
    ['GET', '/api/vehicles?status=0', undefined],
    ['POST', '/api/vehicles', { where: { status: 0 } }],
  ] as const)
    assert.deepEqual(names(await call(app(), Role.Driver, method, url, body)), ['Van A', 'Van B']);
});

test('the fleet manager: due filter (badge) and counts over the whole fleet', async () => {
  const all = (await call(app(), Role.Admin, 'GET', '/api/vehicles/fleetmanager')).json().data;
  assert.deepEqual(all.counts, { total: 3, active: 2, due: 0 });
  // Van A: 1,200 miles and no oil change recorded → not due yet; drive it past 3,500
  const a = all.vehicles[0];
  const res = await call(app(), Role.Admin, 'POST', '/api/vehicles/update', {
    vehicle: { id: a.id, mileage: 3600 },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, 'Vehicle updated successfully!');
  assert.deepEqual(
    res.json().data.vehicle.due.map((d: any) => d.kind),
    ['oil'],
  );
  const due = (
    await call(app(), Role.Admin, 'POST', '/api/vehicles/fleetmanager', { where: { due: true } })
  ).json().data;
  assert.deepEqual(
    due.vehicles.map((v: any) => v.name),
    ['Van A'],
  );
  assert.deepEqual(due.counts, { total: 3, active: 2, due: 1 });
  assert.deepEqual(names(await call(app(), Role.Admin, 'GET', '/api/vehicles?due=tires')), []);
  assert.deepEqual(names(await call(app(), Role.Driver, 'GET', '/api/vehicles/fleetmanager?q=b-2')), [
    'Van B',
  ]);
});

test('create and update: VIN checked, lowered mileage refused unless confirmed, nothing written on a 400', async () => {
  const created = await call(app(), Role.Admin, 'POST', '/api/vehicles/create', {
    vehicle: {
      name: 'Transit 9',
      vin: '1hgcm82633a004352',
      year: 2021,
      mileage: 20_000,
      data: { reg_exp: '2030-01-01', ownerstatus: 'leased', radius: 'mid', chains: true },
    },
  });
  assert.equal(created.statusCode, 200, created.body);
  const v = created.json().data.vehicle;
  assert.equal(created.json().message, 'Vehicle created successfully!');
  assert.equal(v.vin, '1HGCM82633A004352');
  assert.equal(v.data.ownerstatus, 'leased');
  // what a refused update must leave alone (the outbox fields move on their own as the relay drains)
  const stored = async () => {
    const { name, vin, mileage, status, data, updatedAt } = (await Vehicle.findById(v.id).lean())!;
    return { name, vin, mileage, status, data, updatedAt };
  };
  const before = await stored();
  const refuse = async (body: object, message: string, status = 400) => {
    const res = await call(app(), Role.Admin, 'POST', '/api/vehicles/update', body);
    assert.equal(res.statusCode, status, res.body);
    assert.equal(res.json().message, message);
  };
  await refuse({ vehicle: { id: v.id, mileage: 19_000 } }, FleetMessages.mileageBelowCurrent);
  await refuse({ vehicle: { id: v.id, vin: '1HGCM82643A004352' } }, FleetMessages.vinCheckDigit);
  await refuse({ vehicle: { id: v.id, vin: 'SHORT' } }, FleetMessages.vinLength);
  await refuse({ vehicle: { id: v.id, name: '' } }, 'Name is required. ');
  await refuse({ vehicle: { id: v.id, name: 'x'.repeat(101) } }, 'Name is limited to 100 characters. ');
  await refuse(
    { vehicle: { id: v.id, data: { reg_exp: '2030-13-01' } } },
    'Registration expiry must be a date (YYYY-MM-DD).',
  );
  await refuse({ vehicle: { id: v.id, status: 2 } }, 'status must be 0 (inactive) or 1 (active)');
  await refuse({ vehicle: { id: '0123456789abcdef01234567', name: 'Ghost' } }, 'unable to find vehicle', 404);
  assert.deepEqual(await stored(), before);
  const lowered = await call(app(), Role.Admin, 'POST', '/api/vehicles/update', {
    vehicle: { id: v.id, mileage: 19_000 },
    confirmLowerMileage: true,
  });
  assert.equal(lowered.json().data.vehicle.mileage, 19_000);
  assert.equal(lowered.json().data.vehicle.data.chains, true); // data fields not sent stay
});

test('drivers cannot add, edit or delete vehicles; vendors see no fleet', async () => {
  const [a] = (await call(app(), Role.Admin, 'GET', '/api/vehicles')).json().data.vehicles;
  for (const [url, body] of [
    ['/api/vehicles/create', { vehicle: { name: 'Mine' } }],
    ['/api/vehicles/update', { vehicle: { id: a.id, name: 'Mine' } }],
    ['/api/vehicles/delete', { vehicle: { id: a.id } }],
  ] as const) {
    const res = await call(app(), Role.Driver, 'POST', url, body);
    assert.equal(res.statusCode, 403, url);
    assert.equal(res.json().message, 'You do not have permission to do this.');
  }
  for (const role of [Role.AccountAdmin, Role.User])
    assert.equal((await call(app(), role, 'GET', '/api/vehicles')).statusCode, 403);
  assert.equal(await Vehicle.countDocuments({ name: 'Mine' }), 0);
});

test('delete flags the vehicle: it leaves every list, a second delete is a 404', async () => {
  const created = (
    await call(app(), Role.Admin, 'POST', '/api/vehicles/create', { vehicle: { name: 'Old Van' } })
  ).json().data.vehicle;
  const del = await call(app(), Role.Admin, 'POST', '/api/vehicles/delete', { vehicle: { id: created.id } });
  assert.deepEqual(del.json(), { message: 'Vehicle deleted' });
  const ids = (await call(app(), Role.Admin, 'GET', '/api/vehicles'))
    .json()
    .data.vehicles.map((v: any) => v.id);
  assert.ok(!ids.includes(created.id));
  assert.equal((await Vehicle.findById(created.id).lean())?.deleted, true);
  const again = await call(app(), Role.Admin, 'POST', '/api/vehicles/delete', {
    vehicle: { id: created.id },
  });
  assert.equal(again.statusCode, 404);
  assert.equal(again.json().message, 'unable to find vehicle');
});
