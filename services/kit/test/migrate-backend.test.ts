import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The production code path is MongoDB's: with DB_BACKEND unset (MongoDB, the default) a service starts, syncs its
 * declared indexes and never loads the FerretDB adapter or `pg` — shown in a child process where `pg` cannot be
 * resolved at all. With DB_BACKEND=ferretdb the same process does try to load it (so the block is real), and a
 * missing `pg` is a loud warning, not a crash. The adapter's own work on the real stack: migrate.test.ts.
 */
const child = fileURLToPath(new URL('./fixtures/migrate-child.ts', import.meta.url));

function start(env: Record<string, string | undefined>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, `child exited ${r.status}: ${r.stderr}`);
  const lines = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
  const report = lines.find((l) => l.report)?.report as { indexes: string[]; local: string[] };
  return { lines, report, migrate: lines.filter((l) => String(l.msg).startsWith('migrate:')) };
}

test('DB_BACKEND unset (MongoDB): declared indexes synced; neither the FerretDB adapter nor pg is loaded', () => {
  const { report, migrate } = start({ DB_BACKEND: undefined, POSTGRES_URL: undefined });
  assert.ok(report.indexes.includes('code_1'), `declared index made: ${report.indexes.join(', ')}`);
  assert.deepEqual(report.local, [], 'no module of backends/ferretdb or pg resolved');
  const done = migrate.find((l) => l.msg === 'migrate: indexes ready');
  assert.equal(done?.backend, 'mongodb', JSON.stringify(migrate));
  assert.equal(done?.created, undefined);
  assert.ok(!migrate.some((l) => /adapter did not load/.test(l.msg)), JSON.stringify(migrate));
});

test('DB_BACKEND=ferretdb in the same process: the adapter is imported, and a missing pg is a warning', () => {
  const { report, migrate } = start({ DB_BACKEND: 'ferretdb' });
  assert.ok(report.indexes.includes('code_1'));
  assert.ok(
    report.local.some((u) => u.includes('backends/ferretdb/')),
    `adapter resolved: ${report.local.join(', ')}`,
  );
  const warned = migrate.find((l) => /the FerretDB adapter did not load/.test(l.msg));
  assert.match(String(warned?.err), /Cannot find package 'pg'/, JSON.stringify(migrate));
});
