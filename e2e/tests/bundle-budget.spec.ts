// The first-load budget, through the edge as a visitor gets it: JavaScript transferred (compressed, response headers
// included: Chromium's encodedDataLength) on an empty cache, for every top-level page of every role, signed in as
// the seed's demo users. Goal: every page ≤ 300 KB, /login (the shell's hand-off and Keycloak's themed page) ≤ 150
// KB. A page still above the goal has its own ceiling in OVER (measured, + a few KB): it may not grow, and leaves
// the list when it meets the goal; so does /login. shell/scripts/first-load.mjs prints the same figures per file.
import type { CDPSession, Page } from '@playwright/test';
import { test, expect, APP, DEMO, signIn, PASSWORD } from '../fixtures/index.ts';
import { Role, type RoleNumber } from '@portal/contracts';

const KB = 1024;
const PAGE = 300 * KB;
/**
 * /login: the shell hands off to Keycloak from a small entry of its own (shell/src/login.ts: keycloak-js, ~14 KB),
 * Keycloak's themed page adds its own (~78 KB): 92 KB measured, against the goal.
 */
const LOGIN = 150 * KB;
/**
 * Pages over the goal, each with the ceiling it must stay under (measured + ~3 %); none today. The grid pages are the
 * closest (the orders lists 297 KB, the fleet list 295, the accounts list 289, brotli): ag-grid's chunk with the
 * portal's modules is ~156 KB of it, the page base (React, contracts, the session, the frame) ~120.
 */
const OVER: Record<string, number> = {};

const PAGES: [RoleNumber, { width: number; height: number }, string[]][] = [
  [
    Role.Admin,
    { width: 1366, height: 900 },
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
    ],
  ],
  [
    Role.User,
    { width: 1366, height: 900 },
    [
      '/dashboard/orders',
      '/dashboard/incomingorders',
      '/dashboard/createOrder',
      '/dashboard/schedulesearch',
      '/dashboard/userreports',
      '/dashboard/manifestdownload',
    ],
  ],
  [Role.AccountAdmin, { width: 1366, height: 900 }, ['/dashboard/invite', '/dashboard/placedorders']],
  [Role.Driver, { width: 390, height: 844 }, ['/dashboard/manageSchedule', '/dashboard/scan']],
];

/** Loads `url` on an empty cache; the scripts' transferred bytes until the network is (nearly) idle. */
async function firstLoad(page: Page, cdp: CDPSession, url: string, ready?: () => Promise<void>) {
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  const scripts = new Map<string, string>();
  const files: { url: string; bytes: number }[] = [];
  const onResponse = (e: { requestId: string; type?: string; response: { url: string } }) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => {
    const u = scripts.get(e.requestId);
    if (u) files.push({ url: u, bytes: e.encodedDataLength });
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  await page.goto(url);
  if (ready) await ready();
  // a page that polls or streams is never idle: then what it loaded in its first seconds
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  const total = files.reduce((n, f) => n + f.bytes, 0);
  const list = files
    .sort((a, b) => b.bytes - a.bytes)
    .map((f) => `  ${(f.bytes / KB).toFixed(1)} KB ${new URL(f.url).pathname}`)
    .join('\n');
  return { total, files, list };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

test('/login: the hand-off to Keycloak and its sign-in page within their ceiling (goal 150 KB), no grid', async ({
  newPage,
}) => {
  const page = await newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const r = await firstLoad(page, cdp, `${APP}/login`, () => page.locator('#username').waitFor());
  console.log(`/login ${kb(r.total)}\n${r.list}`);
  expect(r.list).not.toMatch(/ag-grid|data-grid|light-table|\/mfe\//);
  expect(r.total, `/login ${kb(r.total)}\n${r.list}`).toBeLessThanOrEqual(LOGIN);
});

for (const [role, viewport, paths] of PAGES) {
  test(`first load of every page of ${DEMO[role]} at ${viewport.width} px within its budget`, async ({
    newPage,
  }) => {
    test.setTimeout(180_000);
    const page = await newPage();
    await page.setViewportSize(viewport);
    await signIn(page, DEMO[role], PASSWORD);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const over: string[] = [];
    for (const path of paths) {
      const r = await firstLoad(page, cdp, `${APP}${path}`);
      const budget = OVER[path] ?? PAGE;
      console.log(`${DEMO[role]} ${path}: ${kb(r.total)} (budget ${kb(budget)})`);
      expect(new URL(page.url()).pathname, 'still signed in, on the page').toBe(path);
      if (r.total > budget) over.push(`${path} ${kb(r.total)} > ${kb(budget)}\n${r.list}`);
    }
    expect(over, over.join('\n')).toEqual([]);
  });
}
