import type { Connection, Model } from 'mongoose';

/**
 * The database server behind MONGO_URL, as the environment says (DB_BACKEND): `mongodb` in production (the default),
 * `ferretdb` on the local stack (deploy/local/env.sh). docs/decisions/ says why it is configured, not detected.
 */
export type DbBackend = 'mongodb' | 'ferretdb';

export interface MigrateLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What a backend other than MongoDB adds to the start-up migration (../migrate.ts). MongoDB needs nothing beyond
 * the declared indexes, so production loads no adapter; the local FerretDB's lives in ./ferretdb/ and is imported
 * only when DB_BACKEND=ferretdb, with its PostgreSQL client.
 */
export interface DbAdapter {
  /** An error of createCollection/syncIndexes that is a race of the backend's own and worth another try. */
  retryable(err: Error): boolean;
  /**
   * After every model's declared indexes are synced: the backend's own serving structures. Returns what the
   * migration's log line reports of them; a failure is logged here and does not throw.
   */
  afterSync(conn: Connection, models: Model<any>[], log: MigrateLog): Promise<Record<string, unknown>>;
}
