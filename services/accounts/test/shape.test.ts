import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The service's shape, checked on the source: route handlers stay thin (the rule is in domain/), files
 * stay small, and the domain facts come from contracts instead of literals.
 */
const SRC = new URL('../src/', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
const HANDLER_MAX_LINES = 40;

/** Each route handler (an arrow function given to app.get/post, as prettier lays it out) with its length. */
function handlers(source: string): { line: number; length: number }[] {
  const lines = source.split('\n');
  const out: { line: number; length: number }[] = [];
  lines.forEach((l, i) => {
    const m = /^(\s*)(async )?\((request|_request|request, reply|)\) => \{$/.exec(l);
    if (!m) return;
    const end = lines.findIndex((x, j) => j > i && x.startsWith(`${m[1]}}`));
    out.push({ line: i + 1, length: end - i + 1 });
  });
  return out;
}

test(`route handlers are at most ${HANDLER_MAX_LINES} lines: the rules live in domain/`, () => {
  const routes = files(join(SRC, 'routes'));
  assert.ok(routes.length >= 8);
  for (const f of routes) {
    for (const h of handlers(readFileSync(f, 'utf8')))
      assert.ok(h.length <= HANDLER_MAX_LINES, `${f}:${h.line} handler is ${h.length} lines`);
  }
});

test('source files stay under 250 lines', () => {
  for (const f of files(SRC)) {
    const n = readFileSync(f, 'utf8').split('\n').length;
    assert.ok(n <= 250, `${f} has ${n} lines`);
  }
});

test("no domain fact written as a literal: account states, role numbers (contracts' AccountState, Role)", () => {
  for (const f of files(SRC)) {
    const code = readFileSync(f, 'utf8')
      .split('\n')
      .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l)) // comments may name a state
      .join('\n');
    assert.ok(
      !/=== ?'suspended'|'suspended' ?===|verified: 'suspended'/.test(code),
      `${f}: 'suspended' literal`,
    );
    assert.ok(
      !/\brole\s*[!=<>]==?\s*[0-4]\b|callerRole\s*[<>]=?\s*[0-4]\b/.test(code),
      `${f}: bare role number`,
    );
  }
});
