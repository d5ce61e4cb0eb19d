// One setup for the shell's browser suites: the bundles (built when missing), a local edge serving them with a
// fake /api, and Debian's Chromium driven by playwright-core.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startEdge, type ApiHandler } from './static-server.js';
import { contract } from './fakes/contract.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
export const artifacts = path.join(here, 'artifacts');
const BUNDLES = [
  'shell/dist/index.html',
  ...['accounts', 'orders', 'schedule', 'fleet', 'billing'].map((n) => `mfe-${n}/dist/remoteEntry.js`),
];

export type Edge = Awaited<ReturnType<typeof startEdge>>;

/**
 * Registers before/after hooks for a browser suite; `ready` receives the browser and the edge. `remotes` adds
 * fixture remotes (name → directory) to the edge and its remotes.json.
 */
export function browserSuite(
  api: ApiHandler,
  ready: (browser: Browser, edge: Edge) => void,
  remotes: Record<string, string> = {},
): void {
  let browser: Browser | undefined;
  let edge: Edge | undefined;
  before(async () => {
    if (BUNDLES.some((b) => !existsSync(path.join(repo, b)))) {
      const r = spawnSync(process.execPath, [path.join(repo, 'shell/scripts/build-all.mjs')], {
        stdio: 'inherit',
      });
      assert.equal(r.status, 0, 'build-all failed');
    }
    mkdirSync(artifacts, { recursive: true });
    edge = await startEdge(repo, api, remotes);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    ready(browser, edge);
  });
  after(async () => {
    await browser?.close();
    edge?.server.close();
    // A fake that answered what the real API never would makes the suite fail, even if every screen coped.
    assert.deepEqual(contract.violations, [], 'the fake /api answered outside the real API contract');
  });
}
