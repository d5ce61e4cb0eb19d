import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FleetMessages } from '@portal/contracts';

/**
 * The service's shape (as accounts' test/shape.test.ts), checked on the source: route handlers stay thin (the rules
 * are in domain/), files stay small, and the spec's messages come from contracts, never a copy of their words.
 */
const SRC = new URL('../src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

test('route handlers are at most 40 lines and files under 250', () => {
  let handlers = 0;
  for (const f of files(SRC)) {
    const lines = readFileSync(f, 'utf8').split('\n');
    assert.ok(lines.length <= 250, `${f} has ${lines.length} lines`);
    lines.forEach((l, i) => {
      const m = /^(\s*)async \((request|request, reply|)\) => /.exec(l);
      if (!m) return;
      handlers++;
      if (!/[{(]$/.test(l)) return; // a one-line handler
      const end = lines.findIndex((x, j) => j > i && /^\s*[})]/.test(x) && !x.startsWith(`${m[1]} `));
      assert.ok(end - i + 1 <= 40, `${f}:${i + 1} handler is ${end - i + 1} lines`);
    });
  }
  assert.ok(handlers >= 14, `found ${handlers} handlers`);
});

test("the spec's fleet messages are written once, in contracts (FleetMessages)", () => {
  const words = (Object.values(FleetMessages) as unknown[]).filter((m): m is string => typeof m === 'string');
  for (const f of files(SRC)) {
    const code = readFileSync(f, 'utf8');
    for (const w of words) assert.ok(!code.includes(`'${w}'`), `${f} copies "${w}"`);
  }
});
