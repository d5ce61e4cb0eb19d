import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema, type Connection } from 'mongoose';
import pg from 'pg';
import {
  ensureGinIndexes,
  ferretTable,
  ginIndexes,
  ginIndexName,
  servingFields,
  tableIndexes,
} from '../src/backends/ferretdb/gin-indexes.js';
import { ensureOrderedIndexes, orderedIndexName } from '../src/backends/ferretdb/ordered-indexes.js';
import { migrate } from '../src/migrate.js';
import { withOutbox } from '../src/outbox.js';
import { MONGO_URL, POSTGRES_URL, nodeTypes, quietLog as log } from './fixtures/ferret-backend.js';

/**
 * The index kinds a model adds to its GIN serving indexes on the real local backend (FerretDB 1.24 on PostgreSQL 15):
 * a group of fields in one GIN (ferretdbGinGroups) and a btree for a field read by range (ferretdbRangeIndexes).
 * A small table: PostgreSQL is told not to scan, so each plan shows what the index can serve (at 1,000,000 orders it
 * takes them by itself: docs/DATA.md §3).
 */
const DB = `portal_kitindexkinds_${Date.now().toString(36)}`;
const N = 4000;

const orderSchema = new Schema({
  companyId: { type: String, required: true },
  status: { type: String, required: true },
  manifestNumber: { type: String, required: true, unique: true },
  createdAt: { type: Date, required: true },
});
orderSchema.index({ companyId: 1, status: 1, createdAt: -1 });
orderSchema.plugin(withOutbox);

let conn: Connection;
let client: pg.Client;
const Order = () => conn.model('Order', orderSchema);

before(async () => {
  conn = await mongoose.createConnection(MONGO_URL, { dbName: DB, autoIndex: false }).asPromise();
  client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await Order().collection.insertMany(
    Array.from({ length: N }, (_, i) => ({
      companyId: `company-${String(i % 40).padStart(3, '0')}`,
      status: ['new', 'routed', 'delivered'][i % 3],
      manifestNumber: `M-${i}`,
      createdAt: new Date(1_700_000_000_000 + i * 60_000),
      _outbox: [],
    })),
  );
  await migrate(conn, { backend: 'ferretdb', postgresUrl: POSTGRES_URL, log });
  await client.query('SET enable_seqscan = off');
});
after(async () => {
  await conn?.dropDatabase().catch(() => {});
  await conn?.close();
  await client?.end();
});

test('a GIN group: one index over a company and its status finds their rows inside it, and serves the company alone', async () => {
  const schema = orderSchema.clone();
  schema.static('ferretdbGinGroups', () => [['companyId', 'status']]);
  const gins = ginIndexes(conn.model('OrderGrouped', schema));
  assert.deepEqual(gins, ['_id', 'manifestNumber', 'status', '_outboxPending', ['companyId', 'status']]);
  const table = (await ferretTable(client, DB, 'orders'))!;
  const group = ginIndexName(table, 'companyId+status');
  try {
    assert.deepEqual(await ensureGinIndexes(client, DB, 'orders', gins), [group]);
    const names = (await tableIndexes(client, DB, table)).map((i) => i.name);
    assert.ok(!names.includes(ginIndexName(table, 'companyId')), "the company's own GIN is dropped");
    const plan = async (where: string) =>
      nodeTypes(
        (await client.query(`EXPLAIN (FORMAT JSON) SELECT _jsonb FROM "${DB}"."${table}" WHERE ${where}`))
          .rows[0]['QUERY PLAN'],
      );
    const both = await plan(`_jsonb->'companyId' @> '"company-007"' AND _jsonb->'status' @> '"routed"'`);
    assert.ok(both.includes(`Bitmap Index Scan ${group}`), both.join(' / '));
    assert.ok(!both.includes('BitmapAnd'), both.join(' / '));
    const alone = await plan(`_jsonb->'companyId' @> '"company-007"'`);
    assert.ok(alone.includes(`Bitmap Index Scan ${group}`), alone.join(' / '));
  } finally {
    await ensureGinIndexes(client, DB, 'orders', servingFields(Order()));
  }
});

test('a range index: the documents written since a time, in order, found through a btree and not a scan', async () => {
  const table = (await ferretTable(client, DB, 'orders'))!;
  const name = orderedIndexName(table, 'createdAt', undefined, true);
  const since = new Date(1_700_000_000_000 + (N - 30) * 60_000);
  const find = {
    find: 'orders',
    filter: { createdAt: { $gte: since } },
    sort: { createdAt: 1, _id: 1 } as const,
    limit: 10,
  };
  try {
    const made = await ensureOrderedIndexes(client, DB, table, [], await tableIndexes(client, DB, table), [
      'createdAt',
    ]);
    assert.ok(made.includes(name), made.join(', '));
    // the range as our FerretDB build writes it (pushdown.go): the btree serves the first arm, the key's array-rows
    // GIN the second
    const plan = await client.query(
      `EXPLAIN (FORMAT JSON) SELECT _jsonb FROM "${DB}"."${table}" WHERE ` +
        `((_jsonb->'$s'->'p'->'createdAt'->>'t') = 'date' AND (_jsonb->'createdAt') >= $1::jsonb) ` +
        `OR jsonb_typeof(_jsonb->'createdAt') = 'array'`,
      [String(since.getTime())],
    );

    const types = nodeTypes(plan.rows[0]['QUERY PLAN']);
    assert.ok(types.includes(`Bitmap Index Scan ${name}`), types.join(' / '));
    assert.ok(!types.some((t) => t.startsWith('Seq Scan')), types.join(' / '));
    const page = await Order().find(find.filter).sort(find.sort).limit(10).lean();
    assert.deepEqual(
      page.map((d) => d.manifestNumber),
      Array.from({ length: 10 }, (_, i) => `M-${N - 30 + i}`),
    );
  } finally {
    await ensureOrderedIndexes(client, DB, table, [], await tableIndexes(client, DB, table), []);
  }
});
