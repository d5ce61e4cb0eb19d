// billing.recon.month (billing's recon part): POST /api/orders/reconciliation for one vendor-month over 100,000
// projected orders (200 vendors over 12 months, skewed: the first vendors ship far more, as real ones do), on a
// billing instance the bench starts over its own database (portal_billing_bench, written straight into the order
// projection once and reused; never the demo database), 10 connections (a billing office), one staff token. The
// measured vendor-month is the biggest vendor's busiest month (the hard case), answered with its totals and the
// first page of 250 rows.
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { row, watchRss } from './measure.mjs';
import { demoToken, startService } from './http.mjs';

import { MONTHS, RECON_DB, ensureBenchIndexes, ln, rng, seedBench, vendorOf } from './billing-bench-seed.mjs';
import { SCALES } from './scale.mjs';

export { RECON_DB, ensureBenchIndexes, seedBench };
const CONNECTIONS = Number(process.env.BENCH_RECON_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

const startBilling = (root, logDir, stackEnv, scale) =>
  startService(root, logDir, stackEnv, {
    service: 'billing',
    log: `bench-billing-recon${scale.key === '100k' ? '' : `-${scale.key}`}.log`,
    readyMs: 180_000,
    env: {
      MONGO_DB: scale.billingDb,
      // its own durables and queues, no snapshot request: nothing of the stack comes into the bench database
      CONSUMER_SUFFIX: `benchrecon${scale.key === '100k' ? '' : scale.key}`,
      QUEUE_PREFIX: `portal-bench-recon${scale.key === '100k' ? '' : `-${scale.key}`}`,
      BILLING_SNAPSHOT: 'off',
      OTEL_SERVICE_NAME: 'billing-bench-recon',
    },
  });

/** The biggest vendor's busiest month, from the same deterministic draw as the seed (no database scan). */
function busiest({ orders, companies }) {
  const r = rng(15);
  const n = new Map();
  for (let i = 0; i < orders; i++) {
    const v = vendorOf(i, r(), companies);
    const month = MONTHS[Math.floor(r() * MONTHS.length)];
    r(); // the day
    if (v === 0) n.set(month, (n.get(month) ?? 0) + 1);
  }
  const [_id, count] = [...n].sort((a, b) => b[1] - a[1])[0];
  return { _id, n: count };
}

async function shoot(url, token, body, pid, name) {
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
    ...row(name('billing.recon.month'), lat, { rps: lat.length / res.duration, rss }),
    errors: bad + res.errors + res.timeouts,
  };
}

export async function runBillingRecon({ root, logDir, env, client, log, stops, scale = SCALES['100k'] }) {
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const { name, billingDb, orders: ORDERS, companies: VENDORS } = scale;
  await seedBench(client, log, scale);
  await ensureBenchIndexes(client, log, billingDb);
  const top = busiest(scale);
  const billing = await startBilling(root, logDir, env, scale);
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
    throw new Error(
      `${name('billing.recon.month')}: answered ${probe.status} ${JSON.stringify(answer).slice(0, 300)}`,
    );
  const d = answer.data;
  log(
    `${name('billing.recon.month')}: ${ln(0)} ${top._id}: ${top.n} orders in the month, ${d.listed} listed, ${d.totals.count} counted, ` +
      `${d.orders.length} rows on the first page, total ${d.totals.amountCents} cents`,
  );
  const r = await shoot(url, token, body, billing.pid, name);
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
    ...row(name('billing.recon.month.cold'), cold, { rps: null, rss: null }),
    errors: MONTHS.length - cold.length,
  };
  await billing.stop();
  const notes = [
    `${name('billing.recon.month')}: POST /api/orders/reconciliation {opts: {vendorLN, from, to}} for the biggest vendor's busiest ` +
      `month (${ln(0)} ${top._id}: ${top.n} projected orders, ${d.listed} listed, ${d.totals.count} counted, first page of ` +
      `${d.orders.length} rows plus totals by method and route) out of ${ORDERS} orders of ${VENDORS} vendors over ` +
      `${MONTHS.length} months in ${billingDb}; admin token, ${CONNECTIONS} connections for ${SECONDS} s after 2 s of ` +
      `warm-up, on a billing instance the bench starts (the accounting compare cached; concurrent callers of one ` +
      `vendor-month share one read, kept while its version counter stays: one _id read per call). ${name('billing.recon.month.cold')}: each of that vendor's ` +
      `${MONTHS.length} months once, one request at a time (every read from FerretDB). Goal: p95 < 200 ms. ${r.errors} ` +
      `errors. Load average at the start ${load1} on ${cpus().length} cores.`,
  ];
  return { rows: [r, c], notes };
}
