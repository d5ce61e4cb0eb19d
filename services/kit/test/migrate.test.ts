import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema, type Connection } from 'mongoose';
import pg from 'pg';
import {
  ensureGinIndexes,
  ferretTable,
  ginIndexName,
  servingFields,
  tableIndexes,
} from '../src/backends/ferretdb/gin-indexes.js';
import { migrate } from '../src/migrate.js';
import { withOutbox } from '../src/outbox.js';
import { assertUsesIndex } from '../testing/index.js';
import { MONGO_URL, POSTGRES_URL, nodeTypes, quietLog as log } from './fixtures/ferret-backend.js';

/**
 * The start-up migration on the REAL local backend (FerretDB 1.24 on PostgreSQL 15): declared indexes are synced,
 * a GIN serving index exists per filtered top-level field, and a list query with a top-level equality filter is
 * served by it — shown by FerretDB's own explain (pushdown + PostgreSQL plan) and by EXPLAIN in PostgreSQL.
 */
const DB = `portal_kitmigrate_${Date.now().toString(36)}`;
const N = 20_000;
const COMPANIES = 200;

const orderSchema = new Schema({
  companyId: { type: String, required: true },
  status: { type: String, required: true },
  manifestNumber: { type: String, required: true, unique: true },
  createdAt: { type: Date, required: true },
  address: { city: { type: String, index: true } }, // dotted: never pushed down, gets no GIN
});
orderSchema.index({ companyId: 1, status: 1, createdAt: -1 });
orderSchema.plugin(withOutbox);

let conn: Connection;
let client: pg.Client;
const Order = () => conn.model('Order', orderSchema);
const company = (i: number) => `company-${String(i % COMPANIES).padStart(3, '0')}`;

async function seed() {
  const t0 = Date.now();
  for (let b = 0; b < N; b += 2000) {
    const docs = Array.from({ length: 2000 }, (_, j) => {
      const i = b + j;
      return {
        companyId: company(i),
        status: ['new', 'routed', 'delivered'][i % 3],
        manifestNumber: `M-${i}`,
        createdAt: new Date(1_700_000_000_000 + i * 60_000),
        address: { city: `city-${i % 50}` },
        _outbox: [],
        ...(i % 5000 === 0 ? { _outboxPending: true } : {}),
      };
    });
    await Order().collection.insertMany(docs, { ordered: false });
  }
  return Date.now() - t0;
}

before(async () => {
  conn = await mongoose.createConnection(MONGO_URL, { dbName: DB, autoIndex: false }).asPromise();
  client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  Order();
  const ms = await seed();
  console.log(`# seeded ${N} docs in ${ms} ms`);
  const t0 = Date.now();
  await migrate(conn, { backend: 'ferretdb', postgresUrl: POSTGRES_URL, log });
  console.log(`# migrate (syncIndexes + GIN on ${N} docs) took ${Date.now() - t0} ms`);
});
after(async () => {
  await conn?.dropDatabase().catch(() => {});
  await conn?.close();
  await client?.end();
});

test('servingFields: _id and the top-level equality fields of every declared index, no dotted path, no sort key', () => {
  // createdAt is the descending sort key after companyId and status: a GIN index would never serve it
  assert.deepEqual(
    servingFields(Order()).sort(),
    ['_id', '_outboxPending', 'companyId', 'manifestNumber', 'status'].sort(),
  );
  // a model leaves a field of few values out (its GIN would be ANDed with a selective one); _id always stays
  const schema = orderSchema.clone();
  schema.static('ferretdbNoGin', () => ['status', '_id']);
  assert.deepEqual(
    servingFields(conn.model('OrderNoStatusGin', schema)).sort(),
    ['_id', '_outboxPending', 'companyId', 'manifestNumber'].sort(),
  );
});

