// Adding a page to an MFE touches only that MFE: a remote the shell has never heard of (a static fixture
// in test/fixtures/remote, added to remotes.json by the test edge) publishes /dashboard/fixture-page for role 1
// with a menu entry; the page and the entry appear for role 1 and not for role 4. Also: Sign Out ends the session
// on the server (POST /api/auth/logout), then in Keycloak (end-session through the browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import {
  browserSuite,
  artifactsDir,
  baseRoutes,
  fake,
  fillSignInPage,
  type Edge,
  type Route,
  USERS,
} from '@portal/ui/testing/portal';

const artifacts = artifactsDir(import.meta.url);

const here = path.dirname(fileURLToPath(import.meta.url));
let browser: Browser;
let edge: Edge;
const calls: string[] = [];
/** The role-4 user here is verified (an account under review would be sent to its profile: review.test.ts). */
const verifiedUser: Route = (c) =>
  c.path === '/api/users/me' && c.who === USERS[1]!.email
    ? c.reply(200, { user: { ...USERS[1]!, verified: true } })
    : undefined;
browserSuite(
  fake(calls, verifiedUser, baseRoutes()),
  (b, e) => {
    browser = b;
    edge = e;
  },
  { fixture: path.join(here, 'fixtures/remote') },
);

/** A page signed in as `email` on (the fake) Keycloak's page, sent on to `route`. */
async function signedIn(email: string, route: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(`${edge.url}/login?redirect=${encodeURIComponent(route)}`);
  await fillSignInPage(page, email);
  await page.waitForURL(`**${route}`);
  return page;
}

test('role 1: the fixture remote’s page and menu entry appear, with its title', async () => {
  const page = await signedIn(USERS[0]!.email, '/dashboard/profile');
  const entry = page.getByTestId('nav-user').getByTestId('nav-fixturePage');
  await entry.waitFor();
  // Sorted by `order` across remotes: 15 sits between Profile (10) and Invite Users (20).
  const keys = await page
    .getByTestId('nav-user')
    .locator('a')
    .evaluateAll((as) => as.map((a) => a.dataset.testid));
  assert.deepEqual(keys.slice(0, 3), ['nav-profile', 'nav-fixturePage', 'nav-invite']);
  await entry.click();
  await page.waitForURL('**/dashboard/fixture-page');
  await page
    .locator('#portal-main [data-testid=fixture-page]')
    .getByText('Fixture page for admin@demo.portal')
    .waitFor();
  assert.equal(await page.title(), 'Fixture Page | Delivery Portal');
  await page.screenshot({ path: path.join(artifacts, 'fixture-remote-role1.png'), fullPage: true });
  await page.close();
});

test('role 4: no menu entry, and the path says no access', async () => {
  const page = await signedIn(USERS[1]!.email, '/dashboard/fixture-page');
  await page.getByTestId('forbidden').waitFor();
  assert.equal(await page.getByTestId('nav-fixturePage').count(), 0);
  assert.equal(await page.getByTestId('fixture-page').count(), 0);
  await page.close();
});

test("Sign Out calls POST /api/auth/logout with the session’s refresh token, then Keycloak's end-session, then the sign-in page", async () => {
  const page = await signedIn(USERS[0]!.email, '/dashboard/fixture-page');
  await page.getByTestId('fixture-page').waitFor();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await page.locator('#username').waitFor();
  const logout = calls.find((c) => c.startsWith('POST /api/auth/logout '));
  assert.ok(logout, 'the server was asked to end the session');
  const { refreshToken } = JSON.parse(logout.slice('POST /api/auth/logout '.length)) as {
    refreshToken: string;
  };
  const claims = JSON.parse(Buffer.from(refreshToken.split('.')[1]!, 'base64url').toString()) as {
    email?: string;
  };
  assert.equal(claims.email, USERS[0]!.email, "the session's own refresh token");
  const ended = calls.findIndex((c) =>
    c.startsWith('GET /auth/realms/portal/protocol/openid-connect/logout?'),
  );
  assert.ok(ended > calls.indexOf(logout), 'Keycloak is told after the services');
  assert.equal(await page.evaluate(() => sessionStorage.length), 0);
  await page.close();
});
