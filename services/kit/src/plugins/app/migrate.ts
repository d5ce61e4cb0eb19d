import fp from 'fastify-plugin';
import { migrate } from '../../migrate.js';

/**
 * Runs the index migration (../../migrate.ts) when the app gets ready, i.e. before it listens and before the
 * outbox relay's first sweep. Every model on the service's connection is covered, outbox or not.
 */
export default fp(
  async (app) => {
    app.addHook('onReady', async () => {
      const postgresUrl = String(app.env.POSTGRES_URL ?? process.env.POSTGRES_URL ?? '');
      await migrate(app.mongo, { postgresUrl, log: app.log });
    });
  },
  { name: 'migrate', dependencies: ['mongo'] },
);
