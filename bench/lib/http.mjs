// HTTP benchmarks with autocannon: the bare Fastify baseline, /api/users/me on an accounts instance started for
// the bench (production settings, the bench database's 5,000 users) and the public config through the edge.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Redis from 'ioredis';
import { SERVICE_ENV, buildServices, serviceArgs } from '../../scripts/build-services.mjs';
import { freePort, row, watchRss } from './measure.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const WARMUP_SECONDS = 1;

/** One autocannon run; the per-response latencies are collected to compute exact p95/p99 (autocannon has none). */
export async function load(name, { url, headers = {}, connections = 100, pid, seconds = SECONDS }) {
  const shoot = (duration, onResponse) =>
    new Promise((resolve, reject) => {
      const inst = autocannon({ url, headers, connections, duration }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      if (onResponse) inst.on('response', onResponse);
    });
  await shoot(WARMUP_SECONDS); // JIT, connection pools and caches warm; not recorded
  const lat = [];
  let bad = 0;
  const stop = watchRss(pid);
  const res = await shoot(seconds, (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 400) lat.push(ms);
    else bad++;
  });
  const rss = stop();
  const errors = bad + res.errors + res.timeouts;
  if (errors)
    console.warn(
      `${name}: ${errors} failed requests (non-2xx/3xx ${bad}, errors ${res.errors}, timeouts ${res.timeouts})`,
    );
  return { ...row(name, lat, { rps: lat.length / res.duration, rss }), errors };
}

/** Spawns a node process, waits until `ready()` resolves true, returns {pid, stop}. */
async function startProcess(args, { cwd, env, log, ready, readyMs = 60_000 }) {
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', out, out] });
  const until = Date.now() + readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}; see ${log}`);
    if (await ready().catch(() => false)) break;
    if (Date.now() > until)
      throw new Error(`${args.join(' ')} not ready after ${readyMs / 1000} s; see ${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    pid: child.pid,
    // stopped twice (by its bench, then by the run's final sweep) it must resolve again: a child a signal ended has
    // no exit code, only a signal code, and its 'exit' will not come a second time
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

export async function startBaseline(root, logDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const proc = await startProcess([join(root, 'bench/baseline-server.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    log: join(logDir, 'bench-baseline.log'),
    ready: async () => (await fetch(url)).ok,
  });
  return { ...proc, url };
}

/** Where the bench builds the services it starts (beside the stack's dist/). */
export const BENCH_DIST = 'dist-bench';

/**
 * A portal service of its own on a free port over a bench database, started exactly as the portal starts it
 * (built JavaScript, telemetry preload, LOG_LEVEL info, one log line per request) but with the production trace
 * sampling. `env` adds the bench's own settings (its database, durables, queues, switches); `entry` replaces
 * `src/server.ts` (another entry runs as TypeScript through tsx).
 */
export async function startService(
  root,
  logDir,
  stackEnv,
  { service, log, env = {}, entry = ['src/server.ts'], readyMs = 60_000 },
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // the service itself runs as npm start runs it: built JavaScript (built first when its sources changed), in a
  // directory of the bench's own: rebuilding the stack's dist/ swapped out chunks its running service loads later
  const own = entry.length === 1 && /(^|\/)src\/server\.ts$/.test(entry[0]);
  if (own) await buildServices([service], { outName: BENCH_DIST });
  const proc = await startProcess(
    own
      ? serviceArgs(BENCH_DIST)
      : ['--import', '@portal/service-kit/telemetry', '--import', 'tsx', ...entry],
    {
      cwd: join(root, `services/${service}`),
      env: {
        ...(own ? SERVICE_ENV : {}),
        ...process.env,
        ...stackEnv,
        PORT: String(port),
        [`${service.toUpperCase()}_PORT`]: String(port),
        LOG_LEVEL: 'info',
        OTEL_SERVICE_NAME: `${service}-bench`,
        OTEL_TRACES_SAMPLER_ARG: process.env.BENCH_SAMPLER_ARG ?? '0.1',
        ...env,
      },
      log: join(logDir, log),
      readyMs,
      ready: async () => (await fetch(`${base}/readyz`)).ok,
    },
  );
  return { ...proc, base };
}

/**
 * An accounts service over the bench database's 5,000 users, with durables of its own (CONSUMER_SUFFIX: sharing the
 * running accounts' durables, it took a share of their events into the bench database).
 */
export const startAccounts = (root, logDir, stackEnv, db) =>
  startService(root, logDir, stackEnv, {
    service: 'accounts',
    log: 'bench-accounts.log',
    env: { MONGO_DB: db, CONSUMER_SUFFIX: 'benchme' },
  });

/**
 * A real Keycloak access token for a demo user (password grant on the local realm's confidential test client, as the
 * tests get one; the same roles and audience as the browser's token). The demo users are verified (accounts' seed): their "verified" marker in the kit's user state (portal:verified:{sub}, as
 * accounts writes it on linking), since the bench's services may see a demo user before accounts ever linked it.
 */
export async function demoToken(env, email = 'admin@demo.portal') {
  const kc = env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
  const res = await fetch(`${kc}/realms/${env.KEYCLOAK_REALM ?? 'portal'}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: env.KEYCLOAK_TEST_CLIENT_ID || 'portal-tests',
      client_secret: env.KEYCLOAK_TEST_CLIENT_SECRET || 'portal-tests-local-secret-5d81c3a7',
      username: email,
      password: 'Portal!2345',
      scope: 'openid',
    }),
  });
  if (!res.ok) throw new Error(`token for ${email}: ${res.status} ${await res.text()}`);
  const token = (await res.json()).access_token;
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6390', { maxRetriesPerRequest: 2 });
  try {
    await redis.set(`portal:verified:${sub}`, '1');
  } finally {
    redis.disconnect();
  }
  return token;
}
