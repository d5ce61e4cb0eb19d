import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import type { ClientBase } from 'pg';

/**
 * FerretDB's serving indexes in its PostgreSQL: one GIN `((_jsonb->'f') jsonb_path_ops)` per top-level field the
 * model's declared indexes filter on, `_id` included. FerretDB 1.24 pushes top-level equality down as
 * `_jsonb->'f' @> value`, which only such an index serves; its own createIndexes btrees are never used by queries.
 * A unique one still enforces `unique`; a non-unique one only slowed every write, so our FerretDB build records it
 * without building it (deploy/local/ferretdb-unique-only.patch) and this migration drops the ones an older build
 * made. Recipe: ../shared/notes/ferretdb-postgresql.md §4; docs/DATA.md §3.
 */

/**
 * Top-level fields the model's declared indexes filter on by equality, `_id` first. Dotted paths are never pushed
 * down. A descending key after the first (`{companyKey: 1, createdAt: -1}`) is the sort of a keyset page, never an
 * equality: a GIN index cannot serve a sort or a range, so it gets none (it would only cost every insert).
 * A model leaves fields out with a static `ferretdbNoGin()`: a field of few values (a status) whose GIN PostgreSQL
 * would AND with a selective one, reading tens of thousands of entries to trim a few hundred rows.
 */
export function servingFields(model: Model<any>): string[] {
  const fields = new Set<string>(['_id']);
  for (const [keys] of model.schema.indexes()) {
    Object.entries(keys).forEach(([field, kind], i) => {
      if (field.includes('.') || kind === 'text' || (i > 0 && kind === -1)) return;
      fields.add(field);
    });
  }
  const noGin = (model as unknown as { ferretdbNoGin?: () => string[] }).ferretdbNoGin?.() ?? [];
  for (const field of noGin) if (field !== '_id') fields.delete(field);
  return [...fields];
}

/**
 * The GIN indexes to make: the serving fields, and a model's groups (static `ferretdbGinGroups()`), each one GIN over
 * several fields: PostgreSQL finds the rows that match all of them inside the one index (a company's week: 7 rows
 * of its 1,479, not the 1,479 read and filtered), and its first field alone as well as the field's own GIN did, which
 * is therefore not made.
 */
export function ginIndexes(model: Model<any>): (string | string[])[] {
  const groups = (model as unknown as { ferretdbGinGroups?: () => string[][] }).ferretdbGinGroups?.() ?? [];
  // a range field (ferretdbRangeIndexes) gets its btree instead: a GIN never serves a range
  const ranges =
    (model as unknown as { ferretdbRangeIndexes?: () => string[] }).ferretdbRangeIndexes?.() ?? [];
  const skip = new Set([...groups.map((g) => g[0]), ...ranges]);
  return [...servingFields(model).filter((f) => !skip.has(f)), ...groups];
}

/** A PostgreSQL identifier, quoted. */
export const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Our index name for a field: stable, < 63 bytes, unique per field (short hash of the raw name). */
export function ginIndexName(table: string, field: string): string {
  const hash = createHash('sha1').update(field).digest('hex').slice(0, 6);
  const norm = field.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `${`${table}_${norm}`.slice(0, 48)}_${hash}_gin`;
}

/** FerretDB's table for a collection (read from its metadata, never computed), or undefined if none yet. */
export async function ferretTable(
  client: ClientBase,
  db: string,
  collection: string,
): Promise<string | undefined> {
  const r = await client.query<{ t: string }>(
    `SELECT _jsonb->>'table' AS t FROM ${ident(db)}._ferretdb_database_metadata WHERE _jsonb->'_id' = to_jsonb($1::text)`,
    [collection],
  );
  return r.rows[0]?.t;
}

/**
 * Makes the table's GIN serving indexes exactly `fields` (a field, or a group of fields in one index: ginIndexes;
 * creates missing or invalid ones, drops ours that are no longer declared) and ANALYZEs when something changed. CONCURRENTLY: writes go on while an index builds.
 * A per-table advisory lock (tried, never waited on inside a statement, which could deadlock with CONCURRENTLY)
 * lets several processes migrate the same database at once. Returns the names created.
 */
