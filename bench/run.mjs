// `npm run bench [-- --compare] [-- --only name,name]`: seeds portal_bench once, runs the HTTP benches
// (autocannon) and function benches (tinybench) beside a bare Fastify baseline started in the same run, writes
// bench/results/latest.{json,md}. Loopback only; bounded (about 1–2 minutes after the first seed).
// `--compare` also prints the change against the committed results; `--compare-only` just compares.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackEnv } from './lib/stack-env.mjs';
import { MongoClient } from 'mongodb';
import { BENCH_DB, seed } from './lib/seed.mjs';
import { runDbBenches } from './lib/db.mjs';
import { demoToken, load, startAccounts, startBaseline } from './lib/http.mjs';
import { ROUTES_DB, ZIPS, loadFind, measureFindFn, seedRoutes, startRouting } from './lib/routes.mjs';
import { pidFrom, round } from './lib/measure.mjs';
import { runOrderBenches } from './lib/orders-run.mjs';
import { runLabelBenches, runManifestBenches } from './lib/custody-run.mjs';
import { runScheduleBenches } from './lib/schedule-run.mjs';
import { runBillingBenches } from './lib/billing-run.mjs';
import { committed, compare, write } from './lib/report.mjs';
import { scalesOf } from './lib/scale.mjs';
import { runScale, seedScale } from './lib/scale-run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (f) => args.includes(f);
const onlyArg = args[args.indexOf('--only') + 1];
const wanted = flag('--only') && onlyArg ? onlyArg.split(',') : undefined;
const only = (name) => !wanted || wanted.includes(name);
// `--scale 1m`: the orders, billing and dispatch benches also over ten times the data (lib/scale.mjs)
const scales = scalesOf(flag('--scale') ? args[args.indexOf('--scale') + 1] : undefined).slice(1);
const log = (s) => console.log(`[bench] ${s}`);
const latest = join(root, 'bench/results/latest.json');

