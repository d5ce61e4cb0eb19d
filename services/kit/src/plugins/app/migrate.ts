import fp from 'fastify-plugin';
import { loadDbAdapter, migrate } from '../../migrate.js';

/**
 * Runs the index migration (../../migrate.ts) when the app gets ready, i.e. before it listens and before the
 * outbox relay's first sweep. Every model on the service's connection is covered, outbox or not. DB_BACKEND says
 * which server it is: MongoDB (production) needs only the declared indexes; `ferretdb` loads the local adapter.
 */
export default fp(
  async (app) => {
    const backend = app.env.DB_BACKEND;
    // a local backend's adapter (and pg) loads while the other backends connect, not after them; never rejects
    const adapter = loadDbAdapter(backend, { postgresUrl: app.env.POSTGRES_URL, log: app.log });
    app.addHook('onReady', async () => {
      await migrate(app.mongo, { backend, adapter, log: app.log });
    });
  },
  { name: 'migrate', dependencies: ['mongo'] },
);
