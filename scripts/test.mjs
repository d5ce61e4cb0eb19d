#!/usr/bin/env node
// `npm test`: brings the real stack up (as `npm start` does), restarts the services on the e2e data set (their own
// databases, seeded like the demo: the demo `npm start` shows is never written by a test), then runs every suite —
// unit, service integration against the real stack, deploy checks, shell and MFE tests, the browser suites
// (@playwright/test, e2e/playwright.config.ts) and the attack replay — puts the services back on the demo (locally;
// CI stops everything) and ends with one line "N passed, N failed".
// Exit code 0 only when nothing failed and something ran.
// Usage: node scripts/test.mjs [--running] [suite ...]
//   suite names as in the summary (static, accounts, mfe-accounts, e2e, attack …); none = all.
//   --running: use the stack `npm start` already runs, as it is (no start, no build, no restart), e.g. to check
//   `node scripts/test.mjs --running e2e attack` while working after `PORTAL_DATASET=e2e npm start`; the suites are
//   on the e2e data set either way (never the demo's). npm test itself always restarts the services, on the e2e set.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, createWriteStream, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_RESULTS, attack, chaos, nodeTest, playwright } from './test-results.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const running = args.includes('--running');
const only = args.filter((a) => !a.startsWith('--')); // optional: names of suites to run

const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const hasTestScript = (dir) =>
  existsSync(join(root, dir, 'package.json')) &&
  Boolean(JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts?.test);

// { name, dir, portal: needs the running portal, command (default: the workspace's npm test), parse }
const SUITES = [
  // lint, format, types, audit; and the spec coverage (every quoted message and call of ../shared/spec in the code)
  {
    name: 'static',
    dir: '.',
    command: [
      'node',
      '--test',
      '--test-timeout=600000',
      '--test-force-exit',
      'scripts/static.test.mjs',
      'scripts/spec-coverage.test.mjs',
      'scripts/test-results.test.mjs',
    ],
  },
  ...['contracts', 'kit', 'accounts', 'notifications', 'orders', 'routing', 'fleet', 'billing'].map((s) => ({
    name: s,
    dir: `services/${s}`,
  })),
  { name: 'deploy', dir: 'deploy' },
  { name: 'ui', dir: 'shell/ui' },
  { name: 'shell', dir: 'shell' },
  // the Keycloak login theme's jar; after the stack is up, whose start builds it (two builds at once would race)
  { name: 'login-theme', dir: 'login-theme', portal: true },
  // each MFE's own unit and component tests (mfe-*/test), as soon as its workspace has a test script
  ...workspaces.filter((w) => w.startsWith('mfe-')).map((w) => ({ name: w, dir: w })),
  // every domain's browser suite (mfe-*/e2e) and the cross-domain journeys (e2e/tests): one Playwright run
  {
    name: 'e2e',
    dir: 'e2e',
    portal: true,
    command: ['npx', 'playwright', 'test'],
    parse: playwright,
    minutes: 45,
  },
  {
    name: 'attack',
    dir: '.',
    portal: true,
    command: ['node', '--import', 'tsx', 'deploy/attack/attack.mjs'],
    parse: attack,
  },
  // the short chaos run (scripts/chaos.mjs --short): a cluster rehearsal of its own beside the stack (3 NATS nodes, two
  // instances of each service, its own Redis, mailbox and edge, the chaos data set), faults under traffic, then the
  // stores checked; it starts and stops the rehearsal itself, after the browser suites so it never slows them
  {
    name: 'chaos',
    dir: '.',
    portal: true,
    command: ['node', 'scripts/chaos.mjs', '--short', '--fresh'],
    parse: chaos,
    minutes: 12,
  },
].filter(({ name }) => only.length === 0 || only.includes(name));

// V8's compile cache on disk (Node >= 22.1): every test file is its own process that loads the same few thousand
// modules (the kit, mongoose, fastify, typebox…); with the cache each load skips compiling them again (measured: the
// kit's import 4.3 → 3.4 s of CPU on a 2-core machine). The services npm test starts inherit it too.
process.env.NODE_COMPILE_CACHE ??= join(root, 'deploy/local/.cache/node-compile-cache');

const logDir = join(root, 'deploy/local/.cache/logs/test');
mkdirSync(logDir, { recursive: true });

// A suite that outlives its budget is stopped and counted as failed, so one hung test can never cost the whole CI
// run its summary (every node:test suite also runs with a per-test timeout and --test-force-exit).
const SUITE_MINUTES = Number(process.env.PORTAL_SUITE_MINUTES ?? 30);

