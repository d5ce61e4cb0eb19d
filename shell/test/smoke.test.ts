import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { Messages } from '@portal/contracts';
import { browserSuite, artifactsDir, fillSignInPage, type Edge, fakeApi } from '@portal/ui/testing/portal';

const artifacts = artifactsDir(import.meta.url);

let browser: Browser;
let edge: Edge;
const calls: string[] = [];
const pageErrors: string[] = [];
const consoleErrors: string[] = [];

browserSuite(fakeApi(calls), (b, e) => {
  browser = b;
  edge = e;
});

async function open(width: number, route: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 860 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // 4xx/5xx answers the test provokes show up as resource errors; anything else (React, ag-grid modules) is a defect.
  page.on(
    'console',
    (m) =>
      m.type() === 'error' && !m.text().startsWith('Failed to load resource') && consoleErrors.push(m.text()),
  );
  page.on('dialog', (d) => void d.accept());
  await page.goto(edge.url + route);
  return page;
}
const posted = (p: string) => calls.filter((c) => c.startsWith(`POST ${p} `));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

async function signIn(page: Page) {
  await fillSignInPage(page, 'admin@demo.portal');
  await page.waitForURL('**/dashboard/profile');
}

async function waitUntil(ok: () => boolean, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
}

/**
 * Keeps the page on /login: Keycloak's sign-in page answers 204 (a navigation answered 204 stays where it is); the
 * sign-in requests it held are in the returned list.
 */
const holdAtLogin = async (page: Page) => {
  const held: URL[] = [];
  await page.route('**/protocol/openid-connect/auth?**', (r) => {
    const url = new URL(r.request().url());
    if (url.searchParams.get('prompt') === 'none') return r.continue();
    held.push(url);
    return r.fulfill({ status: 204 });
  });
  return held;
};

