import { INSTANCE_DURABLE_INACTIVE_MS, defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { routesChanged } from '../domain/route-days-cache.js';

/**
 * routing.route.changed.v1 → this process's kept /routes/find answers go (domain/route-days-cache.ts). Every replica
 * keeps its own answers, so each needs every event: one durable per instance (`orders-route-days-<instance>`), from
 * the process's start on, deleted by NATS once the instance is gone.
 */
export const routeDaysConsumer = (instance: string) =>
  defineConsumer({
    durable: `orders-route-days-${instance}`,
    stream: STREAMS.routing,
    subjects: [Subjects.routeChanged],
    concurrency: 1,
    inactiveMs: INSTANCE_DURABLE_INACTIVE_MS,
    handle() {
      routesChanged();
    },
  });
