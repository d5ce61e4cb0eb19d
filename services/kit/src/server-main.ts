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
    const force = setTimeout(() => process.exit(1), 15_000).unref();
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
