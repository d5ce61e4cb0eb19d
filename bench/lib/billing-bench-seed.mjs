// The projected-order data set of the billing benches (billing.recon.month and reports.100k): 100,000 orders of 200
// vendors over 12 months in portal_billing_bench, seeded once in billing's stored shape and reused. At the 1m scale
// (lib/scale.mjs) 1,000,000 orders of 2,000 vendors in portal_billing_bench_1m: ten blocks of 200 vendors, each block
// drawn as the 100k set is, so the biggest vendor ships as much as at 100k and only the database grows.
import { ensureGinIndexes } from './gin.mjs';
import { SCALES } from './scale.mjs';

export const RECON_DB = SCALES['100k'].billingDb;
export const ORDERS = SCALES['100k'].orders;
export const VENDORS = SCALES['100k'].companies;
export const ROUTES = 60;
export const DRIVERS = 40;
export const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 11 + i, 1));
  return d.toISOString().slice(0, 7);
}); // 2025-12 … 2026-11

const METHODS = ['Cash 101', 'Check 2044', 'Net Terms', 'Samples', ''];
const AMOUNTS = ['$1,250.50', '0.1', '19.99', '', '300', '12.345', '7'];
const cents = { '$1,250.50': 125050, 0.1: 10, 19.99: 1999, '': 0, 300: 30000, 12.345: 1235, 7: 700 };

// a deterministic generator (the seed is the same every run)
export function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
export const ln = (v) => `BENCH-V${String(v).padStart(3, '0')}`;

/** The vendor of the i-th order from its draw `x` (the same skew in each block of 200 vendors). */
export const vendorOf = (i, x, vendors = VENDORS) =>
  Math.min(VENDORS - 1, Math.floor(VENDORS * x ** 2)) + VENDORS * (i % (vendors / VENDORS));

