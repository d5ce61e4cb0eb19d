import { buildService, type Env } from '@portal/service-kit';
import { routesRoutes } from './routes/routes.js';

export async function buildApp(overrides?: Partial<Env>) {
  return buildService({ name: 'routing', domain: 'routing', routes: [routesRoutes] }, overrides);
}
