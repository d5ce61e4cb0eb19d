#!/usr/bin/env node
// `npm start` / `npm stop` / `npm run status` / `npm run build`: one entry for a person on a fresh machine.
// Installs what is missing, starts the real stack (deploy/local), builds the shell and MFEs when their sources
// changed, starts every service, seeds demo data and prints the URL. Only Node built-ins are used here, because
// this runs before `npm ci` — and possibly under an older Node than the repo's (see ensureNode below).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
  statSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, dirname, delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices } from './build-services.mjs';
import { buildLoginTheme } from '../login-theme/scripts/build.mjs';
import { SERVICES, datasetEnv, servicePid, startServices, stopServices } from './portal-services.mjs';

// the services' processes (portal-services.mjs), as the suites, the bench and the cluster rehearsal use them
export {
  SERVICES,
  datasetEnv,
  runningDataset,
  serviceArgs,
  spawnService,
  startServices,
  stopServices,
} from './portal-services.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'deploy/local/.cache');

/**
 * The repo's one runtime is Node 24 LTS (.nvmrc, engines). A machine with an older Node (Debian 12 images ship
 * 20, end of life since 2026-04-30) gets the pinned 24 from the npm registry — the one network source the
 * setup already needs — into deploy/local/.cache/node-<version>/, and this process re-executes itself with it.
 * Its bin directory goes first on PATH, so every child (npm, webpack, the services, the test suites) runs on
 * it too. Pinned rather than "latest 24" so every machine and CI run the same binary.
 */
const NODE_VERSION = '24.21.0';
const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);

function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) {
    const bin = dirname(process.execPath);
    const path = process.env.PATH ?? '';
    if (path.split(delimiter)[0] !== bin) process.env.PATH = `${bin}${delimiter}${path}`;
    return;
  }
  if (process.env.PORTAL_NODE_REEXEC) {
    throw new Error(`re-executed with ${process.execPath}, which is Node ${process.versions.node}`);
  }
  const dir = join(cache, `node-${NODE_VERSION}`);
  const node = join(dir, 'bin', 'node');
  if (!existsSync(node)) {
    // node-<platform>-<arch> is the official binary published as an npm package (what the `node` package
    // itself installs); `npm pack` fetches it through the user's npm configuration (registry, proxy, cache).
    const pkg = `node-${process.platform}-${process.arch}@${NODE_VERSION}`;
    console.log(`[portal] Node ${process.versions.node} is older than ${NODE_MAJOR}: fetching ${pkg}…`);
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    const packed = spawnSync('npm', ['pack', pkg, '--silent', '--pack-destination', tmp], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const tgz = packed.stdout?.trim().split('\n').pop();
    if (packed.status !== 0 || !tgz) throw new Error(`npm pack ${pkg} failed (${packed.status})`);
    const untar = spawnSync('tar', ['-xzf', join(tmp, tgz), '-C', tmp, '--strip-components=1'], {
      stdio: 'inherit',
    });
    rmSync(join(tmp, tgz), { force: true });
    if (untar.status !== 0 || !existsSync(join(tmp, 'bin', 'node')))
      throw new Error(`unpacking ${pkg} failed`);
    // rename is atomic: a concurrent or interrupted run never sees half a binary
    if (existsSync(node)) rmSync(tmp, { recursive: true, force: true });
    else renameSync(tmp, dir);
  }
  const r = spawnSync(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORTAL_NODE_REEXEC: '1',
      PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
    },
  });
  process.exit(r.status ?? 1);
}
ensureNode();

const routes = JSON.parse(readFileSync(join(root, 'deploy/routes.json'), 'utf8'));
export const FRONTENDS = ['shell', ...routes.mfes.map((m) => `mfe-${m}`)];

const say = (msg) => console.log(`[portal] ${msg}`);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
}

