// schedule.day.2000 (routing's daily schedule): POST /api/orders/schedule for one day of 2,000 orders on 60 routes,
// on a routing instance the bench starts over its own database (portal_bench_schedule: 60 routes, 40 drivers and
// the 2,000 orders written straight into routing's read model; never the demo database), 10 connections (a
// dispatch office's screens refreshing at once), one staff token. Beside it, the bare Fastify baseline at the same
// concurrency (schedule.day.2000.baseline) and the answer built in process alone (schedule.day.2000.fn).
// At a scale (lib/scale.mjs) the read model also holds that scale's orders on other days (98,000 beside the day's
// 2,000 at 100k; 998,000 at 1m, in portal_bench_1m_schedule): the same day read out of a ten times bigger table.
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { ObjectId } from 'mongodb';
import { row, watchRss } from './measure.mjs';
import { demoToken, load, startBaseline, startService } from './http.mjs';
import { migrateService } from './orders.mjs';
import { SCALES } from './scale.mjs';

export const SCHEDULE_DB = SCALES['100k'].scheduleDb;
const ORDERS = 2000;
const ROUTES = 60;
const DRIVERS = 40;
const DAY = '2026-12-03';
const CONNECTIONS = Number(process.env.BENCH_SCHEDULE_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const TYPES = ['layover', 'layover', 'layover', 'sameDay', 'cash_return', 'dropoff'];
const PICKUPS = ['layoverpickup', 'regular', 'warehouse'];
const STATUSES = [0, 1, 1, 7, 2, 2, 3, 4];

/** 60 routes, 40 drivers and 2,000 orders of DAY in routing's read-model shape. Kept when already there. */
async function seed(client, log, SCHEDULE_DB) {
  const db = client.db(SCHEDULE_DB);
  if ((await db.collection('read_orders').countDocuments({ days: DAY })) === ORDERS) return;
  // dropped, not emptied (a delete goes document by document): the other days' orders follow (seedOtherDays)
  for (const c of ['routes', 'read_orders', 'read_drivers', 'bench_meta'])
    await db
      .collection(c)
      .drop()
      .catch(() => undefined);
  const now = new Date();
  const routes = Array.from({ length: ROUTES }, (_, i) => ({
    _id: new ObjectId(),
    name: `Bench ${String(i).padStart(2, '0')}`,
    nameKey: `bench ${String(i).padStart(2, '0')}`,
    startTime: `${String(6 + (i % 6)).padStart(2, '0')}:00`,
    rows: [
      {
        _id: new ObjectId(),
        city: `City ${i}`,
        zipCode: String(90000 + i),
        dayOfTheWeek: 'mon,wed',
        biWeekly: false,
        overnight: false,
        price: 40,
        data: {},
      },
    ],
    deleted: false,
    created: now,
    lastUpdated: now,
    _outbox: [],
  }));
  await db.collection('routes').insertMany(routes);
  await db.collection('read_drivers').insertMany(
    Array.from({ length: DRIVERS }, (_, i) => ({
      _id: `bench-d${i}`,
      name: `Driver ${i}`,
      email: `d${i}@bench.test`,
      userId: '',
      deleted: false,
      asOf: now,
      linkAsOf: now,
    })),
  );
  await db
    .collection('read_orders')
    .insertMany(Array.from({ length: ORDERS }, (_, i) => readOrder(i, DAY, routes)));
  log(
    `schedule.day.2000: seeded ${ROUTES} routes, ${DRIVERS} drivers, ${ORDERS} orders of ${DAY} into ${SCHEDULE_DB}`,
  );
}

const addr = (n, c) => ({
  name: n,
  street: `${c} Main St`,
  city: `City ${c}`,
  zip: String(90000 + (c % ROUTES)),
});

/** The i-th order of a day in routing's read-model shape. */
function readOrder(i, day, routes, now = new Date()) {
  {
    const type = TYPES[i % TYPES.length];
    // six orders in a row share a route: every route gets every kind of order
    const route = String(routes[Math.floor(i / TYPES.length) % ROUTES]._id);
    const pickup = i % 3 === 0;
    return {
      _id: day === DAY ? `bench-o${i}` : `bench-o${day}-${i}`,
      orderId: `B-${100000 + i}`,
      status: STATUSES[i % STATUSES.length],
      orderType: type,
      orderDef: 'ext',
      pickupLN: `LIC-P-${i % 97}`,
      destinationLN: `LIC-D-${i % 89}`,
      vendorName: `Vendor ${i % 97}`,
      destName: `Shop ${i % 89}`,
      deliveryDate: `${day}T12:00:00.000Z`,
      ...(pickup ? { pickupDate: `${day}T09:00:00.000Z` } : {}),
      deliveryDay: day,
      pickupDay: pickup ? day : '',
      days: [day],
      deleted: 0,
      version: 3,
      appliedAt: now,
      facts: {
        version: 3,
        updatedAt: now.toISOString(),
        deleted: 0,
        companyKeys: [`lic-p-${i % 97}`, `lic-d-${i % 89}`],
        route,
        pickupRoute: pickup ? String(routes[(i + 7) % ROUTES]._id) : '',
        pickupType: PICKUPS[i % 3],
        pickupDriver: `bench-d${i % DRIVERS}`,
        deliveryDriver: `bench-d${(i + 1) % DRIVERS}`,
        ...(i % 10 === 0 ? { pickupDriverChange: now.toISOString() } : {}),
        weight: String(1 + (i % 9)),
        notes: i % 4 ? '' : 'Call on arrival, back door',
        billingNotes: i % 5 ? '' : 'Cash 120',
        checkedin: i % 2 === 0,
        checkedout: i % 4 === 0,
        hasManifest: i % 3 !== 0,
        manifestSigned: i % 6 === 0,
        pickupAddress: addr(`Vendor ${i % 97}`, i),
        destAddress: addr(`Shop ${i % 89}`, i + 1),
        createdBy: 'Bench',
      },
    };
  }
}

/**
 * The scale's other orders (every day but DAY, 2,000 a day going back from the day before it), once: a marker in
 * bench_meta written after the last batch; unordered batches of 5,000, the next drawn while the last is written.
 */
async function seedOtherDays(client, log, scale) {
  const db = client.db(scale.scheduleDb);
  const want = scale.orders - ORDERS;
  const meta = await db.collection('bench_meta').findOne({ _id: 'other-days' });
  if (meta?.n === want) return;
  const t0 = Date.now();
  await db.collection('read_orders').deleteMany({ days: { $ne: DAY } });
  const routes = await db.collection('routes').find({}).toArray();
  const now = new Date();
  let writing = Promise.resolve();
  for (let i = 0; i < want; i += 5000) {
    const docs = Array.from({ length: Math.min(5000, want - i) }, (_, k) => {
      const n = i + k;
      const day = new Date(Date.parse(DAY) - (1 + Math.floor(n / ORDERS)) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return readOrder(n % ORDERS, day, routes, now);
    });
    await writing;
    writing = db
      .collection('read_orders')
      .insertMany(docs, { ordered: false })
      .then(() => undefined);
  }
  await writing;
  await db.collection('bench_meta').updateOne({ _id: 'other-days' }, { $set: { n: want } }, { upsert: true });
  log(
    `schedule.day.2000 ${scale.key}: ${want} orders of other days seeded into ${scale.scheduleDb} in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
}

/** The day's 2,000 and the scale's other days' orders, once each, and routing's indexes over them. */
export async function seedSchedule({ root, logDir, env, client, log }, scale) {
  await seed(client, log, scale.scheduleDb);
  await seedOtherDays(client, log, scale);
  await migrateService(root, logDir, env, { service: 'routing', dbName: scale.scheduleDb });
}

const startRouting = (root, logDir, stackEnv, scale) =>
  startService(root, logDir, stackEnv, {
    service: 'routing',
    log: `bench-routing-schedule${scale.key === '100k' ? '' : `-${scale.key}`}.log`,
    readyMs: 300_000,
    env: {
      MONGO_DB: scale.scheduleDb,
      // its own durables and no snapshot request: nothing of the stack's orders comes into the bench database
      CONSUMER_SUFFIX: `benchschedule${scale.key === '100k' ? '' : scale.key}`,
      QUEUE_PREFIX: `portal-bench-schedule${scale.key === '100k' ? '' : `-${scale.key}`}`,
      ROUTING_DISPATCH_FEED: 'off',
      OTEL_SERVICE_NAME: 'routing-bench-schedule',
    },
  });

async function shoot(url, token, pid, name) {
  const body = JSON.stringify({ opts: { day: DAY } });
  const run = (duration, onResponse) =>
    new Promise((resolve, reject) => {
      const inst = autocannon(
        {
          url,
          connections: CONNECTIONS,
          duration,
          method: 'POST',
          body,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      if (onResponse) inst.on('response', onResponse);
    });
  await run(2);
  const lat = [];
  let bad = 0;
  const stopRss = watchRss(pid);
  const res = await run(SECONDS, (_c, status, _b, ms) => (status === 200 ? lat.push(ms) : bad++));
  const rss = stopRss();
  const errors = bad + res.errors + res.timeouts;
  return { ...row(name('schedule.day.2000'), lat, { rps: lat.length / res.duration, rss }), errors };
}

export async function runScheduleDay({ root, logDir, env, client, log, stops, scale = SCALES['100k'] }) {
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const { name, scheduleDb: SCHEDULE_DB } = scale;
  // with routing's own start-up migration ahead, without the start's time limit (its indexes over the read model)
  const m0 = Date.now();
  await seedSchedule({ root, logDir, env, client, log }, scale);
  log(`${name('schedule.day.2000')}: data and indexes ready in ${((Date.now() - m0) / 1000).toFixed(0)} s`);
  const routing = await startRouting(root, logDir, env, scale);
  stops?.push(routing.stop);
  const token = await demoToken(env);
  const url = `${routing.base}/api/orders/schedule`;
  const c0 = performance.now();
  const probe = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ opts: { day: DAY } }),
  });
  const answer = await probe.json();
  const first = performance.now() - c0;
  const listed = new Set(
    (answer.data?.routes ?? []).flatMap((r) =>
      Object.values(r.sections)
        .flat()
        .map((o) => o.id),
    ),
  );
  for (const o of [...(answer.data?.warehouse ?? []), ...(answer.data?.dropoffs ?? [])]) listed.add(o.id);
  if (probe.status !== 200 || listed.size < ORDERS * 0.9)
    throw new Error(`${name('schedule.day.2000')}: answered ${probe.status} with ${listed.size} orders`);
  const bytes = JSON.stringify(answer).length;
  log(
    `${name('schedule.day.2000')}: ${listed.size} orders on ${answer.data.routes.length} routes, ${(bytes / 1e6).toFixed(2)} MB, first call ${first.toFixed(0)} ms`,
  );
  const r = await shoot(url, token, routing.pid, name);
  await routing.stop();
  const others = `${(scale.orders - ORDERS).toLocaleString('en')} orders of other days beside them`;
  if (scale.key !== '100k')
    return {
      rows: [r],
      notes: [
        `${name('schedule.day.2000')}: as schedule.day.2000 over ${SCHEDULE_DB} (the day's ${ORDERS} orders, ${others}); ` +
          `first call after the start (the day built from the database) ${first.toFixed(0)} ms. ${r.errors} errors. ` +
          `Load average at the start ${load1} on ${cpus().length} cores.`,
      ],
    };
  const baseline = await startBaseline(root, logDir);
  stops?.push(baseline.stop);
  const b = await load('schedule.day.2000.baseline', {
    url: baseline.url,
    pid: baseline.pid,
    connections: CONNECTIONS,
  });
  await baseline.stop();
  const rows = [r, b];
  const notes = [
    `schedule.day.2000: POST /api/orders/schedule {day} for ${ORDERS} orders on ${ROUTES} routes (${listed.size} listed ` +
      `in routes, warehouse and dropoff blocks; ${(bytes / 1e6).toFixed(2)} MB of JSON), admin token, ${CONNECTIONS} ` +
      `connections for ${SECONDS} s after 2 s of warm-up, on a routing instance the bench starts over ${SCHEDULE_DB} ` +
      `(${others}; first call after the start ${first.toFixed(0)} ms) ` +
      `(read model written by the bench; the day cache warm after the first call: each call checks the token, reads the change ` +
      `counter at most every 250 ms, and shares the built JSON while nothing moved; a rebuild is ~50 ms). schedule.day.2000.baseline: the bare Fastify ` +
      `route at the same concurrency. Goal: p95 < 150 ms. ${r.errors} errors. Load average at the start ${load1} on ` +
      `${cpus().length} cores.`,
  ];
  return { rows, notes };
}