test('only unique indexes are PostgreSQL btrees; a non-unique one is recorded, and dropped again without error', async () => {
  const table = (await ferretTable(client, DB, 'orders'))!;
  const btrees = async () => (await tableIndexes(client, DB, table)).filter((i) => i.name.endsWith('_idx'));
  const made = await btrees();
  assert.ok(made.length >= 2, JSON.stringify(made)); // _id and manifestNumber
  assert.ok(
    made.every((b) => b.unique),
    `no non-unique btree: ${JSON.stringify(made)}`,
  );
  // an index built by an unpatched FerretDB is dropped by the migration
  await client.query(`CREATE INDEX "${table}_old_btree_idx" ON "${DB}"."${table}" (((_jsonb->'status')))`);
  await migrate(conn, { backend: 'ferretdb', postgresUrl: POSTGRES_URL, log });
  assert.ok(
    (await btrees()).every((b) => b.unique),
    'the old non-unique btree was dropped',
  );
  // MongoDB's view is unchanged: the index is listed, and dropping it works
  await Order().collection.createIndex({ status: 1, companyId: 1 }, { name: 'tmp_status' });
  assert.ok((await Order().collection.indexes()).some((i) => i.name === 'tmp_status'));
  assert.ok(
    (await btrees()).every((b) => b.unique),
    'our FerretDB build records it without building it',
  );
  await Order().collection.dropIndex('tmp_status');
  assert.ok(!(await Order().collection.indexes()).some((i) => i.name === 'tmp_status'));
});

test('syncIndexes made the declared indexes (unique enforced: E11000)', async () => {
  const names = (await Order().collection.indexes()).map((i) => i.name);
  for (const n of [
    'manifestNumber_1',
    'companyId_1_status_1_createdAt_-1',
    'address.city_1',
    '_outboxPending_1',
  ])
    assert.ok(names.includes(n), `${n} in ${names.join(', ')}`);
  await assert.rejects(
    Order().create({ companyId: 'x', status: 'new', manifestNumber: 'M-1', createdAt: new Date() }),
    (err: { code?: number }) => err.code === 11000,
  );
});