function runAsync(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** The environment of deploy/local/env.sh, as the services get it. */
export function stackEnv() {
  const out = execFileSync('bash', ['-c', 'set -a; source deploy/local/env.sh >/dev/null; env -0'], {
    cwd: root,
    encoding: 'utf8',
  });
  const env = {};
  for (const line of out.split('\0')) {
    const i = line.indexOf('=');
    if (i > 0) env[line.slice(0, i)] = line.slice(i + 1);
  }
  return env;
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || /^dist(-|$)/.test(e.name) || e.name.startsWith('.') || e.name === 'test')
      continue;
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('installing npm dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/**
 * The shell's and MFEs' bundles, those whose sources changed since their last build, two webpack runs at a time:
 * a webpack run keeps one core busy for most of its minute, and the machines this runs on have two.
 */
export async function build({ force = false } = {}) {
  // Shared sources every bundle includes: the design system and the contracts.
  const shared = Math.max(
    newestMtime(join(root, 'shell/ui')),
    newestMtime(join(root, 'services/contracts/src')),
  );
  // webpack leaves unchanged assets untouched, so a stamp written after each build tells when it last ran.
  const stamp = (ws) => join(root, ws, 'dist', '.built');
  const todo = FRONTENDS.filter(
    (ws) =>
      force ||
      !existsSync(stamp(ws)) ||
      statSync(stamp(ws)).mtimeMs <= Math.max(newestMtime(join(root, ws)), shared),
  );
  const worker = async () => {
    for (let ws = todo.shift(); ws; ws = todo.shift()) {
      const t = Date.now();
      say(`building ${ws}…`);
      await runAsync('npm', ['run', 'build', '-w', ws, '--silent']);
      writeFileSync(stamp(ws), new Date().toISOString());
      say(`built ${ws} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
  };
  await settled([worker(), worker()]);
}

/** Waits for every promise, then throws the first failure (none is left unhandled while the others run). */
async function settled(promises) {
  const failed = (await Promise.allSettled(promises)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Demo data: each domain's seed is a script beside its service (`services/<name>/scripts/seed.ts`, never part of
 * src/, never booting the service). Accounts runs first: the other domains link to its demo users.
 */
export function seed(env) {
  const order = [
    'accounts',
    ...readdirSync(join(root, 'services'))
      .filter((d) => d !== 'accounts')
      .sort(),
  ];
  if (!existsSync(join(root, 'services/accounts/scripts/seed.ts')))
    throw new Error('the accounts seed is missing');
  for (const name of order) {
    if (!existsSync(join(root, 'services', name, 'scripts/seed.ts'))) continue;
    run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
      cwd: join(root, 'services', name),
      env: { ...process.env, ...env, ...datasetEnv(name, env) },
    });
  }
}

export async function start() {
  const t = Date.now();
  ensureDependencies();
  // The bundles need nothing from the stack: they build while it starts (its downloads, Go builds and Keycloak's
  // boot leave a core idle for much of that time).
  await settled([runAsync('bash', ['deploy/local/stack.sh', 'start']), build()]);
  const env = stackEnv();
  seed(env);
  await startServices(env);
  const secs = ((Date.now() - t) / 1000).toFixed(0);
  console.log(`
  The portal is running (started in ${secs} s):   ${env.APP_URL ?? 'http://localhost:8080'}
  Mailbox (every mail the portal sent):          ${env.APP_URL ?? 'http://localhost:8080'}/mailbox/
  Traces (Jaeger):                               http://localhost:16686

  Demo logins, password Portal!2345:
    superadmin@demo.portal (0)  admin@demo.portal (1)  driver@demo.portal (2)
    accountadmin@demo.portal (3)  user@demo.portal (4)

  npm stop   stops everything;   logs: deploy/local/.cache/logs/
`);
}

export function stop() {
  stopServices();
  if (existsSync(join(root, 'deploy/local/stack.sh'))) run('bash', ['deploy/local/stack.sh', 'stop']);
}

function status() {
  for (const { name, port } of SERVICES) {
    const pid = servicePid(name);
    console.log(`${name.padEnd(14)} ${pid ? `running pid ${pid} :${port}` : 'stopped'}`);
  }
  // stack.sh exits 1 when a component is down: that is the answer, not an error worth a stack trace
  const r = spawnSync('bash', ['deploy/local/stack.sh', 'status'], { cwd: root, stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const cmd = process.argv[2] ?? 'start';
  const actions = {
    start,
    stop,
    status,
    build: async () => {
      ensureDependencies();
      await build({ force: process.argv.includes('--force') });
      await buildServices([], { force: process.argv.includes('--force'), log: say });
      // the Keycloak login theme's jar (stack.sh builds it too, before Keycloak starts)
      buildLoginTheme({ force: process.argv.includes('--force'), log: say });
    },
    // which Node runs this script and which one its children find first on PATH (the bootstrap's test)
    node: () => {
      const child = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim();
      console.log(JSON.stringify({ self: process.version, execPath: process.execPath, child }));
    },
    // `restart orders routing` restarts only those (the others keep running); no name: every service
    restart: async () => {
      // built before anything stops: a build that fails leaves the running services as they are
      await buildServices(process.argv.slice(3), { log: say });
      stopServices(process.argv.slice(3));
      await startServices(stackEnv());
    },
  };
  if (!actions[cmd]) {
    console.error(`usage: node scripts/portal.mjs ${Object.keys(actions).join('|')}`);
    process.exit(2);
  }
  Promise.resolve(actions[cmd]()).catch((err) => {
    console.error(`[portal] ${err.message}`);
    process.exit(1);
  });
}
