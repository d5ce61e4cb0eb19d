// orders.*: 100,000 orders over 200 companies (or, at the 1m scale, 1,000,000 over 2,000 into portal_bench_1m_orders:
// lib/scale.mjs) in the order service's own shape (the spec's §3 document, two ledger entries each, the top-level list
// keys computed by the service's own listKeysOf), seeded once into portal_bench_orders — never the demo database. A
// marker document records the seed; a run that finds it reuses it.
import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { tsImport } from 'tsx/esm/api';
import { SCALES } from './scale.mjs';
import { N_DRIVERS, driverId, driverOf, spreadDrivers } from './orders-drivers.mjs';

export { N_DRIVERS, driverId };

export const ORDERS_DB = SCALES['100k'].ordersDb;
export const N_ORDERS = SCALES['100k'].orders;
export const N_COMPANIES = SCALES['100k'].companies;
/** Company 7's public orders link token (the public page's only key; members hold its SHA-256). */
export const BENCH_PUBLIC_TOKEN = 'benchCompany7PublicOrdersLinkTokenxxxxxxxxx';
const SEED_VERSION = 1;
const DAY = 86_400_000;

const ADJ = ['Green', 'Golden', 'Silver', 'Blue', 'Red', 'North', 'South', 'High', 'Cedar', 'Pine'];
const ADJ2 = [
  'Valley',
  'River',
  'Mountain',
  'Coast',
  'Meadow',
  'Harbor',
  'Canyon',
  'Prairie',
  'Summit',
  'Forest',
];
const NOUN = ['Farms', 'Gardens'];
const CITIES = ['Portland', 'Salem', 'Eugene', 'Bend', 'Medford', 'Astoria', 'Corvallis', 'Ashland'];
export const licence = (c) => `BENCH-${String(c).padStart(3, '0')}`;
export const companyName = (c) =>
  `${ADJ[c % 10]} ${ADJ2[Math.floor(c / 10) % 10]} ${NOUN[Math.floor(c / 100) % 2]}`;
/** The driver the bench's driver list is measured as (the demo driver is linked to it: orders-callers.mjs). */
export const MEASURED_DRIVER = 3;

/**
 * One of the orders service's modules, imported once per process: a second tsImport evaluates it again (a fresh
 * namespace), and lists-store.ts registers mongoose models and the kit's hooks at its top level.
 */
const imported = new Map();
const serviceModule = (root, file) => {
  if (!imported.has(file))
    imported.set(file, tsImport(`${root}/services/orders/src/domain/${file}`, import.meta.url));
  return imported.get(file);
};

/** A small deterministic PRNG (mulberry32): the same data set on every machine. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const company = (c) => ({
  Licensee: companyName(c),
  DBA: `${ADJ2[c % 10]} ${c}`,
  'License #': licence(c),
  'Street Address': `${100 + c} Main St`,
  City: CITIES[c % CITIES.length],
  Zip: String(97000 + c),
  emails: [],
});

function entry(seq, at, action, prevHash) {
  const e = {
    seq,
    at: at.toISOString(),
    by: { userId: 'bench', name: 'Bench', role: 1 },
    source: 'bulk',
    action,
    changes: [{ path: 'data.order.status', from: seq - 1, to: seq }],
    prevHash,
  };
  return { ...e, hash: createHash('sha256').update(JSON.stringify(e)).digest('hex') };
}

function order(i, rnd, now, listKeysOf, { companies, spanDays, drivers }) {
  const p = Math.floor(rnd() * companies);
  const d = (p + 1 + Math.floor(rnd() * (companies - 1))) % companies;
  const createdAt = new Date(now - rnd() * spanDays * DAY);
  const delivery = new Date(
    Date.UTC(
      createdAt.getUTCFullYear(),
      createdAt.getUTCMonth(),
      createdAt.getUTCDate() + 1 + Math.floor(rnd() * 10),
      12,
    ),
  );
  const past = delivery.getTime() < now - 2 * DAY;
  const r = rnd();
  const status = past
    ? r < 0.8
      ? 3
      : r < 0.85
        ? 4
        : r < 0.9
          ? 5
          : r < 0.94
            ? 6
            : 8
    : [0, 1, 1, 7, 2][Math.floor(r * 5)];
  const drv = status === 0 ? '' : driverId(driverOf(i, Math.floor(rnd() * N_DRIVERS), drivers));
  const h1 = entry(1, createdAt, 'created', '0'.repeat(64));
  const doc = {
    _id: new ObjectId(),
    orderId: `B-${100000 + i}`,
    createdAt,
    lastUpdated: createdAt,
    createdBy: 'bench',
    updatedBy: 'bench',
    user: `bench-user-${p}`,
    deliveryDate: status >= 1 ? delivery.toISOString() : '',
    deleted: status === 8 ? 2 : rnd() < 0.01 ? 1 : 0,
    isPickup: false,
    dateSubmitted: createdAt.toISOString(),
    cancelReason: status === 8 ? 'Other' : '',
    version: 2,
    data: {
      order: {
        orderDef: rnd() < 0.2 ? 'int' : 'ext',
        orderType: 'layover',
        status,
        pickupLN: licence(p),
        destinationLN: licence(d),
        preferredDelivery: delivery.toISOString(),
        preferredPickup: createdAt.toISOString(),
        ...(status >= 1
          ? {
              deliveryDate: delivery.toISOString(),
              pickupDate: createdAt.toISOString(),
              dateApproved: createdAt.toISOString(),
            }
          : {}),
        pickupType: 'layoverpickup',
        driver: { pickup: drv, delivery: drv },
        weight: String(1 + Math.floor(rnd() * 12)),
        notes: rnd() < 0.3 ? 'Call the receiver 30 minutes before arrival; dock at the back.' : '',
      },
      pickupCompany: company(p),
      destCompany: company(d),
      billing: {
        invoice: `INV-${i}`,
        amount: 40,
        method: 'Net Terms',
        methodSelect: 'net',
        manifest: `MAN-${200000 + i}`,
      },
    },
    manifest: {},
    history: [h1, entry(2, new Date(createdAt.getTime() + 3_600_000), 'status', h1.hash)],
    _outbox: [],
  };
  return { ...doc, ...listKeysOf(doc) };
}

/**
 * Seeds the orders of a scale once (a marker in bench_meta, written after the last batch); returns the database.
 * The orders and their list rows (the service's rowOf) go in together, unordered batches of 5,000 with the next
 * batch generated while the last is written, into collections without indexes: the service's migration
 * (orders.mjs migrateOrders) builds them over the finished data.
 */
