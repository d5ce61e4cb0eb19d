import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { toVehicleView, vehicleListFilter } from '../../src/domain/vehicles.js';
import { VehicleStatus, type VehicleDoc } from '../../src/models/vehicle.js';
import mongoose from 'mongoose';

// The visibility rule without HTTP or a database (orders spec §6: drivers see only active vehicles).
test('staff see every live vehicle, or one status when they ask', () => {
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    assert.deepEqual(vehicleListFilter(role), { deleted: false });
    assert.deepEqual(vehicleListFilter(role, { status: 0 }), { deleted: false, status: 0 });
  }
});

test('a driver sees only active vehicles, whatever the query asks for', () => {
  assert.deepEqual(vehicleListFilter(Role.Driver), { deleted: false, status: VehicleStatus.active });
  assert.deepEqual(vehicleListFilter(Role.Driver, { status: 0 }), {
    deleted: false,
    status: VehicleStatus.active,
  });
});

test('the view carries the list fields only, with defaults for what an old record lacks', () => {
  const _id = new mongoose.Types.ObjectId();
  const view = toVehicleView({ _id, name: 'Van 1', status: 0, deleted: false } as unknown as VehicleDoc);
  assert.deepEqual(view, {
    id: String(_id),
    name: 'Van 1',
    lic: '',
    vin: '',
    year: null,
    status: 0,
    mileage: 0,
  });
});
