// The bench data set: 100,000 order-shaped docs over 200 companies and 5,000 users, in a database of its own
// (`portal_bench`), never the demo data. Deterministic (seeded PRNG), seeded once and reused: a count decides.
import { ensureGinIndexes } from './gin.mjs';

export const BENCH_DB = process.env.BENCH_DB ?? 'portal_bench';
export const ORDERS = 100_000;
export const COMPANIES = 200;
export const USERS = 5_000;
/** Six order statuses in use (spec numbering: received, approved, in transit, delivered, exception, picked up). */
export const STATUSES = [0, 1, 2, 3, 4, 7];
/** The orders' top-level fields that list queries filter on by equality: each gets a PostgreSQL GIN index. */
export const ORDER_GIN_FIELDS = [
  '_id',
  'companyId',
  'status',
  'deliveryWeek',
  'deliveryDate',
  'manifestNumber',
];
export const USER_GIN_FIELDS = ['_id', 'sub', 'email'];
const DAY = 86_400_000;
/** A fixed "now": the data set and the queries' parameters do not depend on the day the bench runs. */
export const EPOCH = Date.UTC(2026, 10, 1);

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

export const companyId = (c) => `company-${String(c).padStart(3, '0')}`;
export const manifestNumber = (i) => `MN-${String(i).padStart(7, '0')}`;

/** ISO-8601 week key of a UTC date, e.g. 2026-W23: the period key stored on each order for wide lists. */
export function isoWeek(ms) {
  const d = new Date(ms);
  const thursday = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - (d.getUTCDay() || 7)),
  );
  const week = Math.ceil(((thursday - Date.UTC(thursday.getUTCFullYear(), 0, 1)) / DAY + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export function order(i, rnd) {
  const c = Math.floor(rnd() * COMPANIES);
  const created = EPOCH - Math.floor(rnd() * 364 * DAY);
  const delivery = created + Math.floor(rnd() * 4) * DAY;
  const dest = Math.floor(rnd() * COMPANIES);
  return {
    orderId: `B${String(i).padStart(7, '0')}`,
    manifestNumber: manifestNumber(i),
    companyId: companyId(c),
    status: STATUSES[Math.floor(rnd() * STATUSES.length)],
    createdAt: new Date(created),
    lastUpdated: new Date(created + 3_600_000),
    deliveryDate: new Date(delivery).toISOString().slice(0, 10),
    deliveryWeek: isoWeek(delivery),
    deleted: 0,
    isPickup: rnd() < 0.3,
    createdBy: `bench-user-${Math.floor(rnd() * USERS)}@bench.portal`,
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        pickupLN: `LIC-${companyId(c)}`,
        destinationLN: `LIC-${companyId(dest)}`,
        route: `R${1 + Math.floor(rnd() * 12)}`,
        driver: { delivery: `driver-${Math.floor(rnd() * 40)}` },
        weight: String(1 + Math.floor(rnd() * 9)),
        notes: 'Back door, ring twice. Cold chain: keep below 8 °C.',
      },
      billing: { amount: Math.round(rnd() * 50_000) / 100, method: 'net', invoice: `INV-${i}` },
    },
  };
}

function user(i) {
  const c = i % COMPANIES;
  return {
    email: `bench-user-${i}@bench.portal`,
    sub: `bench-sub-${i}`,
    name: { firstName: 'Bench', lastName: `User ${i}` },
    role: i % 10 === 0 ? 3 : 4,
    verified: true,
    company: {
      'License #': `LIC-${companyId(c)}`,
      Licensee: `Bench Company ${c}`,
      DBA: `Bench ${c}`,
      'Street Address': `${c} Bench Street`,
      phone: '+15551234567',
      billingContactName: 'Bench Billing',
      billingContactEmail: `billing-${c}@bench.portal`,
      billingAddress: `${c} Bench Street`,
    },
    alerts: { email: true },
    hasSentEmail: false,
    sameDayPickup: false,
    isActive: true,
    createdAt: new Date(EPOCH),
    updatedAt: new Date(EPOCH),
  };
}

async function fill(coll, total, make, log) {
  const t = Date.now();
  const rnd = prng(20261101);
  for (let i = 0; i < total; i += 1000) {
    const docs = [];
    for (let j = i; j < Math.min(total, i + 1000); j++) docs.push(make(j, rnd));
    await coll.insertMany(docs, { ordered: false });
  }
  log(
    `seeded ${total} docs into ${coll.dbName}.${coll.collectionName} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
}

/** (Re)seeds a collection unless it already holds exactly `total` docs; then creates its indexes (idempotent). */
async function ensureCollection(db, name, total, make, indexes, ginFields, log, mine = {}) {
  const coll = db.collection(name);
  // `mine`: the docs the bench made (the bench's accounts instance adds the demo caller's own profile).
  const have = await coll.countDocuments(mine);
  if (have !== total) {
    // deleteMany, not drop(): a dropped collection gets a new table in PostgreSQL without its GIN indexes, and
    // the service's own indexes on users would go too.
    if (have) await coll.deleteMany(mine);
    await fill(coll, total, make, log);
  }
  // MongoDB's own indexes (what production uses; on FerretDB the unique one enforces E11000).
  // One at a time and only the missing ones: FerretDB 1.24 panics on a createIndexes of several that exist.
  const existing = new Set((await coll.listIndexes().toArray()).map((i) => i.name));
  for (const ix of indexes) if (!existing.has(ix.name)) await coll.createIndexes([ix]);
  // FerretDB-on-PostgreSQL serves equality filters only through GIN indexes on the top-level fields.
  await ensureGinIndexes(BENCH_DB, name, ginFields, log);
}

export async function seed(client, log = console.log) {
  const db = client.db(BENCH_DB);
  await ensureCollection(
    db,
    'orders',
    ORDERS,
    order,
    [
      { key: { manifestNumber: 1 }, name: 'manifestNumber_1', unique: true },
      { key: { companyId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'company_status_created' },
      { key: { status: 1, deliveryWeek: 1, createdAt: -1, _id: -1 }, name: 'status_week_created' },
      { key: { deliveryDate: 1 }, name: 'deliveryDate_1' },
    ],
    ORDER_GIN_FIELDS,
    log,
  );
  await ensureCollection(
    db,
    'users',
    USERS,
    user,
    [], // the accounts service's own start-up migration declares the users' indexes
    USER_GIN_FIELDS,
    log,
    { sub: { $regex: '^bench-sub-' } },
  );
  return db;
}
