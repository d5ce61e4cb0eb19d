// `node bench/profile.mjs [users.me|routes.find|floor|floor.find|ratios|ab ...]`: a CPU profile of the bench's accounts and
// routing instances under the bench's own load (bench/lib/http.mjs, bench/lib/routes.mjs), each started by the bench exactly
// as it starts them but with `--cpu-prof`. Prints the share of busy CPU per part of the request path (bench/lib/cpu-profile.mjs)
// and leaves the .cpuprofile files in deploy/local/.cache/profiles (open them in Chrome DevTools). `floor` / `floor.find`:
// users.me / routes.find as the bench runs them, with nothing sampled, without the tracing preload, and without the
// request line. `ab` (`AB_FIND=1` for routes.find): a copy of an earlier build in the service's `dist-a/` against the current one,
// loaded in turn for seven rounds (median CPU per request). Needs the stack and a seeded bench database
// (`npm run bench -- --seed-only`). Loopback only; about 20 s per case.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackEnv } from './lib/stack-env.mjs';
import { MongoClient } from 'mongodb';
import { BENCH_DB } from './lib/seed.mjs';
import { BENCH_DIST, demoToken, load, startAccounts, startBaseline } from './lib/http.mjs';
import { buildServices, serviceArgs } from '../scripts/build-services.mjs';
import { freePort } from './lib/measure.mjs';
import { ROUTES_DB, loadFind, seedRoutes, startRouting } from './lib/routes.mjs';
import { summarize, table } from './lib/cpu-profile.mjs';
import { cpuMs } from './lib/proc-cpu.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cases = process.argv.slice(2).length ? process.argv.slice(2) : ['users.me', 'routes.find'];
const logDir = join(root, 'deploy/local/.cache/logs');
const outDir = join(root, 'deploy/local/.cache/profiles');

