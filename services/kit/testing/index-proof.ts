import assert from 'node:assert/strict';
import type { Model } from 'mongoose';
import { ferretTable } from '../src/backends/ferretdb/gin-indexes.js';

/** Every node of a query plan as `<Node Type> <Index Name>` (PostgreSQL JSON plans, MongoDB stages). */
export function planNodes(plan: unknown): string[] {
  if (!plan || typeof plan !== 'object') return [];
  if (Array.isArray(plan)) return plan.flatMap(planNodes);
  const p = plan as Record<string, unknown>;
  const own =
    typeof p['Node Type'] === 'string'
      ? [`${p['Node Type']} ${p['Index Name'] ?? ''}`.trim()]
      : typeof p.stage === 'string'
        ? [String(p.stage)]
        : [];
  return [...own, ...Object.values(p).flatMap(planNodes)];
}

const isIndexScan = (n: string) => /^(Bitmap Index Scan|Index Scan|Index Only Scan|IXSCAN)\b/.test(n);
const isScan = (n: string) => /^(Seq Scan|COLLSCAN)\b/.test(n);
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Proves a list query of `model` is served by an index, the way test/migrate.test.ts does, in one line:
 * - FerretDB: its explain shows the filter pushed down to PostgreSQL, and PostgreSQL's EXPLAIN of the same
 *   top-level equalities (`_jsonb->'f' @> value`, with sequential scans disabled so a small test table does not
 *   hide a missing index) uses an index scan, no Seq Scan;
 * - real MongoDB: the winning plan has an IXSCAN and no COLLSCAN.
 * Filters must be top-level equalities (what FerretDB 1.24 pushes down and the kit's GIN indexes serve).
 */
export async function assertUsesIndex(
  model: Model<any>,
  filter: Record<string, unknown>,
  sort?: Record<string, 1 | -1>,
  opts: { postgresUrl?: string } = {},
): Promise<void> {
  const collection = model.collection.collectionName;
  const explained = await model.db.db!.command({
    explain: { find: collection, filter, ...(sort ? { sort } : {}), limit: 50 },
  });
  const label = `${collection} ${JSON.stringify(filter)}`;
  if (!('filterPushdown' in explained)) {
    const nodes = planNodes(explained.queryPlanner?.winningPlan);
    assert.ok(nodes.some(isIndexScan) && !nodes.some(isScan), `${label}: plan ${nodes.join(' / ')}`);
    return;
  }
  assert.equal(explained.filterPushdown, true, `${label}: FerretDB does not push this filter down`);
  const postgresUrl = opts.postgresUrl ?? process.env.POSTGRES_URL;
  assert.ok(postgresUrl, 'POSTGRES_URL is needed to read the PostgreSQL plan behind FerretDB');
  const where = Object.entries(filter).map(([field, value]) => {
    assert.ok(!field.includes('.') && !field.startsWith('$'), `${label}: ${field} is not a top-level field`);
    assert.ok(
      value === null || typeof value !== 'object' || Array.isArray(value),
      `${label}: ${field} is not an equality`,
    );
    return `_jsonb->${lit(field)} @> ${lit(JSON.stringify(value))}`;
  });
  const { default: pg } = await import('pg'); // FerretDB's PostgreSQL only: a MongoDB run never loads it
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const db = model.db.name;
    const table = await ferretTable(client, db, collection);
    assert.ok(table, `${label}: no FerretDB table (collection not created yet?)`);
    await client.query('SET enable_seqscan = off');
    const sql = `SELECT _jsonb FROM "${db}"."${table}" WHERE ${where.join(' AND ') || 'true'}`;
    const plan = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`);
    const nodes = planNodes(plan.rows[0]['QUERY PLAN']);
    assert.ok(nodes.some(isIndexScan), `${label}: no index scan in ${nodes.join(' / ')}`);
    assert.ok(!nodes.some(isScan), `${label}: sequential scan in ${nodes.join(' / ')}`);
  } finally {
    await client.end();
  }
}
