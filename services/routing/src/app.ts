import { buildService, type Env } from '@portal/service-kit';
import { routesRoutes } from './routes/routes.js';
import { consumers } from './events/index.js';
import './models/route.js';

/** Routes (and, next, the daily and weekly schedules, maps, the public schedule search). Owns `portal_routing`. */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'routing',
      domain: 'routing',
      routes: [routesRoutes],
      // its stream and (next) outbox on NATS; no object store or mail yet: ready without MinIO or SMTP
      backends: ['mongo', 'nats', 'redis'],
      consumers,
    },
    overrides,
  );
}
