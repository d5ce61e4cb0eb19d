import type { FastifyInstance } from 'fastify';
import { Route, type RouteDoc } from '../models/route.js';
import { RouteIndex } from './route-index.js';
import { liveRoute, toRoute } from './routes.js';

/** After an event: the route as this database has it now (or out of the index when deleted or unknown here). */
export async function refreshRoute(index: RouteIndex, id: string): Promise<void> {
  const doc = await liveRoute(id);
  index.set(id, doc ? toRoute(doc) : null);
}

/** Every live route into a fresh index (start-up). */
export async function loadIndex(index: RouteIndex): Promise<number> {
  const docs = await Route.find({ deleted: false }).lean<RouteDoc[]>();
  for (const doc of docs) index.set(String(doc._id), toRoute(doc));
  return docs.length;
}

/**
 * The index's life in an app (buildApp makes one index per app and hands it to this plugin, the consumer and the
 * routes): loaded from the database when the app is ready (before it listens), then followed by the consumer
 * (events/index.ts; its durable is this instance's own and goes when the instance does).
 */
export const routeIndexPlugin = (index: RouteIndex) => async (app: FastifyInstance) => {
  app.addHook('onReady', async () => {
    const t = Date.now();
    const n = await loadIndex(index);
    app.log.info({ routes: n, ms: Date.now() - t }, 'route index loaded');
  });
};
