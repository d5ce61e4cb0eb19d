#!/usr/bin/env node
// `npm test`: brings the real stack up (as `npm start` does, with freshly restarted services), then runs every
// suite — unit, service integration against the real stack, deploy checks, shell and end-to-end browser tests —
// and ends with one line "N passed, N failed". Exit code 0 only when nothing failed and something ran.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, createWriteStream } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2); // optional: names of suites to run

// [name, workspace dir, needs the running portal, command (default: the workspace's npm test)]
const SUITES = [
  ['static', '.', false, ['node', '--test', 'scripts/static.test.mjs']],
  ['contracts', 'services/contracts', false],
  ['kit', 'services/kit', false],
  ['accounts', 'services/accounts', false],
  ['notifications', 'services/notifications', false],
  ['orders', 'services/orders', false],
  ['routing', 'services/routing', false],
  ['fleet', 'services/fleet', false],
  ['billing', 'services/billing', false],
  ['deploy', 'deploy', false],
  ['ui', 'shell/ui', false],
  ['shell', 'shell', false],
  ['e2e', 'e2e', true],
].filter(([name]) => only.length === 0 || only.includes(name));

const logDir = join(root, 'deploy/local/.cache/logs/test');
mkdirSync(logDir, { recursive: true });

function runSuite([name, dir, , command = ['npm', 'test', '--silent']]) {
  return new Promise((resolve) => {
    const t = Date.now();
    const log = createWriteStream(join(logDir, `${name}.log`));
    const child = spawn(command[0], command.slice(1), {
      cwd: join(root, dir),
      env: { ...process.env, ...stack, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const take = (chunk) => {
      const s = chunk.toString();
      out += s;
      log.write(s);
      process.stdout.write(s.replace(/^/gm, `[${name}] `));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      log.end();
      const count = (k) => {
        const all = [...out.matchAll(new RegExp(`^(?:#|ℹ) ${k} (\\d+)`, 'gm'))];
        return all.length ? Number(all[all.length - 1][1]) : 0;
      };
      let passed = count('pass');
      let failed = count('fail') + count('cancelled');
      if (code !== 0 && failed === 0) failed = 1; // crashed before reporting
      resolve({
        name,
        passed,
        failed,
        skipped: count('skipped') + count('todo'),
        code,
        secs: (Date.now() - t) / 1000,
      });
    });
  });
}

let stack = {};
async function main() {
  const portal = await import('./portal.mjs');
  const t0 = Date.now();
  await portal.start();
  stack = portal.stackEnv();
  portal.stopServices(); // restart so the running services are the code under test
  await portal.startServices(stack);
  // The static checks are CPU-bound and the service suites mostly wait on the stack, so the two run side by
  // side on the 2 cores; the browser suite runs alone at the end so its timings are not squeezed.
  const present = SUITES.filter((s) => s[0] === 'static' || existsSync(join(root, s[1], 'package.json')));
  const staticSuite = present.find((s) => s[0] === 'static');
  const browser = present.filter((s) => s[2]);
  const rest = present.filter((s) => s !== staticSuite && !s[2]);
  const staticRun = staticSuite ? runSuite(staticSuite) : Promise.resolve(undefined);
  const results = [];
  for (const suite of rest) results.push(await runSuite(suite));
  const staticResult = await staticRun;
  if (staticResult) results.unshift(staticResult);
  for (const suite of browser) results.push(await runSuite(suite));
  console.log('\n== test summary ==');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(14)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed` +
        `${r.skipped ? ` ${r.skipped} skipped` : ''}  ${r.secs.toFixed(0)} s${r.code ? `  (exit ${r.code})` : ''}`,
    );
  }
  const passed = results.reduce((a, r) => a + r.passed, 0);
  const failed = results.reduce((a, r) => a + r.failed, 0);
  const skipped = results.reduce((a, r) => a + r.skipped, 0);
  console.log(
    `total time ${((Date.now() - t0) / 1000).toFixed(0)} s; logs in deploy/local/.cache/logs/test/`,
  );
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  if (process.env.CI) portal.stop();
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
