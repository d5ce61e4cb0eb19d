// The services' processes for scripts/portal.mjs (npm start, npm test, restart) and the cluster rehearsal: which
// services there are (deploy/routes.json), the data set they run on, starting each detached with its pid file and
// waiting for /readyz, stopping them. Node built-ins only, like portal.mjs (this runs before `npm ci`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_ARGS, SERVICE_ENV, buildServices } from './build-services.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runDir = join(root, 'deploy/local/.cache/run');
const logDir = join(root, 'deploy/local/.cache/logs');
const routes = JSON.parse(readFileSync(join(root, 'deploy/routes.json'), 'utf8'));
export const SERVICES = Object.entries(routes.services).map(([name, s]) => ({ name, port: s.port }));
const say = (msg) => console.log(`[portal] ${msg}`);

const pidFile = (name) => join(runDir, `svc-${name}.pid`);
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
export function servicePid(name) {
  if (!existsSync(pidFile(name))) return undefined;
  const pid = Number(readFileSync(pidFile(name), 'utf8'));
  return alive(pid) ? pid : undefined;
}

async function waitReady(port, name, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const log = join(logDir, `svc-${name}.log`);
  const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-30).join('\n') : '(no log)';
  throw new Error(`service ${name} not ready on :${port} after ${ms / 1000} s\n${tail}`);
}

/** A service runs as the JavaScript scripts/build-services.mjs built (startServices builds what changed first). */
export function serviceArgs() {
  return SERVICE_ARGS;
}

/**
 * The data set the services run on: the demo (`npm start`: `portal_<service>` databases) or, with
 * PORTAL_DATASET=<set> (npm test sets `e2e`), databases `portal_<service>_<set>` of their own, so the suites that
 * drive the running portal never write into what `npm start` shows. Keycloak and the object store are shared; NATS
 * is not: the demo services sign in to the PORTAL account, everything else (suites, the e2e set, benchmarks) is
 * TEST, so their events never reach the demo's consumers.
 */
export function datasetEnv(name, env) {
  const set = env.PORTAL_DATASET ?? '';
  // each service is its own NATS user, allowed to publish only its domain's events (deploy/local/nats-config.ts):
  // `<name>` in the demo's account, `<name>-test` in TEST, whose events never reach the demo's consumers
  const nats = {
    NATS_USER: set ? `${name}-test` : name,
    NATS_PASSWORD: env[`NATS_PASSWORD_${name.toUpperCase()}`] ?? '',
  };
  if (!set) return nats;
  if (!/^[a-z0-9]+$/.test(set))
    throw new Error(`PORTAL_DATASET must be lowercase letters and digits: ${set}`);
  // queues stay the service's own (`portal-<service>`): the service suites' apps share them with the running
  // service, and a job id derived from the event id is what keeps one event one mail across the two
  return { ...nats, MONGO_DB: `portal_${name}_${set}` };
}
const datasetFile = join(runDir, 'dataset');
/** The data set the running services were started on ('' = demo). */
export const runningDataset = () => (existsSync(datasetFile) ? readFileSync(datasetFile, 'utf8').trim() : '');

/**
 * Starts one instance of service `name` on `port`, detached in its own process group, its output appended to `log`;
 * answers its pid. startServices starts each service with it; the cluster rehearsal (deploy/local/cluster) each
 * replica, on a port and with a log of its own.
 */
export function spawnService(name, port, env, log = join(logDir, `svc-${name}.log`)) {
  mkdirSync(dirname(log), { recursive: true });
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, serviceArgs(), {
    cwd: join(root, 'services', name),
    env: {
      ...SERVICE_ENV,
      ...process.env,
      ...env,
      ...datasetEnv(name, env),
      PORT: String(port),
      OTEL_SERVICE_NAME: name,
    },
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  return child.pid;
}

export async function startServices(env) {
  mkdirSync(runDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const set = env.PORTAL_DATASET ?? '';
  // services running on another data set are stopped first (e.g. `npm start` after an interrupted `npm test`)
  if (runningDataset() !== set) stopServices();
  writeFileSync(datasetFile, set);
  // a failed build stops here, before any service is started, with the file and line esbuild gave
  const stopped = SERVICES.filter(({ name }) => !servicePid(name)).map(({ name }) => name);
  if (stopped.length) await buildServices(stopped, { log: say });
  for (const { name, port } of SERVICES) {
    if (servicePid(name)) continue;
    writeFileSync(pidFile(name), String(spawnService(name, port, env)));
  }
  await Promise.all(SERVICES.map(({ name, port }) => waitReady(port, name)));
  say(`services ready: ${SERVICES.map((s) => `${s.name}:${s.port}`).join(' ')}`);
}

/** Stops the named services (all when none is named). */
export function stopServices(only = []) {
  for (const { name } of SERVICES) {
    if (only.length && !only.includes(name)) continue;
    const pid = servicePid(name);
    if (pid) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        process.kill(pid, 'SIGTERM');
      }
    }
    rmSync(pidFile(name), { force: true });
  }
}
