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

export type Backend = 'mongo' | 'nats' | 'redis' | 's3' | 'smtp';

/**
 * Liveness and readiness, outside /api and public. /readyz reports each DECLARED backend by name (an undeclared
 * one is neither checked nor needed: a service without 'smtp' is ready with SMTP down); it answers 503 only when
 * a REQUIRED one is down (READY_REQUIRES, default: mongo). NATS, Redis, S3 and SMTP are shared by every pod:
 * taking all pods out of the load balancer during their blip would turn a partial outage (events wait in the
 * outbox, a mail job or an upload fails) into a total one. They show as `degraded` with 200 instead.
 */
export default fp(
  async (app, opts: { backends: Backend[] }) => {
    const probes: Record<Backend, () => Promise<unknown>> = {
      mongo: async () => app.mongo.db!.admin().ping(),
      nats: async () =>
        !app.nats || app.nats.isClosed() ? Promise.reject(new Error('closed')) : app.nats.flush(),
      redis: async () => app.redis.ping(),
      s3: async () => app.s3.listBuckets(),
      smtp: async () => app.mailer.verify(),
    };
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
      const results = await Promise.all(
        opts.backends.map(async (b) => [b, await check(required.has(b), probes[b])] as const),
      );
      const checks = Object.fromEntries(results);
      const down = results.map(([, c]) => c).filter((c) => !c.ok);
      const unavailable = down.some((c) => c.required);
      const status = unavailable ? 'unavailable' : down.length ? 'degraded' : 'ok';
      return reply.code(unavailable ? 503 : 200).send({ status, checks });
    });
  },
  { name: 'health' },
);
