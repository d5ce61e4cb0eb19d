import type { FastifyInstance } from 'fastify';
import { shutdownTelemetry } from './telemetry.js';

/**
 * The port a service listens on: `PORT` (what an orchestrator or `scripts/portal.mjs` gives each process, so a
 * second instance starts by `PORT` alone), else `<NAME>_PORT` (the local stack's env.sh exports every service's,
 * for the URLs services call each other by), else the service's default.
 */
export function servicePort(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  for (const raw of [env.PORT, env[`${name.toUpperCase()}_PORT`]]) {
    const n = Number(raw);
    if (raw && Number.isInteger(n) && n > 0 && n < 65536) return n;
  }
  return fallback;
}

/** src/server.ts of every service: listen on 0.0.0.0:port, close gracefully on SIGTERM/SIGINT. */
export async function runService(
  buildApp: () => Promise<FastifyInstance>,
  port: number,
): Promise<FastifyInstance> {
  const app = await buildApp();
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    // Longer than the slowest in-flight work (an SMTP send: connect + greeting + socket timeouts); k8s gives
    // terminationGracePeriodSeconds above this, so the pod is not killed mid-mail.
    const graceMs = Number(app.env?.SHUTDOWN_GRACE_MS ?? 45_000);
    const force = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown grace period over; exiting');
      process.exit(1);
    }, graceMs).unref();
    try {
      await app.close();
      await shutdownTelemetry();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'close failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ host: '0.0.0.0', port });
  return app;
}
