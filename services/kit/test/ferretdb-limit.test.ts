import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose, { Schema } from 'mongoose';
import pg from 'pg';
import { scratchDb } from '../testing/scratch-db.js';
import { POSTGRES_URL } from './fixtures/ferret-backend.js';
import { migrate } from '../src/migrate.js';
import { ferretTable, tableIndexes } from '../src/backends/ferretdb/gin-indexes.js';

/**
 * Our FerretDB build's limit in SQL (deploy/local/ferretdb-limit.patch): a sorted find whose whole filter it
 * translates exactly gets `LIMIT skip+limit` in PostgreSQL, through a btree in order when the key leads one (the
 * kit's ordered indexes) and the union of the scalar and the array rows. A limited find must answer exactly the
 * rows of the same find without a limit (the handler's filter and sort), whatever the mix of types it meets.
 */
const db = scratchDb('kitlimit');
const log = { info: () => {}, warn: (o: object, m: string) => console.warn(m, o) };
const hex = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const oid = (n: number) => new mongoose.Types.ObjectId(n.toString(16).padStart(24, '0'));

/** Documents of every kind a condition or a sort meets: scalars of each type, arrays, missing fields. */
function docs() {
  const g = ['k', 'k', 'k', ['k', 'x'], ['x'], hex, new mongoose.Types.ObjectId(hex), 'x', 3, undefined];
  const f = [2, 2.5, 'b', 'B', '', new Date(5), new Date(-5), oid(9), true, null, undefined, /green/, 'é'];
  const tok = [' green farms', ' val', ['green', ' green'], /green/, ' greenish', 'green', undefined, 5];
  const status = [3, 3.0, 2, '3', [3, 4], [4], undefined, 5, 7];
  const deleted = [0, 1, undefined, [1], 1.0, '1', 0];
  return Array.from({ length: 120 }, (_, n) => {
    const pick = <T>(a: T[], k: number) => a[(n * k + (n >> 2)) % a.length];
    const d: Record<string, unknown> = { _id: oid(1000 + ((n * 37) % 120)), n };
    for (const [field, values, k] of [
      ['g', g, 1],
      ['f', f, 3],
      ['tok', tok, 5],
      ['status', status, 7],
      ['deleted', deleted, 11],
    ] as const) {
      const v = pick(values as unknown[], k);
      if (v !== undefined) d[field] = v;
    }
    d.createdAt = new Date(1_700_000_000_000 + ((n * 7919) % 50) * 1000); // ties broken by _id
    return d;
  });
}

const FILTERS: object[] = [
  { g: 'k' },
  { g: 'k', deleted: { $ne: 1 } },
  { g: 'k', status: 3, tok: { $regex: ' green' } },
  { g: hex },
  { g: new mongoose.Types.ObjectId(hex) },
  { g: { $eq: 'k' }, status: { $in: [3, 5, 7] } },
  { g: 'k', $and: [{ tok: { $regex: 'green' } }, { tok: { $regex: '^ gr' } }] },
  { g: 'k', $or: [{ f: { $gt: 'B' } }, { f: 'B', _id: { $gt: oid(1050) } }] },
  { f: { $gte: new Date(-10), $lt: new Date(10) } },
  { tok: /^green/ },
  { status: { $ne: 3 } },
  {},
  { g: 'k', 'n.x': { $exists: false } }, // not translated: the handler filters and limits
];
const SORTS: Record<string, 1 | -1>[] = [
  { f: 1, _id: 1 },
  { f: -1, _id: -1 },
  { createdAt: -1, _id: -1 },
  { n: 1 }, // no _id: not a total order, never limited in SQL (n is unique here, so answers still compare)
];

/** Every filter × sort × page: the limited answer is the unlimited one's slice. */
async function compareAll(col: mongoose.mongo.Collection) {
  let pages = 0;
  for (const filter of FILTERS)
    for (const sort of SORTS) {
      const all = (await col.find(filter).sort(sort).toArray()).map((d) => d.n);
      for (const [skip, limit] of [
        [0, 1],
        [0, 5],
        [3, 4],
        [all.length - 1, 3],
      ]) {
        const s = Math.max(skip!, 0);
        const got = (await col.find(filter).sort(sort).skip(s).limit(limit!).toArray()).map((d) => d.n);
        assert.deepEqual(
          got,
          all.slice(s, s + limit!),
          `${JSON.stringify(filter)} ${JSON.stringify(sort)} skip ${s} limit ${limit}`,
        );
        pages++;
      }
    }
  return pages;
}

let client: pg.Client;
before(async () => {
  client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
});
after(() => client.end());

test('limit patch: without an ordered index, every limited page is a slice of the unlimited answer', async () => {
  const col = db().db!.collection('plain');
  await col.insertMany(docs());
  assert.equal(await compareAll(col), FILTERS.length * SORTS.length * 4);
});

test('limit patch: through the ordered btree of the kit (scalar and array leaves), the same pages', async () => {
  const schema = new Schema({ g: Schema.Types.Mixed, f: Schema.Types.Mixed }, { collection: 'paged' });
  schema.static('ferretdbOrderedIndexes', () => [
    { key: 'g', sort: 'f' },
    { key: 'g', sort: 'createdAt' },
  ]);
  db().model('Paged', schema);
  await db().db!.collection('paged').insertMany(docs());
  await migrate(db(), { backend: 'ferretdb', postgresUrl: POSTGRES_URL, log });
  const table = await ferretTable(client, db().name, 'paged');
  const names = (await tableIndexes(client, db().name, table!)).filter((i) => i.valid).map((i) => i.name);
  assert.equal(names.filter((n) => n.endsWith('_ord')).length, 2, names.join());
  assert.equal(names.filter((n) => n.endsWith('_arr')).length, 1, names.join());
  assert.equal(await compareAll(db().db!.collection('paged')), FILTERS.length * SORTS.length * 4);
});
