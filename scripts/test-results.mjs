// What each kind of suite printed, read back for npm test's summary (scripts/test.mjs): its passed, failed and
// skipped counts, and the names of its failed tests (with, for a browser test, why), so CI's tail says what failed.
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const nodeTest = (out) => {
  // node:test's final summary ("ℹ pass 12"; "# pass 12" in TAP)
  const count = (k) => {
    const all = [...out.matchAll(new RegExp(`^(?:#|ℹ) ${k} (\\d+)`, 'gm'))];
    return all.length ? Number(all[all.length - 1][1]) : 0;
  };
  // the names under node's closing "✖ failing tests:" list, so CI's tail says which tests failed
  const list = out.split('✖ failing tests:').slice(1).pop() ?? '';
  return {
    passed: count('pass'),
    failed: count('fail') + count('cancelled'),
    skipped: count('skipped') + count('todo'),
    names: [...list.matchAll(/^✖ (.+?)(?: \([\d.]+ms\))?$\n((?:  .*\n?|\n)*)/gm)].map(
      (m) => m[1] + nodeWhy(m[2]),
    ),
  };
};

// A failed test's detail under its name in the summary: where it stopped (the file's last two path parts and the line)
// and the error's first lines, each indented and cut to 240 characters.
const detail = (file, line, lines, max) =>
  (file ? `\n      at ${file.split('/').slice(-2).join('/')}:${line}` : '') +
  lines
    .filter(Boolean)
    .slice(0, max)
    .map((l) => `\n      ${l.slice(0, 240)}`)
    .join('');

// What a failed node:test test said (the indented block under its name): the error's first lines and the first
// frame in the project's own code, so CI's tail tells an assertion from a timeout without the suite's log.
const nodeWhy = (block) => {
  const lines = block.split('\n').map((l) => l.trim());
  const [, file, line] =
    lines
      .filter((l) => l.startsWith('at ') && !/node:|node_modules/.test(l))
      .map((l) => /\(?(?:file:\/\/)?([^()\s]+):(\d+):\d+\)?$/.exec(l))
      .find(Boolean) ?? [];
  // the message ends where the stack (`at …`) or the error's own properties (`{`) begin
  const end = lines.findIndex((l) => l.startsWith('at ') || l.endsWith('{'));
  return detail(file, line, end < 0 ? lines : lines.slice(0, end), 4);
};

// The browser suites' totals from Playwright's json reporter (e2e/playwright.config.ts writes it): a test that
// passed only on a retry is flaky, counted as passed and named in the summary; "did not run" counts as skipped.
export const E2E_RESULTS = join(root, 'e2e/test-results/results.json');
// What a failed browser test said, for CI's tail (its log is all CI keeps): where it stopped and the assertion's
// first lines (expected and received, without colour codes).
const why = (result) => {
  const error = result?.errors?.[0] ?? result?.error;
  if (!error) return '';
  const lines = String(error.message ?? error.value ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => !/^(>\s*)?\d+\s*\||^\||^at /.test(l)); // not the code frame nor the stack
  return detail(error.location?.file, error.location?.line, lines, 6);
};
// Stopped before its reporter wrote the file (the suite's watchdog): what the list reporter printed, one line a test.
const listed = (out) => {
  const lines = (mark) => [
    ...out.matchAll(new RegExp(`^\\s+${mark}\\s+\\d+ (.+?)(?: \\([\\d.]+(?:ms|s|m)\\))?$`, 'gm')),
  ];
  const failed = lines('✘').map((m) => m[1]);
  return { passed: lines('✓').length, failed: failed.length, skipped: 0, names: failed };
};
export const playwright = (out = '') => {
  if (!existsSync(E2E_RESULTS)) return listed(out);
  const { stats, errors, suites } = JSON.parse(readFileSync(E2E_RESULTS, 'utf8'));
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests.filter((t) => t.status === 'unexpected'))
        names.push(`${spec.file}:${spec.line} ${spec.title}${why(t.results?.at(-1))}`);
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of suites ?? []) walk(suite);
  for (const e of errors ?? []) names.push(String(e.message ?? e).split('\n')[0]);
  return {
    names,
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + (errors?.length ?? 0), // errors: global setup or a spec file that did not load
    skipped: stats.skipped,
    flaky: stats.flaky,
  };
};

// `npm run chaos` (the cluster rehearsal under faults) ends with "chaos: N passed, N failed", one per check.
export const chaos = (out) => {
  const m = [...out.matchAll(/^chaos: (\d+) passed, (\d+) failed$/gm)].pop();
  return m
    ? { passed: Number(m[1]), failed: Number(m[2]), skipped: 0 }
    : { passed: 0, failed: 0, skipped: 0 };
};

// `npm run attack` (SECURITY.md's attacks): one line per attack, then "N blocked, N open": blocked is a pass, open a failure.
export const attack = (out) => {
  const m = [...out.matchAll(/^(\d+) blocked, (\d+) open$/gm)].pop();
  return m
    ? { passed: Number(m[1]), failed: Number(m[2]), skipped: 0 }
    : { passed: 0, failed: 0, skipped: 0 };
};
