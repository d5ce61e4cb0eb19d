// The bundle budget without the stack: what /login loads, in gzipped JavaScript, measured from Chromium's own
// request log against the built dist (the .gz files nginx serves with gzip_static), and the largest chunk. Fails above
// the goals; prints the figures. Also: no TypeBox runtime and no test code in any production bundle, and contracts'
// browser entry keeps up with index.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, type Edge, fakeApi } from '@portal/ui/testing/portal';

const KB = 1024;
// What the shell itself loads for /login before it hands the browser to Keycloak's sign-in page (whose theme's own
// JavaScript the e2e budget adds: e2e/tests/bundle-budget.spec.ts measures every page of every role through the
// edge, signed in, against the page goal). Here, without the stack: /login and the largest chunk any bundle ships.
// A chunk above CHUNK is a dependency whose unused code was not dropped: under esbuild's minify alone ag-grid was
// 303 KB gzipped; the dead-code pass (ui/webpack/dead-code.cjs) makes it ~195 (the modules the grids use).
// /login's goal is 150 KB (shell and Keycloak's page together): the shell hands off from a small entry of its own
// (src/login.ts: keycloak-js and the hand-off, ~14 KB gzipped), so its ceiling here is 20 KB: the portal's base (React,
// contracts, the frame, ~160 KB) loading before the hand-off again would fail it.
export const BUDGET = { login: 20 * KB, loginGoal: 150 * KB, chunk: 215 * KB };
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DISTS = ['shell', 'mfe-accounts', 'mfe-orders', 'mfe-schedule', 'mfe-fleet', 'mfe-billing'].map((d) =>
  path.join(repo, d, 'dist'),
);

let browser: Browser;
let edge: Edge;
browserSuite(fakeApi([]), (b, e) => {
  browser = b;
  edge = e;
});

/** The dist file behind a URL the page loaded (same mapping as the edge). */
function distFile(url: string): string {
  const { pathname } = new URL(url);
  const mfe = /^\/mfe\/([a-z]+)\/(.*)$/.exec(pathname);
  return mfe ? path.join(repo, `mfe-${mfe[1]}`, 'dist', mfe[2]!) : path.join(repo, 'shell', 'dist', pathname);
}

/** Gzipped size as served: the prebuilt .gz when there is one, else gzip -9 of the file. */
function gzSize(file: string): number {
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Records every JavaScript file the page loads from the portal; `total()` is their gzipped sum. */
function jsLog(page: Page) {
  const files = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.ok() && url.origin === edge.url && url.pathname.endsWith('.js')) files.add(distFile(r.url()));
  });
  return {
    files,
    total: () => [...files].reduce((sum, f) => sum + gzSize(f), 0),
    names: () => [...files].map((f) => path.relative(repo, f)),
  };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

test("/login loads < 20 KB of gzipped JavaScript before the hand-off (goal 150 with Keycloak's page), no React, no grid", async () => {
  const page = await browser.newPage();
  const log = jsLog(page);
  await page.goto(`${edge.url}/login`);
  await page.waitForLoadState('networkidle');
  console.log(`/login: ${kb(log.total())} in ${log.files.size} files (goal ${kb(BUDGET.loginGoal)})`);
  for (const f of log.files) console.log(`  ${kb(gzSize(f))} ${path.relative(repo, f)}`);
  assert.ok(log.files.size > 0, 'the shell loaded its JavaScript');
  assert.ok(!log.names().some((n) => /ag-grid|data-grid|light-table/.test(n)), log.names().join('\n'));
  assert.ok(!log.names().some((n) => n.startsWith('mfe-')), `no remote: ${log.names().join(' ')}`);
  assert.ok(log.total() < BUDGET.login, `/login ${kb(log.total())} ≥ ${kb(BUDGET.login)}`);
  await page.close();
});

test('no chunk of any bundle above 215 KB gzipped (dead code dropped from ag-grid)', () => {
  const chunks = DISTS.filter(existsSync).flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => ({ name: path.relative(repo, path.join(dir, f)), size: gzSize(path.join(dir, f)) })),
  );
  assert.ok(chunks.length > 0, 'built bundles to check');
  const fat = chunks.filter((c) => c.size > BUDGET.chunk).map((c) => `${c.name} ${kb(c.size)}`);
  const largest = chunks.sort((a, b) => b.size - a.size).slice(0, 3);
  console.log(`largest chunks: ${largest.map((c) => `${c.name} ${kb(c.size)}`).join(', ')}`);
  assert.deepEqual(fat, [], `above ${kb(BUDGET.chunk)}`);
});

test("libphonenumber's metadata is in no shell bundle (the base every page loads): only where a phone is parsed", () => {
  const dir = path.join(repo, 'shell', 'dist');
  const withIt = readdirSync(dir).filter(
    (f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes('country_calling_codes'),
  );
  assert.deepEqual(withIt, []);
});

test('no TypeBox runtime in any production bundle', () => {
  const offenders = DISTS.filter(existsSync).flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes("'~kind'"))
      .map((f) => path.relative(repo, path.join(dir, f))),
  );
  assert.deepEqual(offenders, []);
});

/**
 * Test code never ships: nothing from test runners, fakes, fixtures, @portal/ui/testing or the kit's
 * testing entry. Production
 * chunks carry no module paths, so the check looks for what such code would bring along: its imports and its
 * distinctive strings.
 */
const TEST_MARKERS = [
  'node:test',
  'node:assert',
  'playwright',
  '@portal/service-kit',
  'fake-api',
  'fakes/',
  'fixture-remote',
  'mfe_fixture',
  'no keycloak in this test',
  'fake API contract',
  'OUTBOX_FAULT',
  // @portal/ui/testing's component harness (its esbuild alias) and the portal suite's Keycloak stand-in
  'portal-test-subject',
];
test('no test code in any production bundle', () => {
  const offenders = DISTS.filter(existsSync).flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.js') || f.endsWith('.json'))
      .flatMap((f) => {
        const text = readFileSync(path.join(dir, f), 'utf8');
        return TEST_MARKERS.filter((m) => f.includes(m) || text.includes(m)).map(
          (m) => `${path.relative(repo, path.join(dir, f))}: ${m}`,
        );
      }),
  );
  assert.deepEqual(offenders, []);
});

test("contracts' browser entry re-exports every module of index.ts except the TypeBox event schemas and their users", () => {
  const src = path.join(repo, 'services/contracts/src');
  const modules = (file: string) =>
    [...readFileSync(path.join(src, file), 'utf8').matchAll(/from '(\.\/[\w-]+\.js)'/g)].map((m) => m[1]);
  // The event catalogue is TypeBox at run time; a module built on it (the bus's access rules) is server-only too.
  // The phone rule has an entry of its own (@portal/contracts/phone): libphonenumber's metadata is not for every page.
  const serverOnly = (m: string) =>
    m === './events.js' || m === './phone.js' || modules(m.replace(/\.js$/, '.ts')).includes('./events.js');
  const missing = modules('index.ts').filter((m) => !serverOnly(m) && !modules('browser.ts').includes(m));
  assert.deepEqual(missing, [], 'add these to services/contracts/src/browser.ts');
});
