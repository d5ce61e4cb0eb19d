import fp from 'fastify-plugin';
import mongoose from 'mongoose';

/**
 * The service's database `portal_<name>` on the default mongoose connection, so models declared with
 * `mongoose.model()` in src/models work as-is. One service per process.
 * autoIndex/autoCreate are off: collections and indexes are made by the start-up migration (plugins/app/migrate.ts, `syncIndexes`), which
 * fails the start on a bad declaration instead of mongoose's background build that only emits an event.
 */
export default fp(
  async (app) => {
    await mongoose.connect(app.env.MONGO_URL, {
      dbName: app.env.MONGO_DB || `portal_${app.serviceName}`,
      serverSelectionTimeoutMS: 10_000,
      autoIndex: false,
      // no concurrent createCollection per model at connect: on a new database FerretDB (PostgreSQL) races
      // creating its metadata table ("relation _ferretdb_database_metadata already exists"); the migration
      // creates the collections one by one instead
      autoCreate: false,
    });
    app.decorate('mongo', mongoose.connection);
    app.addHook('onClose', async () => {
      await mongoose.disconnect();
    });
  },
  { name: 'mongo' },
);
