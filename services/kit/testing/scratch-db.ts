import { after, before } from 'node:test';
import mongoose, { type Connection } from 'mongoose';

/**
 * A database of the test file's own on the local backend (`portal_<name>_<time>`), opened before its tests and
 * dropped after them. Answers a getter: the connection exists once `before` has run.
 */
export function scratchDb(name: string): () => Connection {
  const url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27027/portal';
  const db = `portal_${name}_${Date.now().toString(36)}`;
  let conn: Connection | undefined;
  before(async () => {
    conn = await mongoose.createConnection(url, { dbName: db, autoIndex: false }).asPromise();
  });
  after(async () => {
    await conn?.dropDatabase().catch(() => {});
    await conn?.close();
  });
  return () => conn!;
}