function weekOf(day) {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

/** The projection's STORED shape (services/billing/src/readmodels/order-projection.ts `toStored`, kept in step). */
const TOP = ['_id', 'vendorMonth', 'deliveryDay', 'month', 'week', 'version', 'deleted', 'createdAt'];
function storedOf(p) {
  const top = {};
  const rest = {};
  for (const [k, v] of Object.entries(p)) (TOP.includes(k) ? top : rest)[k] = v;
  return { ...top, r: JSON.stringify(rest) };
}
/** The stored shape the seed writes (a marker of another shape = the old full documents: dropped and reseeded). */
const SHAPE = 2;

/**
 * Seeds portal_billing_bench once (shared with reports-100k.mjs): 100,000 projected orders in the stored shape, the
 * vendor/route/driver names, then the marker. Returns true when it seeded.
 */
export async function seedBench(client, log, scale = SCALES['100k']) {
  const { billingDb, orders: ORDERS, companies: VENDORS } = scale;
  const db = client.db(billingDb);
  const col = db.collection('orders_projection');
  // a marker written after the last batch, read by _id (FerretDB answers a count by reading the whole table)
  const marker = await db.collection('names').findOne({ _id: 'bench:seeded' });
  if (marker?.orders === ORDERS && marker?.shape === SHAPE) return false;
  // old shape or half seeded: drop (faster than deleting 100,000 documents one by one; ensureIndexes remakes them)
  for (const c of ['orders_projection', 'names'])
    await db
      .collection(c)
      .drop()
      .catch(() => undefined);
  const names = [
    ...Array.from({ length: VENDORS }, (_, v) => ({
      _id: `vendor:${ln(v)}`,
      kind: 'vendor',
      name: `Bench Vendor ${v}`,
      registered: v % 3 !== 0,
      updatedAt: '',
    })),
    ...Array.from({ length: ROUTES }, (_, r) => ({
      _id: `route:br${r}`,
      kind: 'route',
      name: `Route ${r}`,
      updatedAt: '',
    })),
    ...Array.from({ length: DRIVERS }, (_, d) => ({
      _id: `driver:bd${d}`,
      kind: 'driver',
      name: `Driver ${d}`,
      updatedAt: '',
    })),
  ];
  await db.collection('names').insertMany(names);
  const r = rng(15);
  const t0 = Date.now();
  const batch = [];
  let writing = Promise.resolve();
  for (let i = 0; i < ORDERS; i++) {
    const v = vendorOf(i, r(), VENDORS); // skewed towards the first vendors (of each block of 200)
    const month = MONTHS[Math.floor(r() * MONTHS.length)];
    const day = `${month}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    const amount = AMOUNTS[i % AMOUNTS.length];
    const status = [3, 3, 3, 3, 5, 6, 2, 1, 8][i % 9];
    batch.push(
      storedOf({
        _id: `bench-${String(i).padStart(6, '0')}`,
        orderId: `BR-${100000 + i}`,
        status,
        orderType: 'sameDay',
        orderDef: 'ext',
        pickupLN: ln(v),
        destinationLN: `BENCH-D${i % 500}`,
        vendorName: `Bench Vendor ${v}`,
        destName: `Shop ${i % 500}`,
        deliveryDay: day,
        month,
        vendorMonth: `${ln(v)}|${month}`,
        week: weekOf(day),
        route: `br${i % ROUTES}`,
        pickupRoute: '',
        pickupDriver: '',
        deliveryDriver: `bd${i % DRIVERS}`,
        companyKeys: [ln(v)],
        deleted: i % 97 === 0 ? 1 : 0,
        version: 3,
        createdAt: `${day}T08:00:00.000Z`,
        updatedAt: `${day}T08:00:00.000Z`,
        billing: {
          invoice: `INV-${i}`,
          amount,
          amountCents: cents[amount],
          method: METHODS[i % METHODS.length],
          methodSelect: '',
          dateApproved: day,
          deliveredDay: day,
          rejected: status === 5 ? 'damaged' : '',
          signatures: { pickup: true, driver: true, customer: true, dropoff: true },
          times: {},
        },
      }),
    );
    if (batch.length === 5000) {
      // the next batch is drawn while this one is written
      await writing;
      writing = col.insertMany(batch.splice(0), { ordered: false }).then(() => undefined);
      if ((i + 1) % 100_000 === 0)
        log(
          `billing ${scale.key}: ${i + 1} of ${ORDERS} seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
        );
    }
  }
  await writing;
  if (batch.length) await col.insertMany(batch);
  // billing's own shape marker (events/projection-request.ts): a billing started with snapshots on keeps this data
  await db.collection('names').insertMany([
    { _id: 'feed:shape', kind: 'feed', shape: SHAPE, updatedAt: '' },
    { _id: 'bench:seeded', kind: 'bench', orders: ORDERS, shape: SHAPE, updatedAt: '' },
  ]);
  log(
    `billing.recon.month: seeded ${ORDERS} projected orders (stored shape ${SHAPE}) of ${VENDORS} vendors over ${MONTHS.length} months into ${billingDb} in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  return true;
}

/**
 * The projection's indexes as billing's start-up migration declares them (mongoose names), made here once: built by the
 * service over 100,000 documents they would outlast its start-up timeout. Idempotent, one at a time (FerretDB 1.24).
 */
export async function ensureBenchIndexes(client, log, dbName = RECON_DB) {
  const db = client.db(dbName);
  for (const [name, keys, gin] of [
    [
      'orders_projection',
      [{ vendorMonth: 1, _id: 1 }, { deliveryDay: 1, _id: 1 }, { month: 1, _id: 1 }, { week: 1 }],
      ['_id', 'vendorMonth', 'deliveryDay', 'month', 'week'],
    ],
    ['names', [{ kind: 1 }], ['_id', 'kind']],
  ]) {
    const coll = db.collection(name);
    const existing = new Set((await coll.listIndexes().toArray()).map((i) => i.name));
    for (const key of keys) {
      const ixName = Object.entries(key)
        .map(([k, v]) => `${k}_${v}`)
        .join('_');
      if (!existing.has(ixName)) await coll.createIndexes([{ key, name: ixName }]);
    }
    await ensureGinIndexes(dbName, name, gin, log);
  }
}
