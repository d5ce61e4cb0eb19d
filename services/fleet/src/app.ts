import { buildService, type Env } from '@portal/service-kit';
import { driversRoutes } from './routes/drivers.js';
import { vehiclesRoutes } from './routes/vehicles.js';
import { maintenanceRoutes } from './routes/maintenance.js';
import { consumers } from './events/index.js';
import { sweepSchedule, sweepWorker } from './jobs/service-due-sweep.js';
import { Driver } from './models/driver.js';
import { Vehicle } from './models/vehicle.js';
import './models/maintenance.js';
import './models/portal-user.js';

/**
 * Drivers, vehicles and maintenance; owns the `portal_fleet` database and the FLEET stream. The rooms: routes/
 * (schema, who may call, one domain call) → domain/ (rules and writes) → models/; events/ what fleet publishes and
 * consumes; jobs/ the hourly service-due sweep. README.md has the map and the decisions.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'fleet',
      domain: 'fleet',
      routes: [sweepSchedule, driversRoutes, vehiclesRoutes, maintenanceRoutes],
      // the outbox relay and the accounts consumer (nats), the sweep's queue (redis); no object store or mail
      backends: ['mongo', 'nats', 'redis'],
      models: [Driver, Vehicle],
      // accounts' users, and the readers' snapshot answers (events/index.ts)
      consumers,
      workers: [sweepWorker],
    },
    overrides,
  );
}
