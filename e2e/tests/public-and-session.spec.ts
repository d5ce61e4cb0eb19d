// Public routes work signed out; the 401 rule; /order/{id} redirects by role.
import { Messages } from '@portal/contracts';
import { test, expect, uniqueEmail, APP, DEMO } from '../fixtures/index.ts';

test('a public route (delivery schedule search) works signed out', async ({ newPage, shot }) => {
  const page = await newPage();
  await page.goto(`${APP}/dashboard/schedulesearch`);
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toMatch(/\/dashboard\/schedulesearch$/);
  await page.getByRole('heading', { name: 'Delivery Schedule' }).waitFor();
  await page.getByTestId('ss-query').waitFor(); // the search box, Monday–Friday checked
  await expect(page.getByTestId('ss-day-mon')).toBeChecked();
  expect(await page.locator('#username').count()).toBe(0);
  await shot(page, 'public-schedulesearch-signed-out');
});

test('a dashboard route signed out goes to the sign-in page (Keycloak, Authorization Code + PKCE S256)', async ({
  newPage,
}) => {
  const page = await newPage();
  await page.goto(`${APP}/dashboard/accounts`);
  await page.locator('#username').waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/auth/realms/portal/protocol/openid-connect/auth');
  expect(url.searchParams.get('response_type')).toBe('code');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('client_id')).toBe('portal-web');
});

test('a wrong password stays on the sign-in page and opens no session', async ({ newPage }) => {
  const page = await newPage();
  await page.goto(`${APP}/login`);
  // an address nobody has: a wrong password for a shared demo user would count towards Keycloak's lockout of it
  await page.locator('#username').fill(uniqueEmail('nobody'));
  await page.locator('#password').fill('wrong-password');
  await page.locator('#kc-login').click();
  await page.locator('#username').waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/auth\/realms\/portal\//);
  await page.goto(`${APP}/dashboard/profile`);
  await page.locator('#username').waitFor();
});

test('401 rule: a call answered 401 mid-session clears storage, alerts and returns to the origin', async ({
  signedInAs,
}) => {
  const page = await signedInAs(DEMO[1]);
  await page.evaluate(() => localStorage.setItem('e2e-marker', 'present'));
  // The next users call carries a token the service no longer accepts; the tokens live in memory, so the request
  // itself is altered. The 401 is the real service's answer.
  await page.route('**/api/users', (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer eyBROKEN.token.x' } }),
  );
  const dialog = page.waitForEvent('dialog');
  await page.getByTestId('nav-accounts').click(); // a client-side navigation, not a page load
  const d = await dialog;
  expect(d.message()).toBe(Messages.tokenInvalid);
  await d.accept();
  await page.unroute('**/api/users'); // (after the alert: the page answers nothing while one is open)
  // Back at the origin with a reload; Keycloak's own session was not ended here (only this token was refused),
  // so the reload's silent check-SSO signs the user in again and `/` leads home. Storage is read once the reload
  // is done (reading it during the navigation has no page to read from).
  await page.waitForURL(`${APP}/dashboard/adminManageOrders`);
  await page.getByTestId('user-menu').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('e2e-marker'))).toBe(null);
});

test('401 rule again right after its reload: the Keycloak session is ended too, so the reload cannot loop', async ({
  signedInAs,
}) => {
  const page = await signedInAs(DEMO[1]);
  const broken = (route: import('@playwright/test').Route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer eyBROKEN.token.x' } });
  // first 401: the rule's reload, and the silent check-SSO signs the same Keycloak session in again
  await page.route('**/api/users', broken);
  const first = page.waitForEvent('dialog');
  await page.getByTestId('nav-accounts').click();
  await (await first).accept();
  await page.unroute('**/api/users');
  await page.waitForURL(`${APP}/dashboard/adminManageOrders`);
  await page.getByTestId('user-menu').waitFor();
  // the services refuse that session too (a second 401 within the rule's window): no second reload into the same
  // session, but a sign-out that ends it at Keycloak, so the user lands on the sign-in page
  await page.route('**/api/users', broken);
  const second = page.waitForEvent('dialog');
  await page.getByTestId('nav-accounts').click();
  const d = await second;
  expect(d.message()).toBe(Messages.tokenInvalid);
  await d.accept();
  await page.unroute('**/api/users');
  await expect(page.locator('#kc-login')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/auth\/realms\/[^/]+\//);
});

for (const [role, expected] of [
  [1, /\/dashboard\/adminManageOrders\?id=abc123/],
  [2, /\/dashboard\/manageSchedule\?id=abc123/],
  [3, /\/dashboard\/orders\?id=abc123/],
] as const) {
  test(`/order/{id} redirects role ${role} by role`, async ({ signedInAs }) => {
    const page = await signedInAs(role);
    await page.goto(`${APP}/order/abc123`);
    await page.waitForURL(expected);
  });
}
