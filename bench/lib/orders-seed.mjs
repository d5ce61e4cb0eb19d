// orders.*: 100,000 orders over 200 companies in the order service's own shape (the spec's §3 document,
// two ledger entries each, the top-level list keys computed by the service's own listKeysOf), seeded once into
// portal_bench_orders — never the demo database. A marker document records the seed; a run that finds it reuses it.
import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { tsImport } from 'tsx/esm/api';
import { BENCH_DB } from './seed.mjs';

export const ORDERS_DB = `${BENCH_DB}_orders`;
export const N_ORDERS = 100_000;
export const N_COMPANIES = 200;
export const N_DRIVERS = 40;
/** Company 7's public orders link token (the public page's only key; members hold its SHA-256). */
export const BENCH_PUBLIC_TOKEN = 'benchCompany7PublicOrdersLinkTokenxxxxxxxxx';
const SEED_VERSION = 1;
const DAY = 86_400_000;
const SPAN_DAYS = 730; // two years of history: ~960 orders per delivery week

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
export const driverId = (d) => `bench-drv-${String(d).padStart(2, '0')}`;

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

const company = (c) => ({
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

function order(i, rnd, now, listKeysOf) {
  const p = Math.floor(rnd() * N_COMPANIES);
  const d = (p + 1 + Math.floor(rnd() * (N_COMPANIES - 1))) % N_COMPANIES;
  const createdAt = new Date(now - rnd() * SPAN_DAYS * DAY);
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
  const drv = status === 0 ? '' : driverId(Math.floor(rnd() * N_DRIVERS));
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

/** Seeds the orders once (a marker in bench_meta); returns the database. */
export async function seedOrders(client, root, log) {
  const db = client.db(ORDERS_DB);
  const meta = await db.collection('bench_meta').findOne({ _id: 'orders' });
  if (meta?.n === N_ORDERS && meta.version === SEED_VERSION) {
    await seedRows(db, root, log);
    return { db, now: meta.now };
  }
  const { listKeysOf } = await tsImport(`${root}/services/orders/src/domain/list-keys.ts`, import.meta.url);
  const t0 = Date.now();
  await db
    .collection('orders')
    .drop()
    .catch(() => {});
  await db.collection('order_rows_meta').deleteMany({}); // the rows follow the new orders (seedRows)
  const now = Date.now();
  const rnd = prng(12);
  const BATCH = 2000;
  for (let i = 0; i < N_ORDERS; i += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, N_ORDERS - i) }, (_, k) =>
      order(i + k, rnd, now, listKeysOf),
    );
    await db.collection('orders').insertMany(docs, { ordered: false });
  }
  await db
    .collection('bench_meta')
    .updateOne({ _id: 'orders' }, { $set: { n: N_ORDERS, version: SEED_VERSION, now } }, { upsert: true });
  log(
    `orders: seeded ${N_ORDERS} orders over ${N_COMPANIES} companies into ${ORDERS_DB} in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  await seedRows(db, root, log);
  return { db, now };
}

/**
 * The orders' list rows (services/orders models/order-row.ts, written by the service's own rowOf) and the marker the
 * service reads before using them, once: the seeded orders are read a created month at a time (one pushed-down
 * equality each) and their rows inserted in batches.
 */
async function seedRows(db, root, log) {
  const { rowOf } = await tsImport(`${root}/services/orders/src/domain/lists-rows.ts`, import.meta.url);
  const { ROWS_VERSION } = await tsImport(
    `${root}/services/orders/src/domain/lists-store.ts`,
    import.meta.url,
  );
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
  for (let t = now - (SPAN_DAYS + 7) * DAY; t <= Date.now() + 60 * DAY; t += 7 * DAY) {
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

/** The 200 bench companies in orders' licence read model (what the create and bulk checks look licences up in). */
export async function seedBenchLicences(db) {
  const ops = Array.from({ length: N_COMPANIES }, (_, c) => ({
    updateOne: {
      filter: { licenseKey: licence(c) },
      update: {
        $set: {
          licenseKey: licence(c),
          ...company(c),
          pickupRoute: [],
          active: true,
          FacilityType: 'Recreational',
          deleted: false,
          asOf: new Date('2100-01-01'),
        },
      },
      upsert: true,
    },
  }));
  await db.collection('licences').bulkWrite(ops, { ordered: false });
}

/**
 * The bench callers in orders' members read model: the demo account admin in company 7 (outgoing/incoming/placed),
 * the demo user in company 8, the demo driver linked to driver 3. `asOf` far ahead: a feed fill of the real
 * members (the instance asks accounts for a snapshot) never overwrites them.
 */
export async function seedBenchMembers(db, subs) {
  const members = [
    {
      userId: 'bench-user-7',
      sub: subs.accountadmin,
      role: 3,
      companyKeys: [licence(7)],
      publicOrdersHash: createHash('sha256').update(BENCH_PUBLIC_TOKEN).digest('hex'),
    },
    { userId: 'bench-user-8', sub: subs.user, role: 4, companyKeys: [licence(8)] },
    { userId: 'bench-driver', sub: subs.driver, role: 2, companyKeys: [], driverId: driverId(3) },
  ];
  for (const m of members)
    await db.collection('members').updateOne(
      { userId: m.userId },
      {
        $set: {
          ...m,
          email: '',
          alertsEmail: false,
          deleted: false,
          suspended: false,
          licenseNumbers: m.companyKeys,
          asOf: new Date('2100-01-01'),
          driverAsOf: new Date('2100-01-01'),
          driverId: m.driverId ?? '',
        },
      },
      { upsert: true },
    );
}
