// `node bench/profile.mjs [users.me|routes.find ...]`: a CPU profile of the bench's accounts and routing instances
// under the bench's own load (bench/lib/http.mjs, bench/lib/routes.mjs), each started by the bench exactly as it
// starts them but with `--cpu-prof`. Prints the share of busy CPU per part of the request path (bench/lib/cpu-profile.mjs)
// and leaves the .cpuprofile files in deploy/local/.cache/profiles (open them in Chrome DevTools). Needs the stack and
// a seeded bench database (`npm run bench -- --seed-only`). Loopback only; about 20 s per case.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { BENCH_DB } from './lib/seed.mjs';
import { demoToken, load, startAccounts } from './lib/http.mjs';
import { loadFind, seedRoutes, startRouting } from './lib/routes.mjs';
import { summarize, table } from './lib/cpu-profile.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cases = process.argv.slice(2).length ? process.argv.slice(2) : ['users.me', 'routes.find'];
const logDir = join(root, 'deploy/local/.cache/logs');
const outDir = join(root, 'deploy/local/.cache/profiles');

function stackEnv() {
  const out = execFileSync('bash', ['-c', 'set -a; source deploy/local/env.sh >/dev/null; env -0'], {
    cwd: root,
    encoding: 'utf8',
  });
  return Object.fromEntries(
    out
      .split('\0')
      .filter((l) => l.indexOf('=') > 0)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

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

const env = stackEnv();
const withEnv = (starter, extra) => (more) => starter(root, logDir, { ...env, ...more }, extra);
console.log(`load average at start: ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim()}`);
const token = await demoToken(env);
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
