// Shared measuring helpers: percentiles, peak RSS of a process under test, free ports, pid files.
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const round = (x, d = 2) => (Number.isFinite(x) ? Number(x.toFixed(d)) : null);

/** Nearest-rank percentile of an ascending-sorted array. */
export function pct(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** VmRSS of a pid in MB, or NaN when it cannot be read (not Linux, gone). */
export function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Samples the RSS of `pid` every 250 ms until stop(); stop() returns the peak in MB (NaN if unreadable). */
export function watchRss(pid) {
  let peak = NaN;
  const sample = () => {
    const v = rssMb(pid);
    if (Number.isFinite(v) && !(v <= peak)) peak = v;
  };
  sample();
  const timer = setInterval(sample, 250);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The pid in the first of these files (under deploy/local/.cache) that exists, or undefined. */
export function pidFrom(root, ...files) {
  for (const f of files) {
    const p = join(root, 'deploy/local/.cache', f);
    if (existsSync(p)) {
      const pid = Number(readFileSync(p, 'utf8').trim());
      if (pid > 0) return pid;
    }
  }
  return undefined;
}

/** One result row as bench/results/latest.json lists it (ratio is filled in once the baseline is known). */
export function row(name, samplesMs, { rps, rss }) {
  const s = Float64Array.from(samplesMs).sort();
  return {
    name,
    n: s.length,
    median_ms: round(pct(s, 0.5), 3),
    p95_ms: round(pct(s, 0.95), 3),
    p99_ms: round(pct(s, 0.99), 3),
    rps: round(rps, 1),
    ratio: null,
    rss_mb: round(rss, 1),
  };
}

/**
 * Runs the wanted benches of an issue's parts: each `[name, file, fn]` whose name (at `ctx.scale`, lib/scale.mjs)
 * `ctx.only` wants, from a module that may not exist yet (a part not built returns no rows). Returns their
 * { rows, notes } joined.
 */
export async function runParts(ctx, parts) {
  const out = { rows: [], notes: [] };
  for (const [name, file, fn] of parts) {
    if (!ctx.only(ctx.scale ? ctx.scale.name(name) : name)) continue;
    const mod = await import(file).catch(() => undefined);
    const r = mod?.[fn] ? await mod[fn](ctx) : { rows: [], notes: [] };
    out.rows.push(...r.rows);
    out.notes.push(...r.notes);
  }
  return out;
}
