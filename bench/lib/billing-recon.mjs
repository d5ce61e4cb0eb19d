// billing.recon.month (issue 15, part recon): POST /api/orders/reconciliation for one vendor-month over 100,000
// projected orders (200 vendors over 12 months, skewed: the first vendors ship far more, as real ones do), on a
// billing instance the bench starts over its own database (portal_billing_bench, written straight into the order
// projection once and reused; never the demo database), 10 connections (a billing office), one staff token. The
// measured vendor-month is the biggest vendor's busiest month (the hard case), answered with its totals and the
// first page of 250 rows.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, row, watchRss } from './measure.mjs';
import { demoToken } from './http.mjs';
import { ensureGinIndexes } from './gin.mjs';

export const RECON_DB = 'portal_billing_bench';
const ORDERS = 100_000;
const VENDORS = 200;
const ROUTES = 60;
const DRIVERS = 40;
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(2025, 11 + i, 1));
  return d.toISOString().slice(0, 7);
}); // 2025-12 … 2026-11
const CONNECTIONS = Number(process.env.BENCH_RECON_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const METHODS = ['Cash 101', 'Check 2044', 'Net Terms', 'Samples', ''];
const AMOUNTS = ['$1,250.50', '0.1', '19.99', '', '300', '12.345', '7'];
const cents = { '$1,250.50': 125050, 0.1: 10, 19.99: 1999, '': 0, 300: 30000, 12.345: 1235, 7: 700 };

// a deterministic generator (the seed is the same every run)
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const ln = (v) => `BENCH-V${String(v).padStart(3, '0')}`;

function weekOf(day) {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

async function seed(client, log) {
  const db = client.db(RECON_DB);
  const col = db.collection('orders_projection');
  // a marker written after the last batch, read by _id (FerretDB answers a count by reading the whole table)
  const marker = await db.collection('names').findOne({ _id: 'bench:seeded' });
  if (marker?.orders === ORDERS) return;
  await Promise.all(['orders_projection', 'names'].map((c) => db.collection(c).deleteMany({})));
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
  const batch = [];
  for (let i = 0; i < ORDERS; i++) {
    const v = Math.min(VENDORS - 1, Math.floor(VENDORS * r() ** 2)); // skewed towards the first vendors
    const month = MONTHS[Math.floor(r() * MONTHS.length)];
    const day = `${month}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
    const amount = AMOUNTS[i % AMOUNTS.length];
    const status = [3, 3, 3, 3, 5, 6, 2, 1, 8][i % 9];
    batch.push({
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
    });
    if (batch.length === 5000) await col.insertMany(batch.splice(0));
  }
  if (batch.length) await col.insertMany(batch);
  await db
    .collection('names')
    .insertOne({ _id: 'bench:seeded', kind: 'bench', orders: ORDERS, updatedAt: '' });
  log(
    `billing.recon.month: seeded ${ORDERS} projected orders of ${VENDORS} vendors over ${MONTHS.length} months into ${RECON_DB}`,
  );
}

/**
 * The projection's indexes as billing's start-up migration declares them (mongoose names), made here once: built by the
 * service over 100,000 documents they would outlast its start-up timeout. Idempotent, one at a time (FerretDB 1.24).
 */
async function ensureIndexes(client, log) {
  const db = client.db(RECON_DB);
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
    await ensureGinIndexes(RECON_DB, name, gin, log);
  }
}

async function startBilling(root, logDir, stackEnv) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = join(logDir, 'bench-billing-recon.log');
  const child = spawn(
    process.execPath,
    ['--import', '@portal/service-kit/telemetry', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: join(root, 'services/billing'),
      env: {
        ...process.env,
        ...stackEnv,
        PORT: String(port),
        BILLING_PORT: String(port),
        MONGO_DB: RECON_DB,
        // its own durables and queues, no snapshot request: nothing of the stack comes into the bench database
        CONSUMER_SUFFIX: 'benchrecon',
        QUEUE_PREFIX: 'portal-bench-recon',
        BILLING_SNAPSHOT: 'off',
        LOG_LEVEL: 'info',
        OTEL_SERVICE_NAME: 'billing-bench-recon',
        OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_SAMPLER_ARG ?? '0.1',
      },
      stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
    },
  );
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`billing exited ${child.exitCode}; see ${log}`);
    if (
      await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (Date.now() > until) throw new Error(`billing not ready after 180 s; see ${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { pid: child.pid, base, stop };
}

/** The biggest vendor's busiest month, from the same deterministic draw as the seed (no database scan). */
function busiest() {
  const r = rng(15);
  const n = new Map();
  for (let i = 0; i < ORDERS; i++) {
    const v = Math.min(VENDORS - 1, Math.floor(VENDORS * r() ** 2));
    const month = MONTHS[Math.floor(r() * MONTHS.length)];
    r(); // the day
    if (v === 0) n.set(month, (n.get(month) ?? 0) + 1);
  }
  const [_id, count] = [...n].sort((a, b) => b[1] - a[1])[0];
  return { _id, n: count };
}

async function shoot(url, token, body, pid) {
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
  return {
    ...row('billing.recon.month', lat, { rps: lat.length / res.duration, rss }),
    errors: bad + res.errors + res.timeouts,
  };
}

export async function runBillingRecon({ root, logDir, env, client, log, stops }) {
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  await seed(client, log);
  await ensureIndexes(client, log);
  const top = busiest();
  const billing = await startBilling(root, logDir, env);
  stops?.push(billing.stop);
  const token = await demoToken(env);
  const last = new Date(Date.UTC(Number(top._id.slice(0, 4)), Number(top._id.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
  const body = JSON.stringify({ opts: { vendorLN: ln(0), from: `${top._id}-01`, to: last } });
  const url = `${billing.base}/api/orders/reconciliation`;
  const probe = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = await probe.json();
  if (probe.status !== 200 || !answer.data?.listed)
    throw new Error(`billing.recon.month: answered ${probe.status} ${JSON.stringify(answer).slice(0, 300)}`);
  const d = answer.data;
  log(
    `billing.recon.month: ${ln(0)} ${top._id}: ${top.n} orders in the month, ${d.listed} listed, ${d.totals.count} counted, ` +
      `${d.orders.length} rows on the first page, total ${d.totals.amountCents} cents`,
  );
  const r = await shoot(url, token, body, billing.pid);
  // cold: each of the biggest vendor's 12 months once, one at a time (no shared read to reuse: the database's cost)
  const cold = [];
  for (const m of MONTHS) {
    const end = new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ opts: { vendorLN: ln(0), from: `${m}-01`, to: end } }),
    });
    await res.arrayBuffer();
    if (res.status === 200) cold.push(performance.now() - t0);
  }
  const c = {
    ...row('billing.recon.month.cold', cold, { rps: null, rss: null }),
    errors: MONTHS.length - cold.length,
  };
  await billing.stop();
  const notes = [
    `billing.recon.month: POST /api/orders/reconciliation {opts: {vendorLN, from, to}} for the biggest vendor's busiest ` +
      `month (${ln(0)} ${top._id}: ${top.n} projected orders, ${d.listed} listed, ${d.totals.count} counted, first page of ` +
      `${d.orders.length} rows plus totals by method and route) out of ${ORDERS} orders of ${VENDORS} vendors over ` +
      `${MONTHS.length} months in ${RECON_DB}; admin token, ${CONNECTIONS} connections for ${SECONDS} s after 2 s of ` +
      `warm-up, on a billing instance the bench starts (the accounting compare cached; concurrent callers of one ` +
      `vendor-month share one read, reused 5 s: RECON_CACHE_MS). billing.recon.month.cold: each of that vendor's ` +
      `${MONTHS.length} months once, one request at a time (every read from FerretDB). Goal: p95 < 200 ms. ${r.errors} ` +
      `errors. Load average at the start ${load1} on ${cpus().length} cores.`,
  ];
  return { rows: [r, c], notes };
}
