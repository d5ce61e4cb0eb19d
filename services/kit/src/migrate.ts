import type { Connection, Model } from 'mongoose';
import type { DbAdapter, DbBackend, MigrateLog } from './backends/db-adapter.js';

/**
 * The start-up migration (docs/DATA.md §3): every model's declared indexes through `syncIndexes` (the schema is the
 * one source; `autoIndex` is off). That is all MongoDB needs, and all production runs. A local backend's extras
 * (FerretDB: GIN serving indexes in its PostgreSQL) come from its adapter, imported only when DB_BACKEND names it
 * (backends/ferretdb/), so neither its code nor `pg` is loaded on MongoDB.
 */

export type Logger = MigrateLog;
export type { DbBackend };

/** The backend the environment names (DB_BACKEND); anything but `ferretdb` is MongoDB. */
export function dbBackend(env: Record<string, string | undefined> = process.env): DbBackend {
  return env.DB_BACKEND === 'ferretdb' ? 'ferretdb' : 'mongodb';
}

/**
 * After syncIndexes the declared and the stored indexes must agree. An option the backend does not keep (FerretDB
 * 1.24 drops `sparse`) made mongoose drop and rebuild that index on every start, leaving the collection without it
 * meanwhile; such a declaration fails the start, so a service's own tests find it.
 */
async function assertIndexesSettled(model: Model<any>): Promise<void> {
  const diff = await model.diffIndexes();
  if (diff.toDrop.length || diff.toCreate.length)
    throw new Error(
      `${model.modelName}: the stored indexes do not match the declaration after syncIndexes ` +
        `(${JSON.stringify(diff)}); an index option the backend does not keep (e.g. sparse on FerretDB) rebuilds it at every start`,
    );
}

/** createCollection (when missing) + syncIndexes, one model at a time; an error the adapter names is retried. */
async function syncOne(model: Model<any>, adapter: DbAdapter | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await model.createCollection().catch((err: { code?: number }) => {
        if (err.code !== 48) throw err; // 48 NamespaceExists: already there
      });
      await model.syncIndexes();
      await assertIndexesSettled(model);
      return;
    } catch (err) {
      if (attempt >= 5 || !adapter?.retryable(err as Error)) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

export interface MigrateOptions {
  /** The server behind the connection (env DB_BACKEND); default: what process.env says. */
  backend?: DbBackend;
  /** PostgreSQL behind FerretDB (env POSTGRES_URL): the ferretdb adapter's only. */
  postgresUrl?: string;
  /** The adapter, when the caller started loading it earlier (loadDbAdapter); default: loaded here. */
  adapter?: Promise<DbAdapter | undefined>;
  log: Logger;
}

/** The backend's adapter, or none for MongoDB. One that cannot load (e.g. `pg` not installed) is logged, not fatal. */
export async function loadDbAdapter(
  backend: DbBackend,
  opts: Pick<MigrateOptions, 'postgresUrl' | 'log'>,
): Promise<DbAdapter | undefined> {
  if (backend !== 'ferretdb') return undefined;
  try {
    const { ferretdbAdapter } = await import('./backends/ferretdb/index.js');
    return ferretdbAdapter({ postgresUrl: opts.postgresUrl ?? '' });
  } catch (err) {
    opts.log.warn(
      { err: (err as Error).message },
      'migrate: the FerretDB adapter did not load; no serving indexes',
    );
    return undefined;
  }
}

/**
 * A FerretDB reached without DB_BACKEND=ferretdb (a tool or suite run without deploy/local/env.sh) works, but no
 * serving index is made and its list queries scan: said at start rather than found in a slow page.
 */
async function warnIfFerretDb(conn: Connection, log: Logger): Promise<void> {
  // a guard only: an answer it cannot get never fails the start
  const info = await conn
    .db!.admin()
    .command({ buildInfo: 1 })
    .catch(() => ({}) as Record<string, unknown>);
  if (info.ferretdbVersion)
    log.warn(
      { server: `FerretDB ${info.ferretdbVersion}` },
      'migrate: the server is FerretDB but DB_BACKEND is not ferretdb (deploy/local/env.sh); no serving indexes',
    );
}

/** syncIndexes for every model of the connection (throws on a declaration the backend refuses), then the adapter's. */
export async function migrate(conn: Connection, opts: MigrateOptions): Promise<void> {
  const t0 = Date.now();
  const backend = opts.backend ?? dbBackend();
  const adapter = await (opts.adapter ?? loadDbAdapter(backend, opts));
  const models = Object.values(conn.models) as Model<any>[];
  for (const model of models) await syncOne(model, adapter);
  const extra = adapter ? await adapter.afterSync(conn, models, opts.log) : {};
  if (backend === 'mongodb') await warnIfFerretDb(conn, opts.log);
  opts.log.info(
    { db: conn.name, backend, models: models.length, ...extra, ms: Date.now() - t0 },
    'migrate: indexes ready',
  );
}