test('signed out at 1280 px: /login hands off to Keycloak from its small entry (code + PKCE S256, no React); when the browser stays, the accounts remote renders its sign-in screen inside #portal-main', async () => {
  const page = await open(1280, '/dashboard/faq');
  const held = await holdAtLogin(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto(edge.url + '/login?email=Someone%40Example.com');
  // the hand-off: straight to Keycloak's page with the email as login_hint, before any of the portal's base loaded
  await page.waitForFunction(() => document.readyState === 'complete');
  await waitUntil(() => held.length === 1);
  assert.equal(held[0]!.searchParams.get('response_type'), 'code');
  assert.equal(held[0]!.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(held[0]!.searchParams.get('login_hint'), 'someone@example.com');
  assert.equal(held[0]!.searchParams.get('redirect_uri'), `${edge.url}/`);
  assert.ok(
    !scripts.some((s) => s.startsWith('/mfe/')),
    `no remote before the hand-off: ${scripts.join(' ')}`,
  );
  // the browser stayed (204): the full portal and the accounts remote's sign-in screen, with its Sign In button
  await page.locator('#portal-main [data-testid=login-form]').waitFor();
  assert.equal(
    await page.evaluate(() => typeof (window as unknown as Record<string, unknown>).mfe_accounts),
    'object',
  );
  assert.ok(
    calls.some((c) => c.startsWith('GET /api/utils/config')),
    'config fetched',
  );
  assert.equal(await page.locator('[data-logo=nj]').count(), 1, 'logo variant from config');
  assert.match(
    await page.getByTestId('footer').innerText(),
    new RegExp(`Powered by[\\s\\S]*© ${new Date().getFullYear()}`),
  );
  await shot(page, 'login-1280');

  // Sign In: Keycloak's page (the fake one here), Authorization Code with PKCE S256, back to the portal's `/`
  await page.unrouteAll();
  await page.getByTestId('login-submit').click();
  await page.locator('#username').waitFor();
  const asked = new URL(page.url());
  assert.equal(asked.searchParams.get('response_type'), 'code');
  assert.equal(asked.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(asked.searchParams.get('redirect_uri'), `${edge.url}/`);
  await fillSignInPage(page, 'admin@demo.portal', 'wrong');
  await page.getByText('Invalid username or password.').waitFor();
  assert.equal(posted('/api/auth/login').length, 0, "no password ever goes to the portal's API");
  await page.close();
});

test('signed out: public schedule search and FAQ open, a private route goes to sign-in and back after it', async () => {
  const page = await open(1280, '/dashboard/schedulesearch');
  await page.getByTestId('schedule-search').getByRole('heading', { name: 'Delivery Schedule' }).waitFor();
  await page.getByTestId('ss-query').waitFor(); // the public search screen works signed out
  await page.goto(edge.url + '/dashboard/faq');
  await page.getByTestId('faq').waitFor();
  await page.goto(edge.url + '/order/77');
  await fillSignInPage(page, 'admin@demo.portal');
  await page.waitForURL('**/dashboard/adminManageOrders?id=77');
  await page.close();
});

test('signed in as admin at 1280 px: menus, accounts table, feedback dialog', async () => {
  // to the profile on purpose: where a role lands is the e2e landing spec's (this fake API is accounts' only)
  const page = await open(1280, '/login?redirect=%2Fdashboard%2Fprofile');
  await signIn(page);
  await page.getByTestId('profile-email').getByText('admin@demo.portal').waitFor();
  await page.getByTestId('nav-admin').waitFor();
  assert.equal(await page.getByTestId('nav-manifestdownload').count(), 0, 'hideRoutes applied');
  assert.equal(await page.getByTestId('nav-settings').count(), 0, 'settings is role 0 only');
  await shot(page, 'profile-1280');

  await page.getByTestId('nav-accounts').click();
  await page.getByTestId('accounts-table').getByText('user@demo.portal').waitFor();
  assert.equal(
    await page.locator('.ag-paging-page-size').isVisible(),
    true,
    'page-size selector with more than 25 rows',
  );
  await shot(page, 'accounts-1280');

  // Inline edit of Verified: Edit → select → Save posts the change and toasts.
  const row = page.locator('.ag-row[row-id="2"]').filter({ has: page.locator('[col-id=__actions]') });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.locator('.ag-row[row-id="2"] [col-id=verified]').click();
  await page.locator('.ag-select-list-item', { hasText: 'suspended' }).click();
  await row.getByRole('button', { name: 'Save' }).click();
  await page.getByText(Messages.profileUpdated).waitFor();
  assert.ok(
    calls.some(
      (c) =>
        c.startsWith('POST /api/users/update') &&
        c.includes('"verified":"suspended"') &&
        c.includes('user@demo.portal'),
    ),
  );
  await page.getByTestId('accounts-nonverified').check();
  await page
    .getByTestId('accounts-table')
    .getByText('admin@demo.portal', { exact: true })
    .waitFor({ state: 'detached' });
  await page.getByTestId('accounts-table').getByText('user@demo.portal', { exact: true }).waitFor();

  await page.getByTestId('feedback-button').click();
  assert.equal(await page.getByTestId('feedback-from').inputValue(), 'admin@demo.portal');
  await page.getByTestId('feedback-send').click();
  await page.getByTestId('feedback-error').getByText(Messages.feedbackRequired).waitFor();
  await page.getByTestId('feedback-message').fill('The schedule page is great.');
  await shot(page, 'feedback-1280');
  await page.getByTestId('feedback-send').click();
  await page.getByText(Messages.feedbackSent).waitFor();
  assert.ok(calls.some((c) => c.startsWith('POST /api/email/feedback') && c.includes('admin@demo.portal')));

  await page.reload();
  await page.getByTestId('nav-admin').waitFor(); // the session survives a reload
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  // the services first (POST /api/auth/logout), then Keycloak's end-session; back at `/`, signed out: sign-in page
  await page.locator('#username').waitFor();
  assert.ok(calls.some((c) => c.startsWith('POST /api/auth/logout')));
  assert.ok(calls.some((c) => c.startsWith('GET /auth/realms/portal/protocol/openid-connect/logout?')));
  await page.close();
});

test('700 px: the login screen, then the mobile frame (no feedback button, menus behind the hamburger)', async () => {
  const page = await open(700, '/dashboard/faq');
  await holdAtLogin(page);
  await page.goto(edge.url + '/login?redirect=%2Fdashboard%2Fprofile');
  await page.getByTestId('login-form').waitFor();
  await shot(page, 'login-700');
  await page.unrouteAll();
  await page.getByTestId('login-submit').click();
  await signIn(page);
  await page.getByTestId('profile-email').waitFor();
  assert.equal(await page.getByTestId('feedback-button').count(), 0);
  assert.equal(await page.getByTestId('nav-user').isVisible(), false);
  await shot(page, 'profile-700');
  await page.getByTestId('nav-toggle').click();
  await page.getByTestId('nav-user').waitFor();
  await shot(page, 'nav-open-700');
  await page.close();
});

test('no uncaught errors or console errors in the page', () => {
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});
