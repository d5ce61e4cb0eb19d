// Start time and idle memory of the six services, as TypeScript through tsx or as the built JavaScript:
//   node bench/service-memory.mjs <tsx|js|js-default-heap> [idle seconds, default 150] [name,name]
// Each service is started alone in turn (time from spawn to /readyz 200), over databases of its own
// (portal_<svc>_memtest), its own durable consumers and queues (suffix memtest) and the e2e data set's NATS users,
// and no SMTP server, so the running portal is not disturbed; then all six idle together and their RSS is read
// (/proc), with the heap figures bench/lib/memlog.mjs logs from inside each process and where the anonymous memory
// sits (smaps: the C heap's brk part, the other anonymous maps). Run one variant once first: a service's first
// start on a new database builds its indexes, which is not what is measured.
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { SERVICES, datasetEnv, stackEnv } from '../scripts/portal.mjs';
import { freePort } from './lib/measure.mjs';
import { SERVICE_ARGS, SERVICE_ENV, buildServices } from '../scripts/build-services.mjs';

const root = join(import.meta.dirname, '..');
const variant = process.argv[2] ?? 'js';
const idleS = Number(process.argv[3] ?? 150);
const only = process.argv[4]?.split(',');
const ARGS = {
  tsx: ['--import', '@portal/service-kit/telemetry', '--import', 'tsx', 'src/server.ts'],
  js: SERVICE_ARGS,
  'js-default-heap': SERVICE_ARGS.filter((a) => !a.startsWith('--max-semi-space-size')),
};
if (!ARGS[variant]) throw new Error(`variant: ${Object.keys(ARGS).join('|')}`);
await buildServices();
const env0 = stackEnv();
const mb = (pid) => {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(s)?.[1] ?? NaN);
    return { rss: Math.round(kb('VmRSS') / 1024), anon: Math.round(kb('RssAnon') / 1024) };
  } catch {
    return {};
  }
};
/** Anonymous memory (MB) of the C heap grown by brk ([heap]) and of the other anonymous maps (V8's heap, thread
 * stacks, large malloc blocks): where an idle service's RSS above the shared file pages sits. */
const anonSplit = (pid) => {
  try {
    const split = { brk: 0, mmap: 0 };
    let into = null;
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) into = head[1] === '[heap]' ? 'brk' : head[1] === '' ? 'mmap' : null;
      const kb = /^Anonymous:\s+(\d+) kB/.exec(line);
      if (kb && into) split[into] += Number(kb[1]);
    }
    return { brk: Math.round(split.brk / 1024), mmap: Math.round(split.mmap / 1024) };
  } catch {
    return {};
  }
};
const procs = [];
for (const { name } of SERVICES.filter((s) => !only || only.includes(s.name))) {
  const port = await freePort();
  const memlog = join(tmpdir(), `memlog-${name}-${variant}.jsonl`);
  rmSync(memlog, { force: true });
  const env = {
    ...(variant === 'tsx' ? {} : SERVICE_ENV),
    ...process.env,
    ...env0,
    ...datasetEnv(name, { ...env0, PORTAL_DATASET: 'e2e' }),
    MONGO_DB: `portal_${name}_memtest`,
    CONSUMER_SUFFIX: 'memtest',
    QUEUE_PREFIX: `portal-${name}-memtest`,
    PORT: String(port),
    [`${name.toUpperCase()}_PORT`]: String(port),
    OTEL_SERVICE_NAME: `${name}-memtest`,
    LOG_LEVEL: 'info',
    MEMLOG: memlog,
    // its durable consumers replay the TEST streams: no mail of that may reach the shared mailbox
    SMTP_PORT: '9',
  };
  const out = openSync(join(tmpdir(), `memtest-${name}-${variant}.log`), 'w');
  const t = Date.now();
  const child = spawn(process.execPath, ['--import', join(root, 'bench/lib/memlog.mjs'), ...ARGS[variant]], {
    cwd: join(root, 'services', name),
    env,
    stdio: ['ignore', out, out],
  });
  let ready = false;
  while (!ready && Date.now() - t < 120_000 && child.exitCode === null) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  procs.push({ name, child, readyMs: ready ? Date.now() - t : NaN, atReady: mb(child.pid).rss, memlog });
  console.log(`${variant} ${name}: ready ${ready} in ${Date.now() - t} ms, RSS ${mb(child.pid).rss} MB`);
}
await new Promise((r) => setTimeout(r, idleS * 1000));
for (const p of procs) {
  const lines = existsSync(p.memlog) ? readFileSync(p.memlog, 'utf8').trim().split('\n') : [];
  const last = lines.length ? JSON.parse(lines.at(-1)) : {};
  const { rss, anon } = mb(p.child.pid);
  const { brk, mmap } = anonSplit(p.child.pid);
  console.log(
    JSON.stringify({
      variant,
      name: p.name,
      readyMs: p.readyMs,
      rssAtReady: p.atReady,
      idleRss: rss,
      anon,
      cHeapBrk: brk,
      anonMaps: mmap,
      heapUsed: last.heapUsed,
      heapTotal: last.heapTotal,
      external: last.external,
      spaces: last.spaces,
    }),
  );
}
for (const p of procs) p.child.kill('SIGTERM');
await Promise.all(
  procs.map((p) => new Promise((r) => (p.child.exitCode !== null ? r() : p.child.once('exit', r)))),
);
process.exit(0);
