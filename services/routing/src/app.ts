import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { buildService, type Env } from '@portal/service-kit';
import { routesRoutes } from './routes/routes.js';
import { routeIndexConsumer } from './events/index.js';
import { snapshotAnswers } from './events/snapshot-answer.js';
import { routeIndexPlugin } from './domain/index-state.js';
import { Route } from './models/route.js';
import { RouteIndex } from './domain/route-index.js';
import { schedulePart } from './parts/schedule.js';
import { mapsPart } from './parts/maps.js';
import { weeklyPart } from './parts/weekly.js';
import { publicPart } from './parts/public.js';

/**
 * Routes: the list and editor calls, and /routes/find over an in-memory index each instance keeps current from
 * its own routing.route.changed.v1 events; and dispatch in four parts (parts/*.ts): the daily schedule
 * with live updates, route maps, the weekly driver schedule, and the public search with tracking links. Owns
 * `portal_routing`.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  // this instance's name for its index durable (every instance must see every route event)
  const index = new RouteIndex();
  const consumer = routeIndexConsumer(randomUUID().slice(0, 8), index);
  const parts = [schedulePart, mapsPart, weeklyPart, publicPart].map((part) => part({ index }));
  return buildService(
    {
      name: 'routing',
      domain: 'routing',
      routes: [routeIndexPlugin(index), routesRoutes(index), ...parts.flatMap((p) => p.routes)],
      // its stream, outbox and consumers on NATS; no object store or mail
      backends: ['mongo', 'nats', 'redis'],
      models: [Route, ...parts.flatMap((p) => p.models ?? [])],
      consumers: [consumer, ...snapshotAnswers, ...parts.flatMap((p) => p.consumers ?? [])],
      env: Type.Object(Object.assign({}, ...parts.map((p) => p.env ?? {}))),
    },
    overrides,
  );
}
