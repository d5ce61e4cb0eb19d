// reports.100k (issue 15, part reports): one 'status' report job over 100,000 projected orders end to end (POST
// /api/reports/run → queued → running → done with both files uploaded to the object store), on a billing instance the
// bench starts over portal_billing_bench: the collection billing-recon.mjs seeds (100,000 orders of 200 vendors over
// 12 months 2025-12 … 2026-11, the same deterministic draw; seeded here the same way when the recon bench has not run
// yet, reused when there). The report covers the 365 days of those months, so every order is read: day by day
// (deliveryDay equality), streamed in batches into the CSV and the xlsx. Reported: the wall time from the POST to
// `done` (median_ms = p95_ms: one run) and the billing process's peak RSS while it ran (rss_mb).
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort, round, watchRss } from './measure.mjs';
import { demoToken } from './http.mjs';
import { ensureGinIndexes } from './gin.mjs';
import { RECON_DB } from './billing-recon.mjs';

const ORDERS = 100_000;
const VENDORS = 200;
const ROUTES = 60;
const DRIVERS = 40;
const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7),
);
const FROM = '2025-12-01';
const TO = '2026-11-30';
const TIMEOUT_MS = Number(process.env.BENCH_REPORTS_TIMEOUT_MS ?? 900_000);

// billing-recon.mjs's generator, draw for draw (the two benches share one collection)
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const ln = (v) => `BENCH-V${String(v).padStart(3, '0')}`;
const weekOf = (day) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};
const METHODS = ['Cash 101', 'Check 2044', 'Net Terms', 'Samples', ''];
const AMOUNTS = ['$1,250.50', '0.1', '19.99', '', '300', '12.345', '7'];
const cents = { '$1,250.50': 125050, 0.1: 10, 19.99: 1999, '': 0, 300: 30000, 12.345: 1235, 7: 700 };

/** Seeds when the last order of the draw is missing (an _id equality: no count over 100,000 documents). */
async function seed(client, log) {
  const db = client.db(RECON_DB);
  const col = db.collection('orders_projection');
  if (await col.findOne({ _id: `bench-${String(ORDERS - 1).padStart(6, '0')}` }, { projection: { _id: 1 } }))
    return false;
  await Promise.all(['orders_projection', 'names'].map((c) => db.collection(c).deleteMany({})));
  await db.collection('names').insertMany([
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
  ]);
  const r = rng(15);
  const batch = [];
  for (let i = 0; i < ORDERS; i++) {
    const v = Math.min(VENDORS - 1, Math.floor(VENDORS * r() ** 2));
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
  log(`reports.100k: seeded ${ORDERS} projected orders into ${RECON_DB} (the recon bench's draw)`);
  return true;
}

/** The projection's B-tree and GIN indexes (idempotent; as the recon bench makes them). */
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
  const log = join(logDir, 'bench-billing-reports.log');
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
        // its own durables and report queue, no snapshot request: nothing of the stack comes into the bench database
        CONSUMER_SUFFIX: 'benchreports',
        QUEUE_PREFIX: 'portal-bench-reports',
        BILLING_SNAPSHOT: 'off',
        LOG_LEVEL: 'info',
        OTEL_SERVICE_NAME: 'billing-bench-reports',
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

export async function runReports100k({ root, logDir, env, client, log, stops }) {
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  await seed(client, log);
  await ensureIndexes(client, log);
  const billing = await startBilling(root, logDir, env);
  stops?.push(billing.stop);
  const token = await demoToken(env);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const stopRss = watchRss(billing.pid);
  const t0 = performance.now();
  const res = await fetch(`${billing.base}/api/reports/run`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ kind: 'status', from: FROM, to: TO, emails: ['bench@bench.test'] }),
  });
  const started = await res.json();
  if (res.status !== 202)
    throw new Error(`reports.100k: POST answered ${res.status} ${JSON.stringify(started)}`);
  const id = started.data.report.id;
  let run = started.data.report;
  let lastLog = 0;
  while (!['done', 'failed', 'cancelled'].includes(run.state)) {
    if (performance.now() - t0 > TIMEOUT_MS)
      throw new Error(`reports.100k: not done after ${TIMEOUT_MS} ms: ${JSON.stringify(run)}`);
    await new Promise((r) => setTimeout(r, 500));
    run = (await (await fetch(`${billing.base}/api/reports/${id}`, { headers })).json()).data.report;
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(
        `reports.100k: ${run.state} ${run.progress}% after ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
  }
  const wall = performance.now() - t0;
  const rss = stopRss();
  if (run.state !== 'done') throw new Error(`reports.100k: ${run.state} ${run.error ?? ''}`);
  // both files are in the store: fetch their pre-signed URLs' sizes
  const sizes = [];
  for (const format of ['csv', 'xlsx']) {
    const dl = await (
      await fetch(`${billing.base}/api/reports/${id}/download?format=${format}`, { headers })
    ).json();
    // a GET (the URL is signed for GET), headers only
    const head = await fetch(dl.data.url);
    await head.body?.cancel();
    if (!head.ok) throw new Error(`reports.100k: ${format} not in the store (${head.status})`);
    sizes.push(`${format} ${(Number(head.headers.get('content-length')) / 1e6).toFixed(1)} MB`);
  }
  await billing.stop();
  const r = {
    name: 'reports.100k',
    n: 1,
    median_ms: round(wall, 0),
    p95_ms: round(wall, 0),
    p99_ms: round(wall, 0),
    rps: null,
    ratio: null,
    rss_mb: round(rss, 1),
  };
  const notes = [
    `reports.100k: one 'status' report (POST /api/reports/run, ${FROM} to ${TO}: 365 days read by deliveryDay ` +
      `equality in batches of 1,000) over ${ORDERS} projected orders in ${RECON_DB} (${run.rows} live rows written; ` +
      `deleted ones skipped), queued → done with both files uploaded (${sizes.join(', ')}), on a billing instance the ` +
      `bench starts; wall ${(wall / 1000).toFixed(1)} s from the POST to done (polled every 500 ms), the billing ` +
      `process's peak RSS ${round(rss, 1)} MB. Goal: < 30 s. Load average at the start ${load1} on ${cpus().length} cores.`,
  ];
  return { rows: [r], notes };
}
