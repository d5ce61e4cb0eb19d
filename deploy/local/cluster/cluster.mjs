#!/usr/bin/env node
// `npm run cluster` — the local cluster rehearsal: a 3-node NATS JetStream cluster (streams at 3 copies), two
// instances of every service and an edge whose upstreams hold both, beside (never instead of) the single stack.
//   node deploy/local/cluster/cluster.mjs start [--fresh]   start what is not running (--fresh: empty NATS/Redis/mail)
//   node deploy/local/cluster/cluster.mjs stop              stop every unit of the rehearsal
//   node deploy/local/cluster/cluster.mjs status            one line per unit: pid, RSS, CPU seconds
//   node deploy/local/cluster/cluster.mjs kill|start <unit> one unit (e.g. orders-a, nats-2, edge), by hand
// It needs the single stack's PostgreSQL/FerretDB, Keycloak and object store (npm start); its own NATS, Redis,
// mailbox and edge run on other ports (layout.mjs), its services on the `chaos` data set.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices } from '../../../scripts/build-services.mjs';
import * as portal from '../../../scripts/portal.mjs';
import * as L from './layout.mjs';
import { httpOk, logFile, notePid, pidOf, spawnUnit, stopUnit, usage, waitFor } from './procs.mjs';

const say = (m) => console.log(`[cluster] ${m}`);
const NATS_BIN = join(L.cache, 'bin/nats-server');

// --- NATS: three nodes, one cluster, the single server's accounts and users ------------------------------------
export function writeNatsConfig(stack) {
  mkdirSync(L.dir, { recursive: true });
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'deploy/local/nats-config.ts', 'local', join(L.dir, 'accounts.conf')],
    { cwd: L.root, env: { ...process.env, ...stack } },
  );
  const routes = L.NATS_NODES.map((n) => `nats://127.0.0.1:${L.ports.nats(n).route}`).join(', ');
  for (const n of L.NATS_NODES) {
    const p = L.ports.nats(n);
    writeFileSync(
      join(L.dir, `nats-${n}.conf`),
      `server_name: portal-chaos-${n}
host: 127.0.0.1
port: ${p.client}
http: 127.0.0.1:${p.monitor}
max_payload: 8MB
jetstream { store_dir: "${join(L.dir, `nats-${n}`)}", max_memory_store: 64MB, max_file_store: 2GB }
cluster { name: portal-chaos, listen: 127.0.0.1:${p.route}, routes: [${routes}] }
# the same accounts and users as the single server (deploy/local/nats-config.ts)
include "accounts.conf"
`,
    );
  }
}
export const natsHealthy = (n) => httpOk(`http://127.0.0.1:${L.ports.nats(n).monitor}/healthz`);

// --- Redis (append-only, like the stack's) and the mailbox -----------------------------------------------------------
function writeRedisConfig() {
  mkdirSync(join(L.dir, 'redis'), { recursive: true });
  writeFileSync(
    join(L.dir, 'redis/redis.conf'),
    [
      'bind 127.0.0.1',
      `port ${L.ports.redis}`,
      'protected-mode yes',
      'daemonize no',
      `dir ${join(L.dir, 'redis')}`,
      'save ""',
      'appendonly yes',
      'appendfsync everysec',
      'maxmemory-policy noeviction',
      'logfile ""',
      '',
    ].join('\n'),
  );
}
const redisHealthy = () =>
  new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port: L.ports.redis });
    const done = (ok) => (s.destroy(), resolve(ok));
    s.setTimeout(2000, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });

