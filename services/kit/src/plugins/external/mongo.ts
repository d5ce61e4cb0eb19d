import fp from 'fastify-plugin';
import mongoose from 'mongoose';

/**
 * The service's database `portal_<name>` on the default mongoose connection, so models declared with
 * `mongoose.model()` in src/models work as-is. One service per process.
 */
export default fp(
  async (app) => {
    await mongoose.connect(app.env.MONGO_URL, {
      dbName: app.env.MONGO_DB || `portal_${app.serviceName}`,
      serverSelectionTimeoutMS: 10_000,
    });
    app.decorate('mongo', mongoose.connection);
    app.addHook('onClose', async () => {
      await mongoose.disconnect();
    });
  },
  { name: 'mongo' },
);
