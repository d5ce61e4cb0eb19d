// Public routes work signed out; the 401 rule; /order/{id} redirects by role.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { Messages } from '@portal/contracts';
import { launch, newPage, signIn, shot, APP, DEMO } from './harness.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

test('a public route (delivery schedule search) works signed out', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${APP}/dashboard/schedulesearch`);
    await page.waitForTimeout(1500);
    assert.match(new URL(page.url()).pathname, /\/dashboard\/schedulesearch$/);
    await page.getByRole('heading', { name: 'Delivery Schedule' }).waitFor();
    assert.equal(await page.getByTestId('login-email').count(), 0);
    await shot(page, 'public-schedulesearch-signed-out');
  } finally {
    await context.close();
  }
});

test('a dashboard route signed out goes to the login screen', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${APP}/dashboard/accounts`);
    await page.waitForURL(/\/login/);
    await page.getByTestId('login-email').waitFor();
  } finally {
    await context.close();
  }
});

test('wrong password shows the spec message and stays on login', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${APP}/login`);
    await page.getByTestId('login-email').fill(DEMO[1]);
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await page.getByText(Messages.loginFailed).waitFor();
    assert.match(page.url(), /\/login/);
  } finally {
    await context.close();
  }
});

test('401 rule: a call answered 401 mid-session clears storage, alerts and returns to the origin', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[1]);
    await page.evaluate(() => localStorage.setItem('e2e-marker', 'present'));
    // The next users call carries a token the service no longer accepts (as after a revoked session); the tokens
    // live in memory, so the request itself is altered. The 401 is the real service's answer.
    await page.route('**/api/users', (route) =>
      route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer eyBROKEN.token.x' } }),
    );
    const dialog = page.waitForEvent('dialog');
    await page.getByTestId('nav-accounts').click(); // a client-side navigation, not a page load
    const d = await dialog;
    assert.equal(d.message(), Messages.tokenInvalid);
    await d.accept();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/login');
    await page.getByTestId('login-email').waitFor();
    assert.equal(await page.evaluate(() => localStorage.length + sessionStorage.length), 0);
  } finally {
    await context.close();
  }
});

for (const [role, expected] of [
  [1, /\/dashboard\/adminManageOrders\?id=abc123/],
  [2, /\/dashboard\/manageSchedule\?id=abc123/],
  [3, /\/dashboard\/orders\?id=abc123/],
] as const) {
  test(`/order/{id} redirects role ${role} by role`, async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, DEMO[role]);
      await page.goto(`${APP}/order/abc123`);
      await page.waitForURL(expected);
    } finally {
      await context.close();
    }
  });
}
