// Static checks as tests, so `npm test` counts them: one lint config for the repo, TypeScript strict for every workspace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groups as typecheckGroups } from './typecheck.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const sh = (cmd, args) => spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });

// Playwright's HTML report (e2e/.report, gitignored by e2e/.gitignore) holds a bundled trace viewer: generated code,
// neither linted nor formatted. Prettier reads only the root ignore files unless told, ESLint none of them.
const GENERATED = ['e2e/.report/**', 'e2e/test-results/**'];

test('eslint: no lint errors anywhere', () => {
  const r = sh(bin('eslint'), [
    '.',
    '--max-warnings=0',
    ...GENERATED.flatMap((g) => ['--ignore-pattern', g]),
  ]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('prettier: every file in the one format (prose Markdown excepted, see .prettierignore)', () => {
  const ignoreFiles = ['.gitignore', '.prettierignore', 'e2e/.gitignore'];
  const r = sh(bin('prettier'), ['--check', '.', ...ignoreFiles.flatMap((f) => ['--ignore-path', f])]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

// One program per set of workspaces that compile alike (scripts/typecheck.mjs): what they share is checked once.
for (const group of typecheckGroups()) {
  test(`tsc --noEmit (strict): ${group.join(', ')}`, () => {
    const r = sh(process.execPath, ['scripts/typecheck.mjs', ...group]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
}

// Production dependencies carry no known advisory, or each remaining one is explained in SECURITY.md
// (its package name in backticks). Needs the registry's audit endpoint; a registry or mirror without it
// (405/404, offline) skips with the reason rather than passing silently.
test('npm audit --omit=dev: no advisory that SECURITY.md does not explain', (t) => {
  const r = sh('npm', ['audit', '--omit=dev', '--json']);
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    assert.fail(`npm audit printed no JSON (exit ${r.status}): ${r.stderr.slice(0, 500)}`);
  }
  if (!report.vulnerabilities) {
    const why = report.message ?? report.error?.summary ?? JSON.stringify(report).slice(0, 200);
    return t.skip(`the registry's audit endpoint did not answer: ${why}`);
  }
  const security = readFileSync(join(root, 'SECURITY.md'), 'utf8');
  const unexplained = Object.values(report.vulnerabilities)
    .filter((v) => !security.includes(`\`${v.name}\``))
    .map((v) => `${v.name} (${v.severity})`);
  assert.deepEqual(unexplained, [], 'advisories neither fixed nor explained in SECURITY.md');
});

test('SECURITY.md: every test file and attack module it names exists', () => {
  const security = readFileSync(join(root, 'SECURITY.md'), 'utf8');
  const named = [
    ...security.matchAll(/`([\w./-]+\.(?:test|spec)\.(?:ts|mjs)|deploy\/attack\/[\w.-]+\.mjs)`/g),
  ].map((m) => m[1]);
  assert.ok(named.length > 20, `SECURITY.md names ${named.length} test files`);
  const missing = [...new Set(named)].filter((p) => !existsSync(join(root, p)));
  assert.deepEqual(missing, [], 'SECURITY.md points at files that moved or never existed');
});

// Node 24 LTS is the one runtime. The manifests say so, and portal.mjs (the entry of npm start/test)
// run by an older Node re-executes itself on the pinned Node 24 with it first on PATH for its children.
test('Node 24: .nvmrc, engines, @types/node; portal.mjs under an older Node re-runs on 24', (t) => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(readFileSync(join(root, '.nvmrc'), 'utf8').trim(), '24');
  assert.equal(pkg.engines.node, '>=24');
  assert.match(pkg.devDependencies['@types/node'], /^\^?24\./);
  const pinned = /const NODE_VERSION = '(24\.\d+\.\d+)'/.exec(
    readFileSync(join(root, 'scripts/portal.mjs'), 'utf8'),
  )?.[1];
  assert.ok(pinned, 'portal.mjs pins a Node 24 version');
  const run = (node) => {
    // without the re-execution marker this very run (started through portal.mjs) carries
    const env = { ...process.env, PORTAL_NODE_REEXEC: '' };
    const r = spawnSync(node, ['scripts/portal.mjs', 'node'], { cwd: root, encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const here = run(process.execPath);
  assert.equal(here.child, here.self, 'children find the same Node first on PATH');
  // an older Node on this machine (Debian 12: /usr/bin/node is 20) exercises the re-execution
  const old = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (p) =>
      existsSync(p) &&
      Number(spawnSync(p, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) < 24,
  );
  if (!old) return t.skip('no Node older than 24 on this machine to re-execute from');
  const re = run(old);
  assert.equal(re.self, `v${pinned}`);
  assert.match(re.execPath, /deploy\/local\/\.cache\/node-24[^/]*\/bin\/node$/);
  assert.equal(re.child, `v${pinned}`, 'npm, webpack, services and suites get Node 24 from PATH');
});

// Every domain's browser suite (mfe-*/e2e) and the cross-domain journeys (e2e/tests) run on the one
// Playwright config with the one fixture set. A file the runner would not pick up (a node:test *.test.ts) or a spec
// that bypasses the fixtures, or is skipped or focused, would pass silently: these fail here instead. A helper
// module (not *.test.*) is allowed when a spec of the same set imports it.
test('browser specs: *.spec.ts on the shared e2e fixtures, none skipped or focused', () => {
  const dirs = [
    'e2e/tests',
    ...readdirSync(root)
      .filter((d) => d.startsWith('mfe-'))
      .map((d) => `${d}/e2e`),
  ];
  const files = dirs
    .filter((d) => existsSync(join(root, d)))
    .flatMap((d) => readdirSync(join(root, d), { recursive: true }).map((f) => `${d}/${f}`))
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f));
  assert.ok(files.length > 0, 'browser specs exist');
  for (const f of files) {
    if (!/\.spec\.ts$/.test(f)) {
      // a helper module beside the specs is fine when a spec imports it; a node:test file would pass silently
      const name = `./${f.split('/').pop()}'`;
      const imported = files.some(
        (s) => s.endsWith('.spec.ts') && readFileSync(join(root, s), 'utf8').includes(name),
      );
      assert.ok(!/\.test\.[cm]?[jt]sx?$/.test(f) && imported, `${f}: Playwright runs *.spec.ts only`);
    }
    const src = readFileSync(join(root, f), 'utf8');
    assert.match(
      src,
      /from '(\.\.\/fixtures\/index\.ts|@portal\/e2e\/fixtures)'/,
      `${f}: uses the shared fixtures`,
    );
    assert.doesNotMatch(
      src,
      /^import (?!type )[^;]*from '@playwright\/test'/m,
      `${f}: test comes from the fixtures`,
    );
    assert.doesNotMatch(src, /\b(test|describe)\.(only|skip|fixme)\(/, `${f}: nothing skipped or focused`);
  }
});

test('schemas are closed: no `additionalProperties: true` in any service source (open-ended maps say so)', () => {
  const dirs = readdirSync(join(root, 'services')).map((s) => `services/${s}/src`);
  const hits = dirs
    .filter((d) => existsSync(join(root, d)))
    .flatMap((d) =>
      readdirSync(join(root, d), { recursive: true })
        .filter((f) => /\.ts$/.test(f))
        .flatMap((f) =>
          readFileSync(join(root, d, f), 'utf8')
            .split('\n')
            .map((line, i) => ({ where: `${d}/${f}:${i + 1}`, line }))
            .filter(({ line }) => /additionalProperties:\s*true/.test(line))
            .map(({ where }) => where),
        ),
    );
  assert.deepEqual(hits, [], 'declare the keys, or patternProperties for an open-ended map');
});

// The boundaries rule (scripts/lint/boundaries.mjs) fires on what crossed a boundary before it existed, through
// every form of import, and lets the public entries through: the repo's own config on snippets at real paths.
test('eslint boundaries: no MFE, shell or service imports another one’s source', async () => {
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: root });
  const cases = [
    [
      'mfe-schedule/src/pages/schedule/X.tsx',
      "export const X = import('../../../../mfe-orders/src/signing/S.js');",
    ],
    ['mfe-schedule/src/pages/schedule/X.tsx', "export { S } from '../../../../mfe-orders/src/signing/S.js';"],
    ['mfe-schedule/test/x.test.ts', "export * as S from '@portal/routing-service/src/schemas.js';"],
    ['mfe-schedule/test/x.test.ts', "export { m } from '../../mfe-accounts/test/harness/component.js';"],
    ['mfe-fleet/src/X.tsx', "export { WeeklySchedule } from '@portal/mfe-schedule/WeeklySchedule';"],
    ['services/notifications/test/x.test.ts', "export { p } from '../../accounts/src/events/publishes.js';"],
    ['services/billing/src/x.ts', "export const X = import('../../orders/src/x.js');"],
    ['shell/src/x.ts', "export { csv } from '../ui/src/csv.js';"],
  ];
  const allowed = [
    [
      'mfe-fleet/src/X.tsx',
      "export type { WeeklyScheduleProps } from '@portal/mfe-schedule/WeeklySchedule';",
    ],
    ['mfe-schedule/src/X.tsx', "export const X = import('mfe_orders/SignManifests');"],
    ['mfe-schedule/test/x.test.ts', "export * as S from '@portal/routing-service/schemas';"],
    ['mfe-schedule/src/X.tsx', "export { SignRoute } from './pages/schedule/SignRoute.js';"],
  ];
  const rules = async ([file, code]) =>
    (await eslint.lintText(code, { filePath: join(root, file) }))[0].messages.map((m) => m.ruleId);
  for (const c of cases) {
    assert.ok(
      (await rules(c)).some((r) => /no-restricted-(imports|syntax)/.test(r)),
      `not caught: ${c.join(': ')}`,
    );
  }
  for (const c of allowed) assert.deepEqual(await rules(c), [], `refused: ${c.join(': ')}`);
});
