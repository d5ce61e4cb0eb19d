// GIN serving indexes for FerretDB-on-PostgreSQL (recipe: ../shared/notes/ferretdb-postgresql.md §4): FerretDB
// pushes top-level equality down as `_jsonb->'f' @> value`, which only a GIN ((_jsonb->'f') jsonb_path_ops) serves.
// Idempotent (IF NOT EXISTS); skipped with a log line when POSTGRES_URL is unset or the backend is not FerretDB.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ident = (s) => '"' + String(s).replace(/"/g, '""') + '"';
const lit = (s) => "'" + String(s).replace(/'/g, "''") + "'";
/**
 * The kit's naming (services/kit/src/backends/ferretdb/gin-indexes.ts), so the bench and a service's start-up
 * migration make one index.
 */
export function ginIndexName(table, field) {
  const hash = createHash('sha1').update(field).digest('hex').slice(0, 6);
  return `${`${table}_${field.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 48)}_${hash}_gin`;
}
export const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5433/ferretdb';

/** A minimal query(sql) over `pg` when installed, else over the psql client (Debian's postgresql-client). */
async function connect() {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    return {
      query: async (sql) => (await client.query(sql)).rows.map((r) => Object.values(r).join('|')),
      end: () => client.end(),
    };
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
    const psql = async (sql) =>
      (await run('psql', ['-XAtq', '-d', POSTGRES_URL, '-c', sql])).stdout.split('\n').filter(Boolean);
    return { query: psql, end: async () => {} };
  }
}

/** Creates the indexes; on any failure (no PostgreSQL, SQLite backend) logs why and returns [] (the bench goes on). */
export async function ensureGinIndexes(db, collection, fields, log = console.log) {
  let client;
  try {
    client = await connect();
    const [table] = await client.query(
      `SELECT _jsonb->>'table' FROM ${ident(db)}._ferretdb_database_metadata WHERE _jsonb->>'_id' = ${lit(collection)}`,
    );
    if (!table) throw new Error(`no FerretDB table for ${db}.${collection}`);
    const names = [];
    for (const f of fields) {
      const name = ginIndexName(table, f);
      await client.query(
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${ident(name)} ON ${ident(db)}.${ident(table)} ` +
          `USING gin ((_jsonb->${lit(f)}) jsonb_path_ops)`,
      );
      names.push(name);
    }
    await client.query(`ANALYZE ${ident(db)}.${ident(table)}`);
    return names;
  } catch (err) {
    log(`GIN indexes skipped for ${db}.${collection}: ${String(err.message).split('\n')[0]}`);
    return [];
  } finally {
    await client?.end();
  }
}
