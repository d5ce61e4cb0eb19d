import { buildService, type Env } from '@portal/service-kit';
import { driversRoutes } from './routes/drivers.js';
import { vehiclesRoutes } from './routes/vehicles.js';

export async function buildApp(overrides?: Partial<Env>) {
  return buildService({ name: 'fleet', domain: 'fleet', routes: [driversRoutes, vehiclesRoutes] }, overrides);
}
