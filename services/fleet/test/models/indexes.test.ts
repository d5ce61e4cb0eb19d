import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import mongoose from 'mongoose';
import { Role, STAFF_ROLES } from '@portal/contracts';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { Vehicle } from '../../src/models/vehicle.js';
import { Driver } from '../../src/models/driver.js';
import { Maintenance } from '../../src/models/maintenance.js';
import { PortalUser } from '../../src/models/portal-user.js';
import { VEHICLE_LIST_SORT, vehicleListFilter } from '../../src/domain/vehicles.js';
import { DRIVER_LIST_FILTER, DRIVER_LIST_SORT } from '../../src/domain/drivers.js';
import { MAINTENANCE_SORT } from '../../src/domain/maintenance.js';
import { staffFilter } from '../../src/domain/service-due.js';
import { buildApp } from '../../src/app.js';
import { TEST_ENV } from '../helpers.js';

// The queries exactly as the domain builds them reach the database through an index (docs/DATA.md §2-3):
// FerretDB pushes the equality down and PostgreSQL serves it from the GIN index the start-up migration made.
let app: FastifyInstance;
const probe = new mongoose.Types.ObjectId();
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Vehicle.create({ _id: probe, name: 'Index probe', status: 1 });
  await Driver.create({ name: 'Index probe', email: 'probe@index.test' });
  await Maintenance.create({
    vehicleId: String(probe),
    date: '2026-01-01',
    mileage: 1,
    type: 'change_oil',
    cost: 1,
  });
  await PortalUser.create({ userId: 'index-probe', email: 'probe@index.test', role: Role.Admin });
});
after(async () => {
  await Promise.all([
    Vehicle.deleteMany({ name: 'Index probe' }),
    Driver.deleteMany({ name: 'Index probe' }),
    Maintenance.deleteMany({ vehicleId: String(probe) }),
    PortalUser.deleteMany({ userId: 'index-probe' }),
  ]);
  await app.close();
});

test("the vehicle lists (staff's, one status, a driver's active ones) use an index", async () => {
  await assertUsesIndex(Vehicle, vehicleListFilter(Role.Admin), VEHICLE_LIST_SORT);
  await assertUsesIndex(Vehicle, vehicleListFilter(Role.Admin, { status: 0 }), VEHICLE_LIST_SORT);
  await assertUsesIndex(Vehicle, vehicleListFilter(Role.Driver), VEHICLE_LIST_SORT);
});

test('the driver list and the link lookups (by email, by user) use an index', async () => {
  await assertUsesIndex(Driver, DRIVER_LIST_FILTER, DRIVER_LIST_SORT);
  await assertUsesIndex(Driver, { email: 'probe@index.test', deleted: false });
  await assertUsesIndex(Driver, { userId: 'u-1' });
  await assertUsesIndex(PortalUser, { email: 'probe@index.test' });
});

test("a vehicle's maintenance history and the alert recipients use an index", async () => {
  await assertUsesIndex(Maintenance, { vehicleId: String(probe) }, MAINTENANCE_SORT);
  for (const role of STAFF_ROLES) await assertUsesIndex(PortalUser, staffFilter(role));
});
