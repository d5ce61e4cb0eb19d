import fp from 'fastify-plugin';

interface Check {
  ok: boolean;
  /** A dependency the service cannot work without (env READY_REQUIRES); only those turn /readyz into 503. */
  required: boolean;
  ms: number;
  error?: string;
}

async function check(required: boolean, fn: () => Promise<unknown>, ms = 2000): Promise<Check> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  );
  try {
    await Promise.race([fn(), timeout]);
    return { ok: true, required, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    return { ok: false, required, ms: Math.round(performance.now() - t0), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, outside /api and public. /readyz reports every dependency by name; it answers 503 only
 * when a REQUIRED one is down (default: mongo). NATS, Redis and S3 are shared by every pod: taking all pods out
 * of the load balancer during their blip would turn a partial outage (events wait in the outbox, a mail job or an
 * upload fails) into a total one. They show as `degraded` with 200 instead.
 */
export default fp(
  async (app) => {
    const requiredSet = () =>
      new Set(
        String(app.env.READY_REQUIRES ?? 'mongo')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
      const required = requiredSet();
      const [mongo, nats, redis, s3] = await Promise.all([
        check(required.has('mongo'), async () => app.mongo.db!.admin().ping()),
        check(required.has('nats'), async () =>
          !app.nats || app.nats.isClosed() ? Promise.reject(new Error('closed')) : app.nats.flush(),
        ),
        check(required.has('redis'), async () => app.redis.ping()),
        check(required.has('s3'), async () => app.s3.listBuckets()),
      ]);
      const checks = { mongo, nats, redis, s3 };
      const down = Object.values(checks).filter((c) => !c.ok);
      const unavailable = down.some((c) => c.required);
      const status = unavailable ? 'unavailable' : down.length ? 'degraded' : 'ok';
      return reply.code(unavailable ? 503 : 200).send({ status, checks });
    });
  },
  { name: 'health', dependencies: ['mongo', 'nats', 'redis', 's3'] },
);
