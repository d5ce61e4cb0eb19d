// The deploy workspace declares what its tests, the local stack's helpers and the attack script import,
// instead of borrowing packages another workspace happens to hoist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const deploy = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mjs|js)$/.test(name) ? [p] : [];
  });
}

/** Package names a source imports (static and dynamic), without builtins and relative paths. */
export function importedPackages(code: string): string[] {
  const specs = [...code.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'([^']+)'/gm)].map((m) => m[1]!);
  return specs
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

test('every package imported under deploy/ is declared in deploy/package.json', () => {
  const pkg = JSON.parse(readFileSync(join(deploy, 'package.json'), 'utf8'));
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
  ]);
  const files = ['test', 'attack', 'local'].flatMap((d) => sources(join(deploy, d)));
  assert.ok(files.length >= 8, `scanned ${files.length} files`);
  const missing = files.flatMap((f) =>
    importedPackages(readFileSync(f, 'utf8'))
      .filter((p) => !declared.has(p))
      .map((p) => `${f.slice(deploy.length + 1)}: ${p}`),
  );
  assert.deepEqual(missing, []);
  // and the check bites (the sample is assembled so this file's own scan does not see it)
  const q = "'";
  const sample = `import x from ${q}left-pad${q};\nawait import(${q}@scope/pkg/sub${q});`;
  assert.deepEqual(importedPackages(sample), ['left-pad', '@scope/pkg']);
});
