import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { Vehicle } from '../../src/models/vehicle.js';
import { Driver } from '../../src/models/driver.js';
import { VEHICLE_LIST_SORT, vehicleListFilter } from '../../src/domain/vehicles.js';
import { DRIVER_LIST_FILTER, DRIVER_LIST_SORT } from '../../src/domain/drivers.js';
import { buildApp } from '../../src/app.js';

// The list queries exactly as the domain builds them reach the database through an index (docs/DATA.md §2-3):
// FerretDB pushes the equality down and PostgreSQL serves it from the GIN index the start-up migration made.
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, { MONGO_DB: 'portal_fleet_test' });
  await Vehicle.create({ name: 'Index probe', status: 1 });
  await Driver.create({ name: 'Index probe' });
});
after(async () => {
  await Promise.all([
    Vehicle.deleteMany({ name: 'Index probe' }),
    Driver.deleteMany({ name: 'Index probe' }),
  ]);
  await app.close();
});

test("the vehicle lists (staff's, one status, a driver's active ones) use an index", async () => {
  await assertUsesIndex(Vehicle, vehicleListFilter(Role.Admin), VEHICLE_LIST_SORT);
  await assertUsesIndex(Vehicle, vehicleListFilter(Role.Admin, { status: 0 }), VEHICLE_LIST_SORT);
  await assertUsesIndex(Vehicle, vehicleListFilter(Role.Driver), VEHICLE_LIST_SORT);
});

test('the driver list uses an index', async () => {
  await assertUsesIndex(Driver, DRIVER_LIST_FILTER, DRIVER_LIST_SORT);
});
