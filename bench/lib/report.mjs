// bench/results/latest.json (the list of rows) + latest.md (a table with the goals), and --compare against the
// committed results (git HEAD).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { SCALE_GOALS, growthLines } from './scale.mjs';

/** The goals per bench: a check on a row and its text for the table. */
export const GOALS = {
  'db.list.100k': [(r) => r.p95_ms < 100, 'p95 < 100 ms'],
  'db.list.wide.100k': [(r) => r.p95_ms < 150, 'p95 < 150 ms'],
  'db.get.100k': [(r) => r.p95_ms < 5, 'p95 < 5 ms'],
  'http.users.me': [(r) => r.ratio >= 0.1, 'ratio ≥ 0.10'],
  'http.config.edge': [(r) => r.ratio >= 0.25 && r.p99_ms < 50, 'ratio ≥ 0.25, p99 < 50 ms'],
  // routing's find goal (200 requests in flight; the baseline row shows what bare Fastify reaches)
  'routes.find': [(r) => r.p95_ms < 5, 'p95 < 5 ms at 200 connections'],
  'routes.find.fn': [(r) => r.p95_ms < 5, 'p95 < 5 ms (the domain function alone)'],
  // orders: each list page with filter + sort + search, a create, a 5,000-row upload end to end
  'orders.list.100k': [(r) => r.p95_ms < 100, 'p95 < 100 ms'],
  ...Object.fromEntries(
    ['admin', 'outgoing', 'incoming', 'placed', 'driver', 'public'].map((k) => [
      `orders.list.100k.${k}`,
      [(r) => r.p95_ms < 100, 'p95 < 100 ms'],
    ]),
  ),
  'orders.create': [(r) => r.p95_ms < 50, 'p95 < 50 ms'],
  'orders.bulk.5000': [(r) => r.median_ms < 10_000, '< 10 s end to end'],
  // custody: one PDF of 500 labels, a merge of 50 manifests, a streamed zip of 200 (memory as flat as a zip of 20)
  'labels.500': [(r) => r.p95_ms < 1000, 'p95 < 1 s'],
  'labels.500.fn': [(r) => r.p95_ms < 1000, 'p95 < 1 s (the PDF build alone)'],
  'manifests.merge.50': [(r) => r.p95_ms < 2000, 'p95 < 2 s'],
  // dispatch: the daily schedule of 2,000 orders on 60 routes, on the server and rendered in Chromium
  'schedule.day.2000': [(r) => r.p95_ms < 150, 'p95 < 150 ms'],
  'schedule.render.2000': [(r) => r.p95_ms < 1000, '< 1 s to render'],
  // billing: one vendor-month's reconciliation over 100,000 orders; a 100,000-row report job end to end
  'billing.recon.month': [(r) => r.p95_ms < 200, 'p95 < 200 ms'],
  'reports.100k': [(r) => r.median_ms < 30_000, '< 30 s end to end (peak RSS reported)'],
  // the same benches over ten times the data (`--scale 1m`, lib/scale.mjs)
  ...SCALE_GOALS,
};

const fmt = (v) => (v === null || v === undefined ? '–' : String(v));

export function markdown(rows, { plans, notes, started, secs, before }) {
  const lines = [
    '# Benchmarks (`npm run bench`)',
    '',
    `Run ${started} on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, ` +
      `${secs} s in all. Loopback only; other processes share the machine, so compare ratios more than req/s.`,
    '',
    '| name | n | median ms | p95 ms | p99 ms | req/s | ratio | peak RSS MB | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const g = GOALS[r.name];
    const goal = g ? `${g[1]}: ${g[0](r) ? 'met' : '**missed**'}` : '';
    const cells = [r.name, r.n, r.median_ms, r.p95_ms, r.p99_ms, r.rps, r.ratio, r.rss_mb, goal];
    lines.push(`| ${cells.map(fmt).join(' | ')} |`);
  }
  lines.push(...growthLines(rows));
  lines.push('', '## Query plans (FerretDB explain of each db.* query)', '');
  for (const [name, plan] of Object.entries(plans)) lines.push(`- \`${name}\`: ${plan}`);
  if (notes.length) lines.push('', '## Notes', '', ...notes.map((n) => `- ${n}`));
  if (before) lines.push('', before.trimEnd());
  return lines.join('\n') + '\n';
}

export function write(root, rows, meta) {
  const dir = join(root, 'bench/results');
  writeFileSync(join(dir, 'latest.json'), JSON.stringify(rows, null, 2) + '\n');
  // appended as they are: the services' start and memory figures (bench/service-memory.mjs), then the old backend's
  const appended = ['runtime.md', 'before.md']
    .map((f) => join(dir, f))
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f, 'utf8').trimEnd())
    .join('\n\n');
  writeFileSync(join(dir, 'latest.md'), markdown(rows, { ...meta, before: appended }));
}

/** The results as committed (HEAD), or [] when there are none yet. */
export function committed(root) {
  try {
    const text = execFileSync('git', ['show', 'HEAD:bench/results/latest.json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(text);
  } catch {
    return [];
  }
}

/** Prints, per bench, the committed figure → the new one and the change in % (p95, p99, req/s, ratio). */
export function compare(before, after) {
  const old = new Map(before.map((r) => [r.name, r]));
  const delta = (a, b) =>
    a && b !== null && b !== undefined ? `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)}%` : '';
  const out = [
    'name                  p95 ms (Δ)                 p99 ms (Δ)                 req/s (Δ)                  ratio (Δ)',
  ];
  for (const r of after) {
    const o = old.get(r.name);
    const cell = (k) =>
      (o ? `${fmt(o[k])} → ${fmt(r[k])} ${delta(o[k], r[k])}` : `new ${fmt(r[k])}`).padEnd(26);
    out.push(`${r.name.padEnd(22)}${cell('p95_ms')} ${cell('p99_ms')} ${cell('rps')} ${cell('ratio')}`);
  }
  for (const o of before)
    if (!after.some((r) => r.name === o.name)) out.push(`${o.name.padEnd(22)}(not run)`);
  return out.join('\n');
}