test('a GIN jsonb_path_ops index per serving field exists in PostgreSQL', async () => {
  const table = await ferretTable(client, DB, 'orders');
  assert.ok(table, 'FerretDB metadata names the table');
  const r = await client.query<{ indexname: string; indexdef: string }>(
    'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
    [DB, table],
  );
  for (const f of servingFields(Order())) {
    const idx = r.rows.find((x) => x.indexname === ginIndexName(table!, f));
    assert.ok(idx, `GIN index for ${f}`);
    assert.match(idx!.indexdef, /USING gin \(\(\(_jsonb -> '[^']+'::text\)\) jsonb_path_ops\)/);
  }
});

test('a list filtered by a top-level equality uses the GIN index (FerretDB explain + PostgreSQL EXPLAIN)', async () => {
  const filter = { companyId: 'company-007' };
  const explained = await conn.db!.command({
    explain: { find: 'orders', filter, sort: { createdAt: -1 }, limit: 50 },
  });
  assert.equal(explained.filterPushdown, true, 'FerretDB pushes the equality down to PostgreSQL');
  const viaFerret = nodeTypes(explained.queryPlanner);
  assert.ok(
    viaFerret.some((t) => t.startsWith('Bitmap Index Scan')),
    viaFerret.join(' / '),
  );
  assert.ok(!viaFerret.some((t) => t.startsWith('Seq Scan')), viaFerret.join(' / '));

  const table = (await ferretTable(client, DB, 'orders'))!;
  const plan = await client.query(
    `EXPLAIN (FORMAT JSON) SELECT _jsonb FROM "${DB}"."${table}" WHERE _jsonb->'companyId' @> '"company-007"'`,
  );
  const inPg = nodeTypes(plan.rows[0]['QUERY PLAN']);
  assert.ok(inPg.includes(`Bitmap Index Scan ${ginIndexName(table, 'companyId')}`), inPg.join(' / '));
  assert.ok(!inPg.some((t) => t.startsWith('Seq Scan')), inPg.join(' / '));

  const t0 = performance.now();
  const page = await Order().find(filter).sort({ createdAt: -1 }).limit(50).lean();
  const ms = performance.now() - t0;
  console.log(`# list page (100 matching of ${N}) in ${ms.toFixed(1)} ms`);
  assert.equal(page.length, 50);
  assert.ok(page.every((d) => d.companyId === 'company-007'));
  assert.ok(page[0].createdAt > page[49].createdAt, 'newest first');
});

test("the outbox relay's query {_outboxPending: true} is an index probe, not a scan", async () => {
  const explained = await conn.db!.command({ explain: { find: 'orders', filter: { _outboxPending: true } } });
  const types = nodeTypes(explained.queryPlanner);
  assert.ok(
    types.some((t) => t.startsWith('Bitmap Index Scan')),
    types.join(' / '),
  );
  assert.ok(!types.some((t) => t.startsWith('Seq Scan')), types.join(' / '));
  assert.equal(await Order().countDocuments({ _outboxPending: true }), N / 5000);
});

test('a re-created collection gets its serving indexes again; ensureGinIndexes is idempotent', async () => {
  const Tmp = conn.model('Tmp', new Schema({ code: { type: String, index: true } }));
  await Tmp.create({ code: 'a' });
  await migrate(conn, { backend: 'ferretdb', postgresUrl: POSTGRES_URL, log });
  const first = (await ferretTable(client, DB, 'tmps'))!;
  assert.deepEqual(
    await ensureGinIndexes(client, DB, 'tmps', servingFields(Tmp)),
    [],
    'nothing left to create',
  );
  await Tmp.collection.drop();
  await Tmp.create({ code: 'b' });
  const again = (await ferretTable(client, DB, 'tmps'))!;
  const before = await client.query(
    'SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
    [DB, again],
  );
  assert.ok(!before.rows.some((r) => r.indexname.endsWith('_gin')), 'the new table starts without them');
  await migrate(conn, { backend: 'ferretdb', postgresUrl: POSTGRES_URL, log });
  const made = await client.query(
    'SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
    [DB, again],
  );
  const names = made.rows.map((r) => r.indexname as string);
  assert.ok(
    names.includes(ginIndexName(again, 'code')) && names.includes(ginIndexName(again, '_id')),
    names.join(', '),
  );
  assert.ok(first.length > 0);
  conn.deleteModel('Tmp');
});

/** The lines a migration logs, with their fields. */
async function migrateLines(opts: { backend?: 'mongodb' | 'ferretdb'; postgresUrl?: string }) {
  const lines: { msg: string; obj: Record<string, unknown> }[] = [];
  const push = (obj: object, msg: string) => lines.push({ msg, obj: obj as Record<string, unknown> });
  await migrate(conn, { ...opts, log: { info: push, warn: push } });
  return lines;
}

test('DB_BACKEND=mongodb: the declared indexes only, and a FerretDB server behind it is named in a warning', async () => {
  const lines = await migrateLines({ backend: 'mongodb', postgresUrl: POSTGRES_URL });
  const done = lines.find((l) => l.msg === 'migrate: indexes ready');
  assert.equal(done?.obj.backend, 'mongodb', JSON.stringify(lines));
  assert.equal(done?.obj.created, undefined, 'no serving index step ran');
  assert.ok(
    lines.some((l) => /server is FerretDB but DB_BACKEND is not ferretdb/.test(l.msg)),
    JSON.stringify(lines),
  );
});

test('DB_BACKEND=ferretdb without POSTGRES_URL: the declared indexes, and the serving ones said NOT made', async () => {
  const lines = await migrateLines({ backend: 'ferretdb' });
  assert.ok(
    lines.some((l) => l.msg.includes('serving indexes NOT made') && l.obj.err === 'POSTGRES_URL unset'),
    JSON.stringify(lines),
  );
  assert.equal(lines.find((l) => l.msg === 'migrate: indexes ready')?.obj.servingIndexes, false);
});

test('assertUsesIndex (testing entry): one line proves a list query is index-served, and catches one that is not', async () => {
  await assertUsesIndex(
    Order(),
    { companyId: 'company-007' },
    { createdAt: -1 },
    { postgresUrl: POSTGRES_URL },
  );
  await assertUsesIndex(Order(), { companyId: 'company-007', status: 'new' }, undefined, {
    postgresUrl: POSTGRES_URL,
  });
  await assert.rejects(
    assertUsesIndex(Order(), { undeclared: 'x' }, undefined, { postgresUrl: POSTGRES_URL }),
    /sequential scan|no index scan/,
  );
});
