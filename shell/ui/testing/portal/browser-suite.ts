// One setup for the whole-portal browser suites (the shell's and each MFE's screens in the portal): the bundles
// (built when missing), a local edge serving them with a fake /api, and Debian's Chromium driven by playwright-core.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startEdge, type ApiHandler } from './static-server.js';
import { contract } from './contract.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../../..');
const BUNDLES = [
  'shell/dist/index.html',
  ...['accounts', 'orders', 'schedule', 'fleet', 'billing'].map((n) => `mfe-${n}/dist/remoteEntry.js`),
];

export type Edge = Awaited<ReturnType<typeof startEdge>>;

/** The screenshot folder of a suite: `artifacts/` beside the test file (`import.meta.url`), git-ignored there. */
export function artifactsDir(testFileUrl: string): string {
  const dir = path.join(path.dirname(fileURLToPath(testFileUrl)), 'artifacts');
  mkdirSync(dir, { recursive: true });
  return dir;
}

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

/**
 * Collects what a screen should never do: uncaught errors into `errors`, console errors (a failed resource load
 * aside: the fakes answer 4xx on purpose) into `consoleErrors` (default: the same list). Dialogs are accepted.
 */
export function watch(page: Page, errors: string[], consoleErrors: string[] = errors): Page {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on(
    'console',
    (m) =>
      m.type() === 'error' && !m.text().startsWith('Failed to load resource') && consoleErrors.push(m.text()),
  );
  page.on('dialog', (d) => void d.accept());
  return page;
}

/**
 * Signs in as the browser does: /login sends the page to (the fake) Keycloak's sign-in page, whose standard form
 * ids it fills, and the shell comes back signed in. Waits for the profile, asked for by `?redirect=`, since a role
 * lands where its day starts (the manifests' `home`), often another domain's screen this suite's fake API does not
 * answer.
 */
export async function signIn(page: Page, edge: Edge, email: string, password = 'Portal!2345'): Promise<void> {
  await page.goto(edge.url + '/login?redirect=%2Fdashboard%2Fprofile');
  await fillSignInPage(page, email, password);
  await page.waitForURL('**/dashboard/profile');
}

/** On Keycloak's sign-in page (the fake one here): Keycloak's standard form ids, as the real page has them. */
export async function fillSignInPage(page: Page, email: string, password = 'Portal!2345'): Promise<void> {
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
}