// --- the edge: the stack's own nginx config, rendered for the rehearsal's ports, each upstream with every instance --
const nginxDir = join(L.dir, 'nginx');
export function writeEdgeConfig(stack) {
  const conf = join(nginxDir, 'nginx.conf');
  const env = { ...process.env, ...stack, EDGE_PORT: String(L.ports.edge) };
  env.MAILBOX_HTTP_PORT = String(L.ports.mailboxHttp);
  for (const name of L.SERVICE_NAMES) env[`${name.toUpperCase()}_PORT`] = String(L.ports.service(name, 0));
  execFileSync(
    process.execPath,
    [
      'deploy/local/nginx/render.mjs',
      ...['--out', conf, '--logs', L.logDir, '--pid', join(nginxDir, 'nginx.pid')],
    ],
    { cwd: L.root, env, stdio: 'ignore' },
  );
  let n = 0;
  const text = readFileSync(conf, 'utf8').replace(
    /upstream svc_([a-z]+) \{ server 127\.0\.0\.1:\d+; keepalive 64; \}/g,
    (_, name) => {
      n++;
      // a refused connection (an instance down) goes to the next server; an instance that failed is rested 2 s
      const servers = L.instances()
        .filter((s) => s.name === name)
        .map((s) => `server 127.0.0.1:${s.port} max_fails=1 fail_timeout=2s;`);
      return `upstream svc_${name} { ${servers.join(' ')} keepalive 64; }`;
    },
  );
  if (n !== L.SERVICE_NAMES.length)
    throw new Error(`edge config: ${n} upstreams rewritten, not ${L.SERVICE_NAMES.length}`);
  writeFileSync(conf, text);
  execFileSync('nginx', ['-t', '-q', '-p', nginxDir, '-c', conf, '-e', logFile('edge')], {
    stdio: 'inherit',
  });
  return conf;
}
const edgeHealthy = () => httpOk(`http://127.0.0.1:${L.ports.edge}/edge-healthz`);

// --- units -------------------------------------------------------------------------------------------------------
/** Every unit of the rehearsal, in start order. */
export const UNITS = () => [
  ...L.NATS_NODES.map((n) => `nats-${n}`),
  'redis',
  'mailbox',
  ...L.instances().map((s) => s.id),
  'edge',
];
const instanceOf = (unit) => L.instances().find((s) => s.id === unit);

/** Whether a unit answers its health check (a service instance: /readyz). */
export function unitReady(unit) {
  const inst = instanceOf(unit);
  if (inst) return httpOk(`http://127.0.0.1:${inst.port}/readyz`);
  if (unit.startsWith('nats-')) return natsHealthy(Number(unit.slice(5)));
  if (unit === 'redis') return redisHealthy();
  if (unit === 'mailbox') return httpOk(`${L.mailboxUrl()}/healthz`);
  if (unit === 'edge') return edgeHealthy();
  throw new Error(`unknown unit ${unit} (one of: ${UNITS().join(' ')})`);
}

/** Starts one unit (configs written by startCluster); answers at once — wait with waitReady. */
export function startUnit(unit, env) {
  if (pidOf(unit)) return;
  const inst = instanceOf(unit);
  if (inst) {
    // the one way a service is started (portal.mjs): the same command and environment, another port and log
    notePid(unit, portal.spawnService(inst.name, inst.port, env, logFile(unit)));
  } else if (unit.startsWith('nats-')) {
    spawnUnit(unit, NATS_BIN, ['-c', join(L.dir, `${unit}.conf`)]);
  } else if (unit === 'redis') {
    spawnUnit(unit, 'redis-server', [join(L.dir, 'redis/redis.conf')]);
  } else if (unit === 'mailbox') {
    spawnUnit(unit, process.execPath, ['--import', 'tsx', 'deploy/local/mailbox/server.ts'], {
      cwd: L.root,
      env: {
        ...process.env,
        MAILBOX_DIR: join(L.dir, 'mail'),
        MAILBOX_SMTP_PORT: String(L.ports.smtp),
        MAILBOX_HTTP_PORT: String(L.ports.mailboxHttp),
      },
    });
  } else if (unit === 'edge') {
    const conf = join(nginxDir, 'nginx.conf');
    spawnUnit(unit, 'nginx', ['-p', nginxDir, '-c', conf, '-e', logFile('edge'), '-g', 'daemon off;']);
  } else throw new Error(`unknown unit ${unit}`);
}
export const waitReady = (unit, ms = 120_000) => waitFor(unit, () => unitReady(unit), ms);
/** Kills one unit: SIGKILL (a crash) by default. */
export const killUnit = (unit, signal = 'SIGKILL') => stopUnit(unit, signal);

