// npm test's summary reads back what each suite printed (scripts/test-results.mjs): a failed node:test test is named
// with where it stopped and what it said, since CI keeps only the summary's tail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeTest } from './test-results.mjs';

test('node:test failures: counts, names, the failing line and the first lines of the error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-results-'));
  writeFileSync(
    join(dir, 'sample.test.mjs'),
    [
      "import { test } from 'node:test';",
      "import assert from 'node:assert/strict';",
      "test('compares', () => assert.equal('a', 'b'));",
      "test('times out', () => { throw new Error('waiting for ln-form\\nlocator resolved to 0 elements'); });",
      "test('passes', () => {});",
    ].join('\n'),
  );
  const { NODE_TEST_CONTEXT: _parent, ...env } = process.env; // a run of its own, not a child of this one
  const r = spawnSync(process.execPath, ['--test', '--test-reporter=spec', 'sample.test.mjs'], {
    cwd: dir,
    env,
    encoding: 'utf8',
  });
  const got = nodeTest(r.stdout + r.stderr);
  assert.deepEqual([got.passed, got.failed, got.skipped], [1, 2, 0]);
  assert.equal(got.names.length, 2);
  assert.match(
    got.names[0],
    /^compares\n {6}at [^\n]*sample\.test\.mjs:3\n {6}AssertionError[^\n]*\n {6}'a' !== 'b'$/,
  );
  assert.match(
    got.names[1],
    /^times out\n {6}at [^\n]*sample\.test\.mjs:4\n {6}Error: waiting for ln-form\n {6}locator/,
  );
});