async function main() {
  if (flag('--compare-only')) {
    console.log(compare(committed(root), JSON.parse(readFileSync(latest, 'utf8'))));
    return;
  }
  const t0 = Date.now();
  const started = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const env = stackEnv(root);
  const logDir = join(root, 'deploy/local/.cache/logs');
  mkdirSync(logDir, { recursive: true });
  const rows = [];
  const notes = [];
  const stops = [];
  const client = new MongoClient(env.MONGO_URL, { maxPoolSize: 4 });
  try {
    await client.connect();
    const db = await seed(client, log);
    if (flag('--seed-only')) {
      for (const scale of scales) await seedScale({ root, logDir, env, client, log }, scale);
      return;
    }

    const baseline = await startBaseline(root, logDir);
    stops.push(baseline.stop);
    rows.push(await load('baseline.fastify', { url: baseline.url, pid: baseline.pid }));
    log(`baseline.fastify: ${rows[0].rps} req/s`);
    await baseline.stop();

    if (only('http.users.me')) {
      const accounts = await startAccounts(root, logDir, env, BENCH_DB);
      stops.push(accounts.stop);
      const token = await demoToken(env);
      const headers = { authorization: `Bearer ${token}` };
      const first = await fetch(`${accounts.base}/api/users/me`, { headers });
      if (!first.ok) throw new Error(`GET /api/users/me answered ${first.status}: ${await first.text()}`);
      rows.push(
        await load('http.users.me', { url: `${accounts.base}/api/users/me`, headers, pid: accounts.pid }),
      );
      await accounts.stop();
      notes.push(
        'http.users.me: an accounts instance started by the bench over portal_bench (5,000 users), LOG_LEVEL info, ' +
          `trace sampling ${process.env.BENCH_SAMPLER_ARG ?? '0.1'} (the production default); one demo token.`,
      );
    }
    if (only('routes.find')) {
      await seedRoutes(client, log);
      const routing = await startRouting(root, logDir, env);
      stops.push(routing.stop);
      const token = await demoToken(env);
      const url = `${routing.base}/api/routes/find`;
      const probe = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ zip: ZIPS[0] }),
      });
      const routes = probe.ok ? (await probe.json()).data.routes.length : 0;
      if (!routes) throw new Error(`POST /api/routes/find answered ${probe.status} with no route`);
      rows.push(await loadFind('routes.find', { url, token, pid: routing.pid }));
      await routing.stop();
      rows.push(await measureFindFn(root, env.MONGO_URL));
      notes.push(
        `routes.find: POST /api/routes/find on a routing instance started by the bench over ${ROUTES_DB} (60 routes ` +
          `whose rows cover ${ZIPS.length} zips, each zip on 2 routes), a different zip per request over 4 weeks, ` +
          '200 connections, one demo token; answered from the in-memory index. Goal: p95 < 5 ms. At 200 connections ' +
          "a closed loop waits about 200 / (req/s) per request (Little's law; the bare baseline itself is over 5 ms " +
          'at 100), so routes.find.fn also gives the domain function alone: find() plus JSON over the same index.',
      );
    }
    if (['orders.list.100k', 'orders.create', 'orders.bulk.5000'].some(only)) {
      const out = await runOrderBenches({ root, logDir, env, client, only, log, stops });
      rows.push(...out.rows);
      notes.push(...out.notes);
    }
    if (only('labels.500')) {
      const out = await runLabelBenches({ root, logDir, env, client, only, log, stops });
      rows.push(...out.rows);
      notes.push(...out.notes);
    }
    if (['manifests.merge.50', 'manifests.zip.200'].some(only)) {
      const out = await runManifestBenches({ root, logDir, env, client, only, log, stops });
      rows.push(...out.rows);
      notes.push(...out.notes);
    }
    if (['schedule.day.2000', 'schedule.render.2000'].some(only)) {
      const out = await runScheduleBenches({ root, logDir, env, client, only, log, stops });
      rows.push(...out.rows);
      notes.push(...out.notes);
    }
    if (['billing.recon.month', 'reports.100k'].some(only)) {
      const out = await runBillingBenches({ root, logDir, env, client, only, log, stops });
      rows.push(...out.rows);
      notes.push(...out.notes);
    }
    for (const scale of scales) {
      const out = await runScale({ root, logDir, env, client, only, log, stops }, scale);
      rows.push(...out.rows);
      notes.push(...out.notes);
    }
    if (only('http.config.edge')) {
      const url = `${env.APP_URL}/api/utils/config`;
      const probe = await fetch(url);
      if (!probe.ok) throw new Error(`GET ${url} answered ${probe.status}`);
      notes.push(
        `http.config.edge: the running portal through nginx (${env.APP_URL}), 200 connections; RSS is the accounts ` +
          `service's; Cache-Control: ${probe.headers.get('cache-control') ?? '(none)'}, ETag: ${probe.headers.get('etag') ? 'yes' : 'no'}.`,
      );
      const pid = pidFrom(root, 'run/svc-accounts.pid');
      rows.push(await load('http.config.edge', { url, connections: 200, pid }));
    }
    const ferretPid = pidFrom(root, 'run/ferretdb.pid', 'ferretdb.pid');
    const { rows: dbRows, plans } = await runDbBenches(db, { only, ferretPid, log });
    rows.push(...dbRows);
    notes.push(
      "db.*: one query at a time (tinybench) with the mongodb driver through FerretDB; RSS is FerretDB's.",
    );

    const base = rows[0].rps;
    for (const r of rows) r.ratio = round(r.rps / base, 4);
    for (const r of rows) {
      if (r.errors)
        notes.push(`**${r.name}: ${r.errors} failed requests** (not in the figures; see the log above).`);
      delete r.errors;
    }
    // A partial run (--only) keeps the other rows of the previous results.
    const previous = wanted && existsSync(latest) ? JSON.parse(readFileSync(latest, 'utf8')) : [];
    const merged = [...rows, ...previous.filter((p) => !rows.some((r) => r.name === p.name))];
    const secs = ((Date.now() - t0) / 1000).toFixed(0);
    write(root, merged, { plans, notes, started, secs });
    console.table(merged);
    log(`wrote bench/results/latest.json and latest.md in ${secs} s`);
    if (flag('--compare')) console.log(compare(committed(root), merged));
  } finally {
    for (const stop of stops) await stop().catch(() => {});
    await client.close();
  }
}

main().then(
  // tsx's esbuild service (the seeds import TypeScript) keeps a child process that would hold the run open
  () => process.exit(0),
  (err) => {
    console.error(`[bench] failed: ${err.stack ?? err}`);
    process.exit(1);
  },
);
