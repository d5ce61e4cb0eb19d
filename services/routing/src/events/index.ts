import { STREAMS, Subjects } from '@portal/contracts';
import { INSTANCE_DURABLE_INACTIVE_MS, defineConsumer } from '@portal/service-kit';
import { refreshRoute } from '../domain/index-state.js';
import type { RouteIndex } from '../domain/route-index.js';

/**
 * routing publishes `routing.route.changed.v1` through the outbox on the Route document (domain/routes.ts) and
 * consumes it itself: every instance keeps its own /routes/find index, so each needs every event — hence one
 * durable per instance (`routing-route-index-<instance>`, removed by NATS once the instance is gone).
 * The handler re-reads the route from this instance's database rather than trusting the payload, so the index
 * always equals the database, whatever the order of events (or another database's events on the same stream).
 */
export const ROUTE_INDEX_DURABLE = 'routing-route-index';
export const routeIndexConsumer = (instance: string, index: RouteIndex) =>
  defineConsumer({
    durable: `${ROUTE_INDEX_DURABLE}-${instance}`,
    stream: STREAMS.routing,
    subjects: [Subjects.routeChanged],
    concurrency: 1,
    inactiveMs: INSTANCE_DURABLE_INACTIVE_MS,
    async handle(event) {
      await refreshRoute(index, event.data.route.id);
    },
  });
