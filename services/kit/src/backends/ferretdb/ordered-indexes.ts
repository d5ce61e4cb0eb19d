import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import type { ClientBase } from 'pg';
import { ident, withTableLock } from './gin-indexes.js';

/**
 * FerretDB's ordered indexes in its PostgreSQL: a page of one key's documents in a sort, read in order and stopped at
 * the page's end. Our FerretDB build (deploy/local/ferretdb-limit.patch) applies a find's limit in PostgreSQL when
 * it translates the whole filter exactly and the sort ends with `_id`; it then writes a top-level string equality on
 * a field that leads a btree index as `_jsonb->'key' = '"value"'` and orders by three expressions per sort field
 * (its type's rank, its number, its text: MongoDB's order). A btree on the key and those expressions of the sort
 * field and `_id` serves such a page; a GIN index on the key's array values serves the page's array leaf (a field
 * holding an array matches an equality by one of its elements).
 *
 * A model opts in with a static `ferretdbOrderedIndexes()` returning its (key, sort field) pairs: each btree is
 * written on every insert, so only the pages a list reads get one. Keys must hold scalars (a btree never matches an
 * array's elements) and sorted values stay short (a btree entry holds at most ~2.7 KB).
 */
export interface OrderedIndex {
  key: string;
  sort: string;
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The (key, sort) pairs a model declares (static ferretdbOrderedIndexes), top-level fields only. */
export function orderedIndexes(model: Model<any>): OrderedIndex[] {
  const declared = (model as unknown as { ferretdbOrderedIndexes?: () => OrderedIndex[] })
    .ferretdbOrderedIndexes;
  if (typeof declared !== 'function') return [];
  return declared().filter((i) => FIELD.test(i.key) && FIELD.test(i.sort));
}

/**
 * The three expressions FerretDB orders a field by, exactly as the patch writes them (pushdown.go,
 * fieldOrderByExprs): PostgreSQL matches an index to an ORDER BY by these expressions.
 */
export function sortExprs(field: string): string[] {
  const t = `(_jsonb #>> '{$s,p,${field},t}')`;
  return [
    `CASE ${t} WHEN 'double' THEN 2 WHEN 'int' THEN 2 WHEN 'long' THEN 2 WHEN 'string' THEN 3 ` +
      `WHEN 'object' THEN 4 WHEN 'array' THEN 5 WHEN 'binData' THEN 6 WHEN 'objectId' THEN 7 WHEN 'bool' THEN 8 ` +
      `WHEN 'date' THEN 9 WHEN 'timestamp' THEN 10 WHEN 'regex' THEN 11 ELSE 1 END`,
    `CASE WHEN ${t} IN ('double','int','long','bool','date','timestamp') THEN _jsonb->'${field}' END`,
    `(CASE WHEN ${t} IN ('string','objectId') THEN _jsonb->>'${field}' END) COLLATE "C"`,
  ];
}

/**
 * The top-level fields a model reads by range (static ferretdbRangeIndexes), e.g. the orders written since a time.
 * FerretDB's pushdown writes a range on a date, a number or a string as `(<type check> AND _jsonb->'f' >= x) OR
 * jsonb_typeof(_jsonb->'f') = 'array'`: a btree on `_jsonb->'f'` serves the first arm and the key's array-rows GIN
 * the second, and PostgreSQL ORs the two bitmaps; without them it reads the whole table (the ledger's anchoring at
 * 1,000,000 orders: 17.8 s a run, once a minute).
 */
export function rangeIndexes(model: Model<any>): string[] {
  const declared = (model as unknown as { ferretdbRangeIndexes?: () => string[] }).ferretdbRangeIndexes;
  if (typeof declared !== 'function') return [];
  return declared().filter((f) => FIELD.test(f));
}

/**
 * Our index name: stable, < 63 bytes, `_ord` for a page's btree, `_arr` for a key's array rows, `_rng` for a range
 * field's btree.
 */
export function orderedIndexName(table: string, key: string, sort?: string, range = false): string {
  const id = sort ? `${key}/${sort}` : range ? `range:${key}` : key;
  const hash = createHash('sha1').update(id).digest('hex').slice(0, 6);
  const norm = (range ? key : id).toLowerCase().replace(/[^a-z0-9_]/g, '_');
  return `${`${table}_${norm}`.slice(0, 48)}_${hash}_${sort ? 'ord' : range ? 'rng' : 'arr'}`;
}

/**
 * The statements of one table's ordered and range indexes, by name (CONCURRENTLY: writes go on while one builds).
 */
export function orderedIndexSql(
  db: string,
  table: string,
  list: OrderedIndex[],
  ranges: string[] = [],
): Map<string, string> {
  const on = `${ident(db)}.${ident(table)}`;
  const out = new Map<string, string>();
  const create = (name: string, using: string) =>
    out.set(name, `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${ident(name)} ON ${on} USING ${using}`);
  const arrayRows = (key: string) =>
    create(
      orderedIndexName(table, key),
      `gin ((_jsonb->'${key}') jsonb_path_ops) WHERE jsonb_typeof(_jsonb->'${key}') = 'array'`,
    );
  for (const { key, sort } of list) {
    const cols = [`_jsonb->'${key}'`, ...sortExprs(sort), ...sortExprs('_id')].map((c) => `(${c})`);
    create(orderedIndexName(table, key, sort), `btree (${cols.join(', ')})`);
    arrayRows(key);
  }
  for (const field of ranges) {
    create(orderedIndexName(table, field, undefined, true), `btree ((_jsonb->'${field}'))`);
    arrayRows(field);
  }
  return out;
}

/**
 * Makes the table's ordered and range indexes exactly `list` and `ranges` (creates missing or invalid ones, drops
 * ours no longer declared) and ANALYZEs when one was made. Answers the names created. `indexes` is the table's
 * (tableIndexes).
 */
export async function ensureOrderedIndexes(
  client: ClientBase,
  db: string,
  table: string,
  list: OrderedIndex[],
  indexes: { name: string; valid: boolean }[],
  ranges: string[] = [],
): Promise<string[]> {
  return withTableLock(client, `ferret-ord:${db}.${table}`, async () => {
    const want = orderedIndexSql(db, table, list, ranges);
    const have = new Map(indexes.filter((i) => /_(ord|arr|rng)$/.test(i.name)).map((i) => [i.name, i.valid]));
    const created: string[] = [];
    for (const [name, valid] of have)
      if (!want.has(name) || !valid) {
        await client.query(`DROP INDEX CONCURRENTLY IF EXISTS ${ident(db)}.${ident(name)}`);
        have.delete(name);
      }
    for (const [name, sql] of want) {
      if (have.get(name)) continue;
      await client.query(sql);
      created.push(name);
    }
    if (created.length) await client.query(`ANALYZE ${ident(db)}.${ident(table)}`);
    return created;
  });
}
