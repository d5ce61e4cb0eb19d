import { test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose from 'mongoose';
import { FleetMessages, Role, VehicleStatus } from '@portal/contracts';
import { matchesWhere, vehicleListFilter, whereFromQuery } from '../../src/domain/vehicles.js';
import { vehicleFields, vehicleProblem } from '../../src/domain/vehicle-save.js';
import { DATA_DEFAULTS, toVehicleView } from '../../src/domain/views.js';
import type { VehicleDoc } from '../../src/models/vehicle.js';

const TODAY = new Date('2026-11-23T12:00:00Z');

// The visibility rule without HTTP or a database (orders spec §6: drivers see only active vehicles).
test('staff see every live vehicle, or one status when they ask; a driver only active ones', () => {
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    assert.deepEqual(vehicleListFilter(role), { deleted: false });
    assert.deepEqual(vehicleListFilter(role, { status: 0 }), { deleted: false, status: 0 });
  }
  for (const where of [{}, { status: 0 as const }])
    assert.deepEqual(vehicleListFilter(Role.Driver, where), { deleted: false, status: VehicleStatus.active });
});

test('the view fills every data field an old record lacks and computes the alerts', () => {
  const _id = new mongoose.Types.ObjectId();
  const view = toVehicleView(
    { _id, name: 'Van 1', status: 0, mileage: 4000 } as unknown as VehicleDoc,
    TODAY,
  );
  assert.deepEqual(view.data, DATA_DEFAULTS);
  assert.equal(view.year, null);
  assert.equal(view.status, 0);
  // no oil change recorded and 4,000 miles: due (a vehicle without history shows up, README)
  assert.deepEqual(
    view.due.map((d) => d.kind),
    ['oil'],
  );
});

test('where: due (any or one kind) and a search over name, plate and VIN', () => {
  const v = toVehicleView(
    {
      _id: new mongoose.Types.ObjectId(),
      name: 'Sprinter 7',
      lic: 'ABC123',
      vin: '1M8GDM9AXKP042788',
      mileage: 40_000,
      data: { mileage_loc: 39_000, mileage_tirechange: 1000, mileage_brakes: 20_000 },
    } as unknown as VehicleDoc,
    TODAY,
  );
  assert.deepEqual(
    v.due.map((d) => d.kind),
    ['tires'],
  );
  assert.ok(matchesWhere(v, { due: true }));
  assert.ok(matchesWhere(v, { due: 'tires' }));
  assert.ok(!matchesWhere(v, { due: 'oil' }));
  assert.ok(
    matchesWhere(v, { q: 'abc' }) && matchesWhere(v, { q: 'kp04' }) && matchesWhere(v, { q: 'sprinter' }),
  );
  assert.ok(!matchesWhere(v, { q: 'transit' }));
  assert.deepEqual(whereFromQuery({ due: 'true', status: 1 }), { due: true, status: 1 });
  assert.deepEqual(whereFromQuery({ due: 'oil', q: 'x' }), { due: 'oil', q: 'x' });
});

test('vehicle rules: name, VIN check digit, lowered mileage only when confirmed, last changes below the odometer', () => {
  assert.equal(vehicleProblem({}), 'Name is required. ');
  assert.equal(vehicleProblem({ name: '  ' }), 'Name is required. ');
  assert.equal(vehicleProblem({ name: 'Van', vin: '1M8GDM9AXKP04278' }), FleetMessages.vinLength);
  assert.equal(vehicleProblem({ name: 'Van', vin: '1M8GDM9A1KP042788' }), FleetMessages.vinCheckDigit);
  assert.equal(vehicleProblem({ name: 'Van', vin: ' 1m8gdm9axkp042788 ' }), undefined); // trimmed, upper-cased
  assert.equal(vehicleProblem({ name: 'Van', vin: '' }), undefined);
  const current = { mileage: 50_000, data: { ...DATA_DEFAULTS } };
  assert.equal(vehicleProblem({ mileage: 49_999 }, current), FleetMessages.mileageBelowCurrent);
  assert.equal(vehicleProblem({ mileage: 49_999 }, current, true), undefined);
  assert.equal(vehicleProblem({ mileage: 50_000 }, current), undefined);
  assert.equal(
    vehicleProblem({ data: { mileage_loc: 60_000 } }, current),
    "Mileage at last oil change cannot be more than the vehicle's mileage.",
  );
  assert.deepEqual(vehicleFields({ name: ' Van ', vin: 'abc', data: { spare: true } }, { chains: true }), {
    name: 'Van',
    vin: 'ABC',
    data: { ...DATA_DEFAULTS, chains: true, spare: true },
  });
});
