import type { Connection, Model } from 'mongoose';
import pg from 'pg';
import type { DbAdapter, MigrateLog } from '../db-adapter.js';
import { ensureGinIndexes, ferretTable, ginIndexes, tableIndexes } from './gin-indexes.js';
import { ensureOrderedIndexes, orderedIndexes, rangeIndexes } from './ordered-indexes.js';

/**
 * The local backend's adapter: FerretDB 1.24 on PostgreSQL (deploy/local/stack.sh). The start-up migration
 * (../../migrate.ts) imports it only when DB_BACKEND=ferretdb, so production on MongoDB never loads `pg`.
 * - afterSync: the GIN serving indexes (./gin-indexes.ts) and a model's ordered pages (./ordered-indexes.ts)
 *   through POSTGRES_URL. They are a speed matter: a failure
 *   (PostgreSQL unreachable, a server that is not FerretDB) is logged loudly but does not keep the service down;
 *   test/migrate.test.ts proves they exist on the real stack.
 * - retryable: FerretDB on PostgreSQL can fail the first write to a NEW database when another connection creates
 *   it at the same moment (SQLSTATE 42P07, its metadata table).
 */
export function ferretdbAdapter(opts: { postgresUrl: string }): DbAdapter {
  return {
    retryable: (err) => /42P07/.test(err.message),
    afterSync: (conn, models, log) => servingIndexes(conn, models, opts.postgresUrl, log),
  };
}

async function servingIndexes(
  conn: Connection,
  models: Model<any>[],
  postgresUrl: string,
  log: MigrateLog,
): Promise<Record<string, unknown>> {
  const created: string[] = [];
  const notMade = (reason: string) => {
    log.warn(
      { err: reason, db: conn.name, created },
      'migrate: FerretDB serving indexes NOT made; list queries will scan',
    );
    return { created, servingIndexes: false };
  };
  const info: Record<string, unknown> = await conn
    .db!.admin()
    .command({ buildInfo: 1 })
    .catch((err: Error) => ({ err: err.message }));
  if (!info.ferretdbVersion)
    return notMade(
      `DB_BACKEND=ferretdb but the server is not FerretDB (${String(info.version ?? info.err)})`,
    );
  if (!postgresUrl) return notMade('POSTGRES_URL unset');
  const client = new pg.Client({ connectionString: postgresUrl, application_name: 'portal-migrate' });
  try {
    await client.connect();
    for (const model of models) {
      const gins = ginIndexes(model);
      created.push(...(await ensureGinIndexes(client, conn.name, model.collection.collectionName, gins)));
      const ordered = orderedIndexes(model);
      const ranges = rangeIndexes(model);
      const table =
        (ordered.length || ranges.length) &&
        (await ferretTable(client, conn.name, model.collection.collectionName));
      if (table) {
        const have = await tableIndexes(client, conn.name, table);
        created.push(...(await ensureOrderedIndexes(client, conn.name, table, ordered, have, ranges)));
      }
    }
    return { created };
  } catch (err) {
    return notMade((err as Error).message);
  } finally {
    await client.end().catch(() => {});
  }
}
