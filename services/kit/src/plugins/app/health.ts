import fp from 'fastify-plugin';

async function check(fn: () => Promise<unknown>, ms = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)),
  );
  try {
    await Promise.race([fn(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness, outside /api and public. */
export default fp(
  async (app) => {
    app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      const checks = {
        mongo: await check(async () => app.mongo.db!.admin().ping()),
        nats: await check(async () =>
          app.nats.isClosed() ? Promise.reject(new Error('closed')) : app.nats.flush(),
        ),
        redis: await check(async () => app.redis.ping()),
      };
      const ok = Object.values(checks).every(Boolean);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    });
  },
  { name: 'health', dependencies: ['mongo', 'nats', 'redis'] },
);
