import { buildService, type Env } from '@portal/service-kit';
import { driversRoutes } from './routes/drivers.js';
import { vehiclesRoutes } from './routes/vehicles.js';
import { consumers } from './events/index.js';
import './models/driver.js';
import './models/vehicle.js';

/** Drivers, vehicles and (issue 11) maintenance. Owns the `portal_fleet` database and the FLEET stream. */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'fleet',
      domain: 'fleet',
      routes: [driversRoutes, vehiclesRoutes],
      // its stream and (next) outbox on NATS; no object store or mail yet: ready without MinIO or SMTP
      backends: ['mongo', 'nats', 'redis'],
      consumers,
    },
    overrides,
  );
}
