#!/usr/bin/env node
// Builds every bundle that depends on @portal/ui: the shell and the five MFEs, one after another (the build
// machines have 2 cores; parallel webpack runs only thrash). Works from any cwd. Usage: node shell/scripts/build-all.mjs [name...]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALL = ['shell', 'mfe-accounts', 'mfe-orders', 'mfe-schedule', 'mfe-fleet', 'mfe-billing'];
const wanted = process.argv.slice(2);
const targets = wanted.length
  ? ALL.filter((t) => wanted.includes(t) || wanted.includes(t.replace('mfe-', '')))
  : ALL;

const timings = [];
const started = Date.now();
for (const target of targets) {
  const dir = path.join(repo, target);
  const cli = createRequire(path.join(dir, 'package.json')).resolve('webpack-cli/bin/cli.js');
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [cli, '--mode', 'production', '--config', 'webpack.config.cjs'], {
    cwd: dir,
    stdio: 'inherit',
  });
  const secs = (Date.now() - t0) / 1000;
  timings.push([target, secs, r.status === 0]);
  console.log(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${target.padEnd(14)} ${secs.toFixed(1)} s`);
  if (r.status !== 0) break;
}
const total = (Date.now() - started) / 1000;
console.log('\nbuild timings');
for (const [t, s, ok] of timings)
  console.log(`  ${t.padEnd(14)} ${s.toFixed(1).padStart(6)} s ${ok ? '' : '(failed)'}`);
console.log(`  ${'total'.padEnd(14)} ${total.toFixed(1).padStart(6)} s`);
process.exit(timings.every(([, , ok]) => ok) && timings.length === targets.length ? 0 : 1);