async function profiled(name, start, run) {
  const dir = join(outDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const spawned = Date.now();
  const svc = await start({ NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` });
  let row;
  // the measured seconds only (load() warms up for 1 s first), not the start or the stop
  const from = Date.now() - spawned + 1000;
  try {
    row = await run(svc);
  } finally {
    await svc.stop();
  }
  const to = from + Number(process.env.BENCH_SECONDS ?? 6) * 1000;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`${name}: no .cpuprofile written in ${dir}`);
  const s = summarize(join(dir, file), { fromMs: from, toMs: to });
  console.log(
    `\n## ${name}: ${row.rps} req/s under the profiler, p95 ${row.p95_ms} ms (${join(dir, file)})\n`,
  );
  console.log(table(s));
  console.log(`\nbusy ${s.busyMs} ms, idle ${s.idleMs} ms of the measured seconds`);
}

/**
 * The load's row plus the server's CPU ms per answered request (utime + stime of /proc/<pid>/stat). load() warms up
 * for 1 s first, uncounted in row.n: that second's share of the CPU is left out too (`seconds` measured).
 */
async function timed(pid, fn, seconds) {
  const t0 = cpuMs([pid]);
  const row = await fn();
  return { ...row, cpuMs: ((cpuMs([pid]) - t0) * seconds) / (seconds + 1) / row.n };
}

const env = stackEnv(root);
const withEnv = (starter, extra) => (more) => starter(root, logDir, { ...env, ...more }, extra);
console.log(`load average at start: ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim()}`);
// PROFILE_EMAIL: another demo user while Keycloak holds the admin (its brute-force lockout counts other suites' failures)
const token = await demoToken(env, process.env.PROFILE_EMAIL ?? 'admin@demo.portal');
if (cases.includes('users.me')) {
  await profiled('users.me', withEnv(startAccounts, BENCH_DB), (svc) =>
    load('http.users.me', {
      url: `${svc.base}/api/users/me`,
      headers: { authorization: `Bearer ${token}` },
      pid: svc.pid,
    }),
  );
}
if (cases.includes('routes.find')) {
  const client = new MongoClient(env.MONGO_URL, { maxPoolSize: 2 });
  await client.connect();
  await seedRoutes(client, console.log).finally(() => client.close());
  await profiled('routes.find', withEnv(startRouting), (svc) =>
    loadFind('routes.find', { url: `${svc.base}/api/routes/find`, token, pid: svc.pid }),
  );
}

/**
 * `floor`: where the floor is, in one run beside the bare baseline: the accounts instance as the bench runs it, then
 * the same built service without the tracing preload, then without tracing and with LOG_LEVEL=warn (no request
 * line). What is left in the last is Fastify, the kit's hooks and the handler.
 */
async function bare(extraEnv, args, service = 'accounts') {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const own =
    service === 'routing'
      ? {
          ROUTING_PORT: String(port),
          MONGO_DB: ROUTES_DB,
          CONSUMER_SUFFIX: 'benchfind',
          ROUTING_DISPATCH_FEED: 'off',
        }
      : { ACCOUNTS_PORT: String(port), MONGO_DB: BENCH_DB, CONSUMER_SUFFIX: 'benchme' };
  const child = spawn(process.execPath, args, {
    cwd: join(root, `services/${service}`),
    env: {
      ...process.env,
      ...env,
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      ...own,
      LOG_LEVEL: 'info',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
      ...extraEnv,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    if ((await fetch(`${base}/readyz`).catch(() => undefined))?.ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
  return { base, pid: child.pid, stop };
}
for (const floorCase of ['floor', 'floor.find'].filter((c) => cases.includes(c))) {
  const find = floorCase === 'floor.find';
  const what = find ? 'routes.find' : 'users.me';
  await buildServices([find ? 'routing' : 'accounts'], { outName: BENCH_DIST });
  const noPreload = ['--max-semi-space-size=8', `${BENCH_DIST}/server.js`];
  if (find) {
    const client = new MongoClient(env.MONGO_URL, { maxPoolSize: 2 });
    await client.connect();
    await seedRoutes(client, console.log).finally(() => client.close());
  }
  const rows = [];
  const seconds = Number(process.env.BENCH_SECONDS ?? 6);
  const b = await startBaseline(root, logDir);
  rows.push(await timed(b.pid, () => load('baseline.fastify', { url: b.url, pid: b.pid }), seconds));
  // the same request shape on bare Fastify: routes.find's POST body, its 200 connections and an answer of its size
  if (find)
    rows.push(
      await timed(
        b.pid,
        () =>
          loadFind('bare Fastify, the same POST and answer size', { url: `${b.url}find`, token, pid: b.pid }),
        seconds,
      ),
    );
  await b.stop();
  const variants = [
    [`${what} (as the bench runs it)`, {}, serviceArgs(BENCH_DIST)],
    [`${what} with the preload, nothing sampled`, { OTEL_TRACES_SAMPLER_ARG: '0' }, serviceArgs(BENCH_DIST)],
    [`${what} without the tracing preload`, {}, noPreload],
    [`${what} without tracing, LOG_LEVEL=warn`, { LOG_LEVEL: 'warn' }, noPreload],
  ];
  for (const [name, extra, args] of variants) {
    const svc = await bare(extra, args, find ? 'routing' : 'accounts');
    const run = find
      ? () => loadFind(name, { url: `${svc.base}/api/routes/find`, token, pid: svc.pid })
      : () =>
          load(name, {
            url: `${svc.base}/api/users/me`,
            headers: { authorization: `Bearer ${token}` },
            pid: svc.pid,
          });
    try {
      rows.push(await timed(svc.pid, run, seconds));
    } finally {
      await svc.stop();
    }
  }
  console.log(
    "\n| case | req/s | ratio to bare | p95 ms | CPU ms per request | bare's CPU / its own |\n| --- | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.rps} | ${(r.rps / rows[0].rps).toFixed(3)} | ${r.p95_ms} | ${r.cpuMs.toFixed(4)} | ` +
        `${(rows[0].cpuMs / r.cpuMs).toFixed(3)} |`,
    );
  console.log(
    `load average at the end: ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim()}`,
  );
}

/**
 * `ratios`: on a shared machine the baseline and the case measured a minute apart see different loads. Here the
 * bare baseline, users.me and routes.find instances all run at once and are loaded in turn, 3 s each, for five
 * rounds; each round's ratio is case / the baseline measured just before it, and the median of the five is given.
 */
if (cases.includes('ratios')) {
  const client = new MongoClient(env.MONGO_URL, { maxPoolSize: 2 });
  await client.connect();
  await seedRoutes(client, console.log).finally(() => client.close());
  const b = await startBaseline(root, logDir);
  const acc = await startAccounts(root, logDir, env, BENCH_DB);
  const rt = await withEnv(startRouting)({});
  const headers = { authorization: `Bearer ${token}` };
  const out = { 'http.users.me': [], 'routes.find': [] };
  const cpu = { 'http.users.me': [], 'routes.find': [] };
  const me = () =>
    load('http.users.me', { url: `${acc.base}/api/users/me`, headers, pid: acc.pid, seconds: 3 });
  const find = () =>
    loadFind('routes.find', { url: `${rt.base}/api/routes/find`, token, pid: rt.pid, seconds: 3 });
  const bare = () => load('baseline.fastify', { url: b.url, pid: b.pid, seconds: 3 });
  try {
    for (let round = 0; round < 5; round++) {
      const b1 = await timed(b.pid, bare, 3);
      const m = await timed(acc.pid, me, 3);
      const b2 = await timed(b.pid, bare, 3);
      const f = await timed(rt.pid, find, 3);
      const load1 = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
      out['http.users.me'].push(m.rps / b1.rps);
      out['routes.find'].push(f.rps / b2.rps);
      cpu['http.users.me'].push(b1.cpuMs / m.cpuMs);
      cpu['routes.find'].push(b2.cpuMs / f.cpuMs);
      console.log(
        `round ${round + 1} (load ${load1}): req/s baseline ${b1.rps}, users.me ${m.rps} (${(m.rps / b1.rps).toFixed(3)}); ` +
          `baseline ${b2.rps}, routes.find ${f.rps} (${(f.rps / b2.rps).toFixed(3)}); CPU ms per request: baseline ` +
          `${b1.cpuMs.toFixed(4)}/${b2.cpuMs.toFixed(4)}, users.me ${m.cpuMs.toFixed(4)}, routes.find ${f.cpuMs.toFixed(4)}`,
      );
    }
  } finally {
    await Promise.all([b.stop(), acc.stop(), rt.stop()]);
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  for (const [name, xs] of Object.entries(out))
    console.log(
      `${name}: median ratio ${median(xs).toFixed(3)} of 5 rounds (req/s); by CPU per request (the baseline's / its ` +
        `own) ${median(cpu[name]).toFixed(3)}`,
    );
}

/** `ab`: an earlier build (the service's dist-a/, a copy of dist-bench/) against the current one, loaded in turn. */
if (cases.includes('ab')) {
  const args = (d) => ['--max-semi-space-size=8', '--import', `./${d}/telemetry.js`, `${d}/server.js`];
  const find = process.env.AB_FIND === '1';
  const svc = find ? 'routing' : 'accounts';
  await buildServices([svc], { outName: BENCH_DIST });
  if (!existsSync(join(root, 'services', svc, 'dist-a', 'server.js')))
    throw new Error(`ab: copy an earlier build first: cp -r services/${svc}/dist services/${svc}/dist-a`);
  if (find) {
    const client = new MongoClient(env.MONGO_URL, { maxPoolSize: 2 });
    await client.connect();
    await seedRoutes(client, console.log).finally(() => client.close());
  }
  const svcs = [
    ['old', await bare({}, args('dist-a'), svc)],
    ['new', await bare({}, args(BENCH_DIST), svc)],
  ];
  const cpu = svcs.map(() => []);
  const rps = svcs.map(() => []);
  const headers = { authorization: `Bearer ${token}` };
  try {
    for (let round = 0; round < 7; round++)
      for (const [i, [name, s]] of svcs.entries()) {
        const run = find
          ? () => loadFind(name, { url: `${s.base}/api/routes/find`, token, pid: s.pid, seconds: 3 })
          : () => load(name, { url: `${s.base}/api/users/me`, headers, pid: s.pid, seconds: 3 });
        const r = await timed(s.pid, run, 3);
        cpu[i].push(r.cpuMs);
        rps[i].push(r.rps);
      }
  } finally {
    await Promise.all(svcs.map(([, s]) => s.stop()));
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  svcs.forEach(([name], i) =>
    console.log(
      `${svc} ${name}: median ${median(cpu[i]).toFixed(4)} ms CPU per request, ${median(rps[i])} req/s; cpu ${cpu[i].map((x) => x.toFixed(4)).join(' ')}`,
    ),
  );
}
