import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Part, PartContext } from './part.js';
import { dispatchFeed, fleetSnapshotConsumer, ordersSnapshotConsumer } from '../readmodels/feed.js';
import { followChanges, onOrderChange, ordersFeedConsumer, ordersOfDay } from '../readmodels/orders.js';
import { fleetFeedConsumer } from '../readmodels/fleet.js';
import { LiveHub } from '../domain/schedule/live.js';
import { scheduleRoutes } from '../routes/schedule.js';
import { liveRoutes } from '../routes/live.js';

/** How often open live streams look for changes applied by other routing instances. */
const FOLLOW_EVERY_MS = 1000;

/** The snapshot fill at start (readmodels/feed.ts) unless the env turns it off (suites seeding the read models). */
async function feed(app: FastifyInstance) {
  if (app.env.ROUTING_DISPATCH_FEED !== 'off') await dispatchFeed(app);
}

/**
 * The schedule part (see services/routing/README.md): routing's read models of orders, drivers and
 * vehicles (readmodels/*, fed by events and snapshot pages), the daily schedule answer and its live updates (one
 * LiveHub per app, fed by the read model's in-process change emitter).
 */
export const schedulePart = (_ctx: PartContext): Part => {
  const hub = new LiveHub();
  const live = async (app: FastifyInstance) => {
    const off = onOrderChange((c) => hub.push(c));
    // while streams are open, what other routing instances applied (they share the feed durable) is followed
    // through the change log about once a second
    const follow = setInterval(() => {
      if (hub.streams > 0)
        void followChanges().catch((err: Error) => app.log.warn({ err: err.message }, 'live follow failed'));
    }, FOLLOW_EVERY_MS);
    follow.unref();
    app.addHook('onClose', async () => {
      clearInterval(follow);
      off();
    });
    // today's and tomorrow's orders into the day cache once ready (a cold day is one slow FerretDB read)
    app.addHook('onReady', async () => {
      const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      void ordersOfDay(day(0))
        .then(() => ordersOfDay(day(1)))
        .catch((err: Error) => app.log.warn({ err: err.message }, 'schedule days not warmed'));
    });
  };
  return {
    routes: [feed, live, scheduleRoutes(hub), liveRoutes(hub)],
    consumers: [ordersFeedConsumer, fleetFeedConsumer, ordersSnapshotConsumer, fleetSnapshotConsumer],
    env: {
      /** 'off': no snapshot request at start (for suites that seed the read models themselves). */
      ROUTING_DISPATCH_FEED: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
    },
  };
};
