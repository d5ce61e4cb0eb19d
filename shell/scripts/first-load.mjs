#!/usr/bin/env node
// First-load JavaScript of every top-level page, per role, as a browser on an empty cache sees it: bytes transferred
// (compressed, response headers included: Chromium's encodedDataLength) of every script the page loads until the
// network is idle, through the running edge. Signs in as the seed's demo users (the e2e suites' password).
// Usage: node shell/scripts/first-load.mjs [--json file] [--only /login,/dashboard/scan]   (APP_URL, CHROMIUM_PATH
// override the defaults)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../shell/ui/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const APP = process.env.APP_URL ?? 'http://localhost:8080';
const PASSWORD = 'Portal!2345';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** [who, viewport, pages]: every role's top-level pages (their menus' entries). */
const PLAN = [
  [null, DESKTOP, ['/login']],
  [
    'admin',
    DESKTOP,
    [
      '/dashboard/profile',
      '/dashboard/accounts',
      '/dashboard/adminManageOrders',
      '/dashboard/manageSchedule',
      '/dashboard/manageRoutes',
      '/dashboard/billing',
      '/dashboard/reports',
      '/dashboard/operations',
      '/dashboard/fleetmanager',
      '/dashboard/manageDriver',
      '/dashboard/checkin',
      '/dashboard/failedmail',
    ],
  ],
  [
    'user',
    DESKTOP,
    [
      '/dashboard/orders',
      '/dashboard/incomingorders',
      '/dashboard/placedorders',
      '/dashboard/createOrder',
      '/dashboard/schedulesearch',
      '/dashboard/userreports',
      '/dashboard/manifestdownload',
    ],
  ],
  ['accountadmin', DESKTOP, ['/dashboard/accounts', '/dashboard/invite']],
  [
    'driver',
    PHONE,
    ['/dashboard/manageSchedule', '/dashboard/scan', '/dashboard/fleetmanager', '/dashboard/manageDriver'],
  ],
];

async function signIn(page, who) {
  // the portal's /login sends the browser to Keycloak's sign-in page (standard form ids)
  await page.goto(`${APP}/login`);
  await page.locator('#username').fill(`${who}@demo.portal`);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('#kc-login').click();
  await page.waitForURL(/\/dashboard\//, { timeout: 30_000 });
}

/** Loads `path` on an empty cache and sums the scripts' transferred bytes. */
async function measure(page, cdp, path) {
  const scripts = new Map();
  const sizes = [];
  const onResponse = (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, headers: e.response.headers });
  };
  const onFinished = (e) => {
    const s = scripts.get(e.requestId);
    if (s) sizes.push({ ...s, bytes: e.encodedDataLength });
  };
  // nothing of the previous page still in flight, then an empty cache (the session's cookies stay)
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  const errors = [];
  const onConsole = (m) => {
    if (m.type() === 'error' || /AG Grid/.test(m.text())) errors.push(m.text().slice(0, 160));
  };
  page.on('console', onConsole);
  await page.goto(`${APP}${path}`);
  // a page that polls or streams is never idle: then what it loaded in the first seconds
  const idle = () => page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await idle();
  await page.waitForTimeout(1500);
  await idle();
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  page.off('console', onConsole);
  const total = sizes.reduce((n, s) => n + s.bytes, 0);
  return { path, url: page.url(), total, files: sizes, errors };
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1].split(',')) : null;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const results = [];
for (const [who, viewport, all] of PLAN) {
  const paths = all.filter((p) => !only || only.has(p));
  if (paths.length === 0) continue;
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (who) await signIn(page, who);
  for (const path of paths) {
    const r = { who: who ?? 'signed out', width: viewport.width, ...(await measure(page, cdp, path)) };
    results.push(r);
    const landed = new URL(r.url).pathname === path ? '' : ` (landed on ${new URL(r.url).pathname})`;
    console.log(
      `${r.who.padEnd(12)} ${String(r.width).padStart(4)} ${path.padEnd(30)} ${(r.total / 1024).toFixed(1).padStart(7)} KB ${r.files.length} files${landed}`,
    );
    for (const e of new Set(r.errors)) console.log(`    console: ${e}`);
  }
  await context.close();
}
await browser.close();
const json = process.argv.indexOf('--json');
if (json > 0) writeFileSync(process.argv[json + 1], JSON.stringify(results, null, 1));
