// reports.100k (billing's reports part): one 'status' report job over 100,000 projected orders end to end (POST
// /api/reports/run → queued → running → done with both files uploaded to the object store), on a billing instance the
// bench starts over portal_billing_bench: the collection billing-recon.mjs seeds (100,000 orders of 200 vendors over
// 12 months 2025-12 … 2026-11; seeded by that bench's exported seedBench when it has not run yet or holds the old
// shape, reused when there). The report covers the 365 days of those months, so every order is read: day by day
// (deliveryDay equality), streamed in batches into the CSV and the xlsx. Reported: the wall time from the POST to
// `done` (median_ms = p95_ms: one run) and the billing process's peak RSS while it ran (rss_mb).
import { cpus, loadavg } from 'node:os';
import { round, watchRss } from './measure.mjs';
import { demoToken, startService } from './http.mjs';
import { ensureBenchIndexes, seedBench } from './billing-recon.mjs';
import { SCALES } from './scale.mjs';

const FROM = '2025-12-01';
const TO = '2026-11-30';
const TIMEOUT_MS = Number(process.env.BENCH_REPORTS_TIMEOUT_MS ?? 900_000);

const startBilling = (root, logDir, stackEnv, scale) =>
  startService(root, logDir, stackEnv, {
    service: 'billing',
    log: `bench-billing-reports${scale.key === '100k' ? '' : `-${scale.key}`}.log`,
    readyMs: 180_000,
    env: {
      MONGO_DB: scale.billingDb,
      // its own durables and report queue, no snapshot request: nothing of the stack comes into the bench database
      CONSUMER_SUFFIX: `benchreports${scale.key === '100k' ? '' : scale.key}`,
      QUEUE_PREFIX: `portal-bench-reports${scale.key === '100k' ? '' : `-${scale.key}`}`,
      BILLING_SNAPSHOT: 'off',
      OTEL_SERVICE_NAME: 'billing-bench-reports',
    },
  });

export async function runReports100k({ root, logDir, env, client, log, stops, scale = SCALES['100k'] }) {
  const load1 = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const { orders: ORDERS, billingDb: RECON_DB } = scale;
  const name = scale.name('reports.100k');
  await seedBench(client, log, scale);
  await ensureBenchIndexes(client, log, RECON_DB);
  const billing = await startBilling(root, logDir, env, scale);
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
  if (res.status !== 202) throw new Error(`${name}: POST answered ${res.status} ${JSON.stringify(started)}`);
  const id = started.data.report.id;
  let run = started.data.report;
  let lastLog = 0;
  while (!['done', 'failed', 'cancelled'].includes(run.state)) {
    if (performance.now() - t0 > TIMEOUT_MS)
      throw new Error(`${name}: not done after ${TIMEOUT_MS} ms: ${JSON.stringify(run)}`);
    await new Promise((r) => setTimeout(r, 500));
    run = (await (await fetch(`${billing.base}/api/reports/${id}`, { headers })).json()).data.report;
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      log(`${name}: ${run.state} ${run.progress}% after ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  }
  const wall = performance.now() - t0;
  const rss = stopRss();
  if (run.state !== 'done') throw new Error(`${name}: ${run.state} ${run.error ?? ''}`);
  // both files are in the store: fetch their pre-signed URLs' sizes
  const sizes = [];
  for (const format of ['csv', 'xlsx']) {
    const dl = await (
      await fetch(`${billing.base}/api/reports/${id}/download?format=${format}`, { headers })
    ).json();
    // a GET (the URL is signed for GET), headers only
    const head = await fetch(dl.data.url);
    await head.body?.cancel();
    if (!head.ok) throw new Error(`${name}: ${format} not in the store (${head.status})`);
    sizes.push(`${format} ${(Number(head.headers.get('content-length')) / 1e6).toFixed(1)} MB`);
  }
  await billing.stop();
  const r = {
    name,
    n: 1,
    median_ms: round(wall, 0),
    p95_ms: round(wall, 0),
    p99_ms: round(wall, 0),
    rps: null,
    ratio: null,
    rss_mb: round(rss, 1),
  };
  const notes = [
    `${name}: one 'status' report (POST /api/reports/run, ${FROM} to ${TO}: 365 days read by deliveryDay ` +
      `equality in batches of 1,000) over ${ORDERS} projected orders in ${RECON_DB} (${run.rows} live rows written; ` +
      `deleted ones skipped), queued → done with both files uploaded (${sizes.join(', ')}), on a billing instance the ` +
      `bench starts; wall ${(wall / 1000).toFixed(1)} s from the POST to done (polled every 500 ms), the billing ` +
      `process's peak RSS ${round(rss, 1)} MB. Goal: < 30 s. Load average at the start ${load1} on ${cpus().length} cores.`,
  ];
  return { rows: [r], notes };
}
