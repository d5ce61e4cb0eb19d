// Public routes work signed out; the 401 rule; /order/{id} redirects by role.
import { Messages } from '@portal/contracts';
import { test, expect, APP, DEMO } from '../fixtures/index.ts';

test('a public route (delivery schedule search) works signed out', async ({ newPage, shot }) => {
  const page = await newPage();
  await page.goto(`${APP}/dashboard/schedulesearch`);
  await page.waitForTimeout(1500);
  expect(new URL(page.url()).pathname).toMatch(/\/dashboard\/schedulesearch$/);
  await page.getByRole('heading', { name: 'Delivery Schedule' }).waitFor();
  await page.getByTestId('ss-query').waitFor(); // the search box, Monday–Friday checked
  await expect(page.getByTestId('ss-day-mon')).toBeChecked();
  expect(await page.getByTestId('login-email').count()).toBe(0);
  await shot(page, 'public-schedulesearch-signed-out');
});

test('a dashboard route signed out goes to the login screen', async ({ newPage }) => {
  const page = await newPage();
  await page.goto(`${APP}/dashboard/accounts`);
  await page.waitForURL(/\/login/);
  await page.getByTestId('login-email').waitFor();
});

test('wrong password shows the spec message and stays on login', async ({ newPage }) => {
  const page = await newPage();
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-email').fill(DEMO[1]);
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await page.getByText(Messages.loginFailed).waitFor();
  expect(page.url()).toMatch(/\/login/);
});

test('401 rule: a call answered 401 mid-session clears storage, alerts and returns to the origin', async ({
  signedInAs,
}) => {
  const page = await signedInAs(DEMO[1]);
  await page.evaluate(() => localStorage.setItem('e2e-marker', 'present'));
  // The next users call carries a token the service no longer accepts (as after a revoked session); the tokens
  // live in memory, so the request itself is altered. The 401 is the real service's answer.
  await page.route('**/api/users', (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer eyBROKEN.token.x' } }),
  );
  const dialog = page.waitForEvent('dialog');
  await page.getByTestId('nav-accounts').click(); // a client-side navigation, not a page load
  const d = await dialog;
  expect(d.message()).toBe(Messages.tokenInvalid);
  await d.accept();
  await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/login');
  await page.getByTestId('login-email').waitFor();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
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
