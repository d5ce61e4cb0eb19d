import type { FastifyInstance } from 'fastify';
import { durableName, type ConsumerDef } from '@portal/service-kit';
import { STREAMS } from '@portal/contracts';
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

/** A per-instance durable that nobody pulls from is deleted by NATS after this long (a replica that went away). */
const INSTANCE_DURABLE_INACTIVE_MS = 10 * 60_000;

/**
 * The index's life in an app (buildApp makes one index per app and hands it to this plugin, the consumer and the
 * routes): loaded from the database when the app is ready (before it listens), then followed by the consumer
 * (events/index.ts). The consumer's durable gets an inactivity threshold, which the kit sets only for test
 * durables: each instance has its own, and a gone instance's must not pile up.
 */
export const routeIndexPlugin =
  (index: RouteIndex, consumer: ConsumerDef) => async (app: FastifyInstance) => {
    app.addHook('onReady', async () => {
      const t = Date.now();
      const n = await loadIndex(index);
      app.log.info({ routes: n, ms: Date.now() - t }, 'route index loaded');
      const durable = durableName(consumer, app.env.CONSUMER_SUFFIX);
      const ns = INSTANCE_DURABLE_INACTIVE_MS * 1_000_000;
      await app.jsm.consumers
        .update(STREAMS.routing, durable, { inactive_threshold: ns })
        .catch((err: Error) =>
          app.log.warn({ err: err.message, durable }, 'durable threshold not set (NATS down?)'),
        );
    });
  };