function runSuite({
  name,
  dir,
  command = ['npm', 'test', '--silent'],
  parse = nodeTest,
  minutes = SUITE_MINUTES,
}) {
  return new Promise((resolve) => {
    const t = Date.now();
    const log = createWriteStream(join(logDir, `${name}.log`));
    const child = spawn(command[0], command.slice(1), {
      cwd: join(root, dir),
      env: { ...process.env, ...stack, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: the watchdog stops the suite's children with it
    });
    let timedOut = false;
    const watchdog = setTimeout(() => {
      timedOut = true;
      process.stdout.write(`[${name}] still running after ${minutes} min: stopped, counted as failed\n`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
      // a process that left the group may still hold the pipes: stop reading, so the suite ends here
      child.stdout.destroy();
      child.stderr.destroy();
    }, minutes * 60_000);
    let out = '';
    // whole lines only get the suite's prefix (a chunk may end mid-line)
    const partial = { stdout: '', stderr: '' };
    const take = (stream) => (chunk) => {
      const s = chunk.toString();
      out += s;
      log.write(s);
      const lines = (partial[stream] + s).split('\n');
      partial[stream] = lines.pop();
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    };
    child.stdout.on('data', take('stdout'));
    child.stderr.on('data', take('stderr'));
    child.on('close', (code) => {
      clearTimeout(watchdog);
      for (const rest of Object.values(partial)) if (rest) process.stdout.write(`[${name}] ${rest}\n`);
      log.end();
      const counts = parse(out);
      if (timedOut) {
        counts.failed += 1;
        counts.names = [...(counts.names ?? []), `still running after ${minutes} min: stopped there`];
      }
      if (code !== 0 && counts.failed === 0) counts.failed = 1; // crashed before reporting
      resolve({ name, ...counts, code, secs: (Date.now() - t) / 1000 });
    });
  });
}

let stack = {};
let portal;
const DATASET = 'e2e';
async function main() {
  portal = await import('./portal.mjs');
  const t0 = Date.now();
  if (!running) {
    await portal.start();
    // The suites run on the e2e data set (portal.mjs datasetEnv: databases portal_<service>_e2e, seeded like the
    // demo), never on the demo `npm start` shows; the services restart on it, so they are the code under test.
    stack = { ...portal.stackEnv(), PORTAL_DATASET: DATASET };
    process.env.PORTAL_DATASET = DATASET; // the suites that read the portal's databases (the attack replay)
    portal.seed(stack);
    portal.stopServices();
    await portal.startServices(stack);
  } else {
    // the suites never touch the demo data set `npm start` shows, even against a stack running on it (a suite's
    // service without its own database name would work in the demo's)
    stack = { ...portal.stackEnv(), PORTAL_DATASET: DATASET };
    process.env.PORTAL_DATASET = DATASET;
    if (portal.runningDataset() !== DATASET)
      console.log(
        `[test] the running services are on the ${portal.runningDataset() || 'demo'} data set: suites that talk to ` +
          `them need PORTAL_DATASET=${DATASET} npm start`,
      );
  }
  rmSync(E2E_RESULTS, { force: true }); // never count an earlier run's browser results
  // Two lanes side by side on the 2 cores: the CPU-bound ones (static checks, the MFEs' bundling and component
  // tests) with the short ones that start no service of their own (contracts, deploy, ui, shell), and the services'
  // suites, one at a time so their waits on the stack are not squeezed. The kit's suite (apps built in-process, its
  // own Redis and NATS where it breaks them) goes to whichever lane is free first: the two lanes' lengths trade
  // places from one machine to another (CI: 36 and 40 min; a slower local run: 44 and 43). Then the suites that drive
  // the running portal, one at a time: the browser suites alone, so their timings are not squeezed, and the attack
  // replay last, because its 50 bad logins and floods must not meet a browser test's sign-in in the rate limiter.
  const present = SUITES.filter((s) => s.name === 'static' || s.command || hasTestScript(s.dir));
  const idle = present.filter((s) => !s.portal);
  const either = idle.filter((s) => s.name === 'kit');
  const first = idle.filter(
    (s) =>
      s.name === 'static' ||
      s.name.startsWith('mfe-') ||
      ['contracts', 'deploy', 'ui', 'shell'].includes(s.name),
  );
  const second = idle.filter((s) => !either.includes(s) && !first.includes(s));
  const lane = async (own) => {
    const done = [];
    for (const suite of own) done.push(await runSuite(suite));
    for (let next = either.shift(); next; next = either.shift()) done.push(await runSuite(next));
    return done;
  };
  const lanes = await Promise.all([lane(first), lane(second)]);
  const results = lanes.flat();
  for (const suite of present.filter((s) => s.portal)) results.push(await runSuite(suite));
  console.log('\n== test summary ==');
  for (const r of results) {
    const extra = [r.skipped && `${r.skipped} skipped`, r.flaky && `${r.flaky} flaky`].filter(Boolean);
    console.log(
      `${r.name.padEnd(14)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed` +
        `${extra.length ? ` ${extra.join(' ')}` : ''}  ${r.secs.toFixed(0)} s${r.code ? `  (exit ${r.code})` : ''}`,
    );
  }
  for (const r of results)
    for (const n of (r.names ?? []).slice(0, 10)) console.log(`  failed in ${r.name}: ${n}`);
  const sum = (k) => results.reduce((a, r) => a + (r[k] ?? 0), 0);
  const [passed, failed, skipped, flaky] = ['passed', 'failed', 'skipped', 'flaky'].map(sum);
  const report = results.some((r) => r.name === 'e2e')
    ? '; browser report: npx playwright show-report e2e/.report'
    : '';
  console.log(
    `total time ${((Date.now() - t0) / 1000).toFixed(0)} s; logs in deploy/local/.cache/logs/test/${report}` +
      `${flaky ? `; ${flaky} flaky (passed only on a retry)` : ''}`,
  );
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (process.env.CI && !running) portal.stop();
  else if (!running) {
    // back to the demo data set, as `npm start` left it
    portal.stopServices();
    await portal.startServices({ ...portal.stackEnv(), PORTAL_DATASET: '' });
  }
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  // a start that failed half-way must not leave NATS, Redis or PostgreSQL running under CI: the next run (or a
  // rehearsal in another clone) would find their ports taken
  if (process.env.CI && !running && portal) {
    try {
      portal.stop();
    } catch (stopErr) {
      console.error(`stopping the stack after the failure: ${stopErr.message}`);
    }
  }
  process.exit(1);
});
