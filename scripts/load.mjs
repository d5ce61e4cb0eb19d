#!/usr/bin/env node
// npm run load — the public schedule search under load through the edge (deploy/k6/schedule-search.js), and in
// the same run the same load against a bare Fastify JSON route on this machine (bench/baseline-server.mjs):
// both figures, their throughput ratio (goal ≥ 0.5) and the thresholds (p95 < 20 ms, zero errors).
// The load generator is vegeta (MIT), built on first run with `go install` into deploy/local/.cache/bin.
// Needs the running stack (npm start). Writes deploy/k6/results/latest.json. Exit 1 when a threshold fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as scenario from '../deploy/k6/schedule-search.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const APP = process.env.APP_URL || `http://localhost:${process.env.EDGE_PORT || 8080}`;
const BIN = join(repo, 'deploy', 'local', '.cache', 'bin');
const VEGETA = join(BIN, 'vegeta');
const VEGETA_MODULE = 'github.com/tsenart/vegeta/v12@v12.13.0';
const say = (m) => console.log(`[load] ${m}`);

function ensureVegeta() {
  if (existsSync(VEGETA)) return;
  const go = ['go', '/usr/local/go/bin/go'].find((g) => spawnSync(g, ['version']).status === 0);
  if (!go) throw new Error('Go is needed once to build the load generator (apt-get install golang-go)');
  say(`building vegeta (${VEGETA_MODULE}) into ${BIN} — first run only`);
  mkdirSync(BIN, { recursive: true });
  const r = spawnSync(go, ['install', VEGETA_MODULE], {
    env: { ...process.env, GOBIN: BIN, GOFLAGS: '-buildvcs=false' },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('go install vegeta failed');
}

/** The queries: the scenario's seeds plus the cities and zips the portal's search returns for them. */
async function queries() {
  const out = new Set(scenario.seedQueries);
  for (const q of scenario.seedQueries) {
    const r = await fetch(scenario.searchUrl(APP, q, 'mon,tue,wed,thur,fri,sat,sun'));
    if (!r.ok) throw new Error(`search ${q}: HTTP ${r.status} — is the stack running (npm start)?`);
    for (const row of (await r.json()).data.rows.slice(0, 10)) {
      out.add(row.city.toLowerCase());
      out.add(row.zip);
    }
  }
  return [...out].slice(0, 60);
}

/**
 * One run of vegeta against the targets: the saturating stages (closed model: `vus` workers, no pause), or with
 * `paced` an open-model rate (`vus` visitors × `perVuPerSecond`); the JSON report of all its parts together.
 */
function attack(name, targets, dir, paced) {
  const file = join(dir, `${name}.targets`);
  writeFileSync(file, targets.map((u) => `GET ${u}`).join('\n') + '\n');
  const parts = [];
  const runs = paced
    ? [{ ...paced, rate: `${paced.vus * paced.perVuPerSecond}/1s` }]
    : scenario.stages.map((s) => ({ ...s, rate: '0' }));
  for (const [i, s] of runs.entries()) {
    const bin = join(dir, `${name}-${i}.bin`);
    say(
      `${name}: ${s.vus} virtual users for ${s.seconds} s${paced ? ` (${s.rate} requests)` : ' (no pause)'}`,
    );
    const r = spawnSync(
      VEGETA,
      [
        'attack',
        `-targets=${file}`,
        `-rate=${s.rate}`,
        `-workers=${s.vus}`,
        `-max-workers=${s.vus}`,
        `-duration=${s.seconds}s`,
        '-keepalive=true',
        '-timeout=10s',
        `-output=${bin}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (r.status !== 0) throw new Error(`vegeta attack ${name} failed`);
    parts.push(bin);
  }
  const rep = spawnSync(VEGETA, ['report', '-type=json', ...parts], { encoding: 'utf8' });
  if (rep.status !== 0) throw new Error(`vegeta report: ${rep.stderr}`);
  const j = JSON.parse(rep.stdout);
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const errors = j.requests - Math.round(j.success * j.requests);
  return {
    requests: j.requests,
    rps: Math.round(j.throughput),
    p50Ms: ms(j.latencies['50th']),
    p95Ms: ms(j.latencies['95th']),
    p99Ms: ms(j.latencies['99th']),
    maxMs: ms(j.latencies.max),
    errors,
    statusCodes: j.status_codes,
    firstErrors: (j.errors ?? []).slice(0, 3),
  };
}

async function startBaseline() {
  const child = spawn(process.execPath, [join(repo, 'bench', 'baseline-server.mjs')], {
    cwd: join(repo, 'bench'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((ok, fail) => {
    child.stdout.on('data', (b) => {
      const m = /listening (\d+)/.exec(String(b));
      if (m) ok(Number(m[1]));
    });
    child.once('exit', (c) => fail(new Error(`baseline server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

ensureVegeta();
const dir = mkdtempSync(join(tmpdir(), 'portal-load-'));
try {
  const qs = await queries();
  const targets = qs.flatMap((q) => scenario.daySets.map((d) => scenario.searchUrl(APP, q, d)));
  say(`${targets.length} distinct search URLs (${qs.length} queries × ${scenario.daySets.length} day sets)`);
  const load0 = loadavg()[0];
  const visitors = attack('search-paced', targets, dir, scenario.paced);
  const search = attack('search', targets, dir);
  const base = await startBaseline();
  let baseline;
  try {
    baseline = attack('baseline', [base.url], dir);
  } finally {
    base.stop();
  }
  const ratio = Math.round((search.rps / baseline.rps) * 100) / 100;
  const pass =
    visitors.p95Ms < scenario.thresholds.p95Ms &&
    visitors.errors + search.errors <= scenario.thresholds.errors;
  const result = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAvgBefore: Math.round(load0 * 100) / 100 },
    generator: VEGETA_MODULE,
    stages: scenario.stages,
    thresholds: scenario.thresholds,
    paced: scenario.paced,
    visitors: { url: `${APP}/api/schedule/search`, distinctUrls: targets.length, ...visitors },
    search: { url: `${APP}/api/schedule/search`, distinctUrls: targets.length, ...search },
    baseline: { url: 'bare Fastify GET / (bench/baseline-server.mjs)', ...baseline },
    ratio,
    goalRatio: scenario.goalRatio,
    pass,
  };
  const out = join(repo, 'deploy', 'k6', 'results', 'latest.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  const line = (n, r) =>
    `${n}: ${r.requests} requests, ${r.rps} req/s, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, p99 ${r.p99Ms} ms, errors ${r.errors}`;
  console.log(line('search (edge), 200 visitors at 1 search/s', visitors));
  console.log(line('search (edge), saturated', search));
  console.log(line('baseline (bare Fastify)', baseline));
  console.log(
    `load: ${pass ? 'PASS' : 'FAIL'} — visitors p95 ${visitors.p95Ms} ms (< ${scenario.thresholds.p95Ms}), errors ` +
      `${visitors.errors + search.errors} (≤ ${scenario.thresholds.errors}); saturated p95 ${search.p95Ms} ms;` +
      ` throughput ratio search/baseline ${ratio} (goal ≥ ${scenario.goalRatio})` +
      `${ratio >= scenario.goalRatio ? '' : ' NOT MET'}; results ${out}`,
  );
  if (!pass) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