export async function ensureGinIndexes(
  client: ClientBase,
  db: string,
  collection: string,
  fields: (string | string[])[],
): Promise<string[]> {
  const table = await ferretTable(client, db, collection);
  if (!table) throw new Error(`no FerretDB table for ${db}.${collection}`);
  return withTableLock(client, `ferret-gin:${db}.${table}`, async () => {
    await storeUncompressed(client, db, table);
    const indexes = await tableIndexes(client, db, table);
    const have = new Map(indexes.filter((i) => i.name.endsWith('_gin')).map((i) => [i.name, i.valid]));
    const want = new Map(
      fields.map((f) => [ginIndexName(table, typeof f === 'string' ? f : f.join('+')), [f].flat()]),
    );
    const created: string[] = [];
    for (const [name, valid] of have) {
      // ours but no longer declared, or left INVALID by an interrupted CONCURRENTLY build
      if (!want.has(name) || !valid)
        await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${ident(db)}.${ident(name)}`);
      if (!valid) have.delete(name);
    }
    for (const [name, group] of want) {
      if (have.get(name)) continue;
      const columns = group.map((f) => `(_jsonb->${lit(f)}) jsonb_path_ops`).join(', ');
      await client.query(
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${ident(name)} ON ${ident(db)}.${ident(table)} ` +
          `USING gin (${columns})`,
      );
      created.push(name);
    }
    // the non-unique btrees an unpatched FerretDB build made (`<table>_<name>_<hash>_idx`): no query uses them (see
    // the top of this file); FerretDB keeps them in its metadata, and our build drops an index with IF EXISTS, so a
    // later `dropIndexes` still works
    for (const i of indexes)
      if (!i.unique && i.name.endsWith('_idx'))
        await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${ident(db)}.${ident(i.name)}`);
    if (created.length) await client.query(`ANALYZE ${ident(db)}.${ident(table)}`);
    return created;
  });
}

/**
 * Runs `fn` holding a per-table advisory lock: one process at a time migrates a table (another's build in progress
 * is INVALID and must not be dropped). Tried every 100 ms for a minute, never waited on inside a statement, which
 * could deadlock with CONCURRENTLY.
 */
export async function withTableLock<T>(
  client: ClientBase,
  lockKey: string,
  fn: () => Promise<T>,
): Promise<T> {
  for (let i = 0; ; i++) {
    const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [
      lockKey,
    ]);
    if (got.rows[0]?.ok) break;
    if (i > 600) throw new Error(`timed out waiting for ${lockKey}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
  }
}

/** Every index of a table in PostgreSQL: its name, whether it is valid (a build finished) and unique. */
export async function tableIndexes(
  client: ClientBase,
  db: string,
  table: string,
): Promise<{ name: string; valid: boolean; unique: boolean }[]> {
  const got = await client.query<{ name: string; valid: boolean; unique: boolean }>(
    `SELECT ci.relname AS name, i.indisvalid AS valid, i.indisunique AS unique FROM pg_index i
       JOIN pg_class ci ON ci.oid = i.indexrelid JOIN pg_class ct ON ct.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = ct.relnamespace
     WHERE n.nspname = $1 AND ct.relname = $2`,
    [db, table],
  );
  return got.rows;
}

/**
 * Documents up to a page stored as they are (toast_tuple_target = 8160), as our FerretDB patch creates new tables:
 * PostgreSQL otherwise compresses a document over ~2 KB and decompresses it whole for every field a pushed-down
 * filter or sort reads (measured: a filtered, sorted page over 914 list rows 29–42 ms compressed, 10–13 ms not).
 * Rows written before keep their storage until they are written again.
 */
async function storeUncompressed(client: ClientBase, db: string, table: string): Promise<void> {
  const got = await client.query<{ opts: string[] | null }>(
    `SELECT c.reloptions AS opts FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2`,
    [db, table],
  );
  if (!(got.rows[0]?.opts ?? []).includes('toast_tuple_target=8160'))
    await client.query(`ALTER TABLE ${ident(db)}.${ident(table)} SET (toast_tuple_target = 8160)`);
}