export async function seedOrders(client, root, log, scale = SCALES['100k']) {
  const db = client.db(scale.ordersDb);
  const meta = await db.collection('bench_meta').findOne({ _id: 'orders' });
  if (meta?.n === scale.orders && meta.version === SEED_VERSION) {
    await seedRows(db, root, log, scale);
    const { rowOf } = await serviceModule(root, 'lists-rows.ts');
    await spreadDrivers(db, log, scale, rowOf, MEASURED_DRIVER);
    return { db, now: meta.now };
  }
  const { listKeysOf } = await serviceModule(root, 'list-keys.ts');
  const { rowOf } = await serviceModule(root, 'lists-rows.ts');
  const { ROWS_VERSION } = await serviceModule(root, 'lists-store.ts');
  const t0 = Date.now();
  for (const c of ['orders', 'order_rows'])
    await db
      .collection(c)
      .drop()
      .catch(() => {});
  await db.collection('order_rows_meta').deleteMany({});
  const now = Date.now();
  const rnd = prng(12);
  const BATCH = 5000;
  const opts = { ordered: false };
  let writing = Promise.resolve();
  for (let i = 0; i < scale.orders; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, scale.orders - i) }, (_, k) =>
      order(i + k, rnd, now, listKeysOf, scale),
    );
    const rows = docs.map(rowOf);
    await writing;
    writing = Promise.all([
      db.collection('orders').insertMany(docs, opts),
      db.collection('order_rows').insertMany(rows, opts),
    ]).then(() => undefined);
    if ((i + BATCH) % 50_000 === 0)
      log(`orders: ${i + BATCH} of ${scale.orders} seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  await writing;
  const seconds = Math.round((Date.now() - t0) / 1000);
  await db
    .collection('order_rows_meta')
    .updateOne({ _id: 'rows' }, { $set: { version: ROWS_VERSION, at: new Date() } }, { upsert: true });
  // drawn for the scale's drivers from the start: nothing to spread (orders-drivers.mjs)
  await db
    .collection('bench_meta')
    .updateOne({ _id: 'drivers' }, { $set: { n: scale.drivers ?? N_DRIVERS, moved: 0 } }, { upsert: true });
  await db
    .collection('bench_meta')
    .updateOne(
      { _id: 'orders' },
      { $set: { n: scale.orders, version: SEED_VERSION, now, seconds } },
      { upsert: true },
    );
  log(
    `orders: seeded ${scale.orders} orders and their list rows over ${scale.companies} companies into ${scale.ordersDb} in ${seconds} s`,
  );
  return { db, now };
}

/**
 * The orders' list rows (services/orders models/order-row.ts, written by the service's own rowOf) and the marker the
 * service reads before using them, once: the seeded orders are read a created month at a time (one pushed-down
 * equality each) and their rows inserted in batches.
 */
async function seedRows(db, root, log, { spanDays }) {
  const { rowOf } = await serviceModule(root, 'lists-rows.ts');
  const { ROWS_VERSION } = await serviceModule(root, 'lists-store.ts');
  const marker = await db.collection('order_rows_meta').findOne({ _id: 'rows' });
  if (marker?.version === ROWS_VERSION) return;
  const t0 = Date.now();
  await db
    .collection('order_rows')
    .drop()
    .catch(() => {});
  // one delivery week at a time (~960 orders: a short read each; a full scan held a snapshot for minutes, which
  // stalls every concurrent index build on the shared PostgreSQL), over the seed's span and the bench's writes
  const meta = await db.collection('bench_meta').findOne({ _id: 'orders' });
  const now = meta?.now ?? Date.now();
  const weeks = [];
  for (let t = now - (spanDays + 7) * DAY; t <= Date.now() + 60 * DAY; t += 7 * DAY) {
    const d = new Date(t);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    weeks.push(d.toISOString().slice(0, 10));
  }
  let n = 0;
  for (const w of new Set(weeks)) {
    const docs = await db.collection('orders').find({ deliveryWeek: w }).toArray();
    for (let i = 0; i < docs.length; i += 2000)
      await db.collection('order_rows').insertMany(docs.slice(i, i + 2000).map(rowOf), { ordered: false });
    n += docs.length;
  }
  await db
    .collection('order_rows_meta')
    .updateOne({ _id: 'rows' }, { $set: { version: ROWS_VERSION, at: new Date() } }, { upsert: true });
  log(`orders: ${n} list rows written in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
