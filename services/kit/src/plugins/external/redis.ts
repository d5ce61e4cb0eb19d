import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** Redis for readiness and BullMQ producers: fails fast instead of queueing commands while disconnected. */
export default fp(
  async (app) => {
    const redis = new Redis(app.env.REDIS_URL, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