/** The environment of the rehearsal's services (deploy/local/env.sh + layout.mjs's overrides). */
export const serviceEnv = () => L.clusterEnv(portal.stackEnv());

async function sharedBackendsUp(stack) {
  const ferret = await new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port: 27027 }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
  const kc = await httpOk(
    `${stack.KEYCLOAK_URL}/realms/${stack.KEYCLOAK_REALM}/.well-known/openid-configuration`,
  );
  if (!ferret || !kc)
    throw new Error(
      "the rehearsal shares the stack's FerretDB and Keycloak: start them first (bash deploy/local/stack.sh start)",
    );
}

export async function startCluster({ fresh = false, seed = true } = {}) {
  const t0 = Date.now();
  const stack = portal.stackEnv();
  await sharedBackendsUp(stack);
  if (!existsSync(NATS_BIN))
    throw new Error(`${NATS_BIN} missing: bash deploy/local/stack.sh start builds it`);
  if (fresh) {
    await stopCluster();
    for (const d of [...L.NATS_NODES.map((n) => `nats-${n}`), 'redis', 'mail'])
      rmSync(join(L.dir, d), { recursive: true, force: true });
  }
  const env = L.clusterEnv(stack);
  writeNatsConfig(stack);
  writeRedisConfig();
  writeEdgeConfig(stack);
  const infra = ['nats-1', 'nats-2', 'nats-3', 'redis', 'mailbox'];
  for (const u of infra) startUnit(u, env);
  // built while the infrastructure comes up (a failed build stops here, nothing of ours half started)
  await buildServices(L.SERVICE_NAMES, { log: say });
  await Promise.all(infra.map((u) => waitReady(u)));
  say(`NATS cluster, Redis and mailbox ready (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  if (seed) portal.seed(env);
  // one instance of each service at a time: twelve cold starts at once on two cores time each other out
  for (let i = 0; i < L.REPLICAS; i++) {
    const wave = L.instances().filter((s) => s.i === i);
    for (const s of wave) startUnit(s.id, env);
    await Promise.all(wave.map((s) => waitReady(s.id)));
  }
  startUnit('edge', env);
  await waitReady('edge');
  say(
    `ready in ${((Date.now() - t0) / 1000).toFixed(0)} s: edge ${L.edgeUrl()}, ` +
      `NATS ${L.natsUrls()}, mailbox ${L.mailboxUrl()}, ${L.instances().length} service instances`,
  );
}

export async function stopCluster() {
  for (const u of UNITS().reverse()) if (await stopUnit(u)) say(`stopped ${u}`);
}

export async function status() {
  let down = 0;
  for (const u of UNITS()) {
    const pid = pidOf(u);
    const use = pid ? usage(u) : undefined;
    const ready = pid ? await unitReady(u) : false;
    if (!ready) down++;
    console.log(
      `${u.padEnd(16)} ${pid ? `pid ${String(pid).padEnd(8)} ${ready ? 'ready  ' : 'NOT READY'}` : 'stopped'.padEnd(22)}` +
        (use ? ` ${String(use.rssMb).padStart(5)} MB  ${String(use.cpuS).padStart(5)} s CPU` : ''),
    );
  }
  return down;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const [cmd = 'start', arg] = process.argv.slice(2);
  const actions = {
    start: () =>
      arg && !arg.startsWith('--')
        ? actions.unit()
        : startCluster({ fresh: process.argv.includes('--fresh') }),
    stop: stopCluster,
    status: async () => {
      process.exitCode = (await status()) ? 1 : 0;
    },
    kill: () => killUnit(arg),
    unit: async () => {
      startUnit(arg, serviceEnv());
      await waitReady(arg);
    },
  };
  if (!actions[cmd]) {
    console.error(`usage: cluster.mjs ${Object.keys(actions).join('|')} [unit]`);
    process.exit(2);
  }
  Promise.resolve(actions[cmd]()).catch((err) => {
    console.error(`[cluster] ${err.message}`);
    process.exit(1);
  });
}
