import type { FastifyInstance } from 'fastify';
import { shutdownTelemetry } from './telemetry.js';

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
