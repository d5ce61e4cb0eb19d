import { randomUUID } from 'node:crypto';
import { buildService, type Env } from '@portal/service-kit';
import { routesRoutes } from './routes/routes.js';
import { routeIndexConsumer } from './events/index.js';
import { routeIndexPlugin } from './domain/index-state.js';
import { Route } from './models/route.js';
import { RouteIndex } from './domain/route-index.js';

/**
 * Routes: the list and editor calls, and /routes/find over an in-memory index each instance keeps current from
 * its own routing.route.changed.v1 events (next: the daily and weekly schedules, maps). Owns `portal_routing`.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  // this instance's name for its index durable (every instance must see every route event)
  const index = new RouteIndex();
  const consumer = routeIndexConsumer(randomUUID().slice(0, 8), index);
  return buildService(
    {
      name: 'routing',
      domain: 'routing',
      routes: [routeIndexPlugin(index, consumer), routesRoutes(index)],
      // its stream, outbox and index consumer on NATS; no object store or mail
      backends: ['mongo', 'nats', 'redis'],
      models: [Route],
      consumers: [consumer],
    },
    overrides,
  );
}
