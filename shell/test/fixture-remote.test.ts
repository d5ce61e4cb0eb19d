// Adding a page to an MFE touches only that MFE: a remote the shell has never heard of (a static fixture
// in test/fixtures/remote, added to remotes.json by the test edge) publishes /dashboard/fixture-page for role 1
// with a menu entry; the page and the entry appear for role 1 and not for role 4. Also: Sign Out ends the session
// on the server (POST /api/auth/logout) before the tokens are dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { browserSuite, artifactsDir, type Edge, USERS, fakeApi, tokenFor } from '@portal/ui/testing/portal';

const artifacts = artifactsDir(import.meta.url);

const here = path.dirname(fileURLToPath(import.meta.url));
let browser: Browser;
let edge: Edge;
const calls: string[] = [];
browserSuite(
  fakeApi(calls),
  (b, e) => {
    browser = b;
    edge = e;
  },
  { fixture: path.join(here, 'fixtures/remote') },
);

let lastToken = '';
/** A page signed in as `user` (the tab's stored session: one refresh grant on load, as after a reload). */
async function signedIn(user: (typeof USERS)[number], route: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const session = { token: (lastToken = tokenFor(user.email, user.role)), user: JSON.stringify(user) };
  await page.addInitScript((s) => {
    sessionStorage.setItem('portal.refreshToken', s.token);
    sessionStorage.setItem('portal.user', s.user);
  }, session);
  await page.goto(edge.url + route);
  return page;
}

test('role 1: the fixture remote’s page and menu entry appear, with its title', async () => {
  const page = await signedIn(USERS[0]!, '/dashboard/profile');
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
  // a verified role-4 user (an account under review would be sent to its profile: review.test.ts)
  const page = await signedIn(
    { ...USERS[1]!, verified: true } as (typeof USERS)[number],
    '/dashboard/fixture-page',
  );
  await page.getByTestId('forbidden').waitFor();
  assert.equal(await page.getByTestId('nav-fixturePage').count(), 0);
  assert.equal(await page.getByTestId('fixture-page').count(), 0);
  await page.close();
});

test('Sign Out calls POST /api/auth/logout with the session’s refresh token, then lands on /login', async () => {
  const page = await signedIn(USERS[0]!, '/dashboard/fixture-page');
  await page.getByTestId('fixture-page').waitFor();
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await page.waitForURL('**/login');
  const logout = calls.find((c) => c.startsWith('POST /api/auth/logout '));
  assert.ok(logout, 'the server was asked to end the session');
  assert.deepEqual(JSON.parse(logout.slice('POST /api/auth/logout '.length)), { refreshToken: lastToken });
  assert.equal(await page.evaluate(() => sessionStorage.length), 0);
  await page.close();
});
