// Forgot password through the real UI: the code from the mailbox, a new password, then sign in with it (a user this
// test signs up, never a demo user).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { AuthMessages, Messages } from '@portal/contracts';
import {
  newPage,
  signIn,
  shot,
  waitForMail,
  pinFromMail,
  uniqueEmail,
  createLicence,
  signUpByApi,
  APP,
  PASSWORD,
  accountsSuite,
} from './harness.ts';

let browser: Browser;
let admin: string;
const { created, licences } = accountsSuite((b, a) => {
  browser = b;
  admin = a;
});

const login = (email: string, password: string) =>
  fetch(`${APP}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }).then((r) => r.status);

test('forgot password: unknown email refused; code from the mail resets the password; sign in with the new one', async () => {
  const { lic, id } = await createLicence(admin, 'forgot');
  licences.push(id);
  const email = uniqueEmail('forgot');
  await signUpByApi(email, lic);
  created.push(email);
  const newPassword = `New${Date.now() % 100000}pw!x`;

  const { context, page } = await newPage(browser);
  try {
    await page.goto(`${APP}/login`);
    await page.getByTestId('login-forgot').click();
    await page.waitForURL(/\/forgotPassword$/);
    // An address nobody has: the spec's message, no code.
    await page.getByTestId('forgot-email').fill(uniqueEmail('nobody'));
    await page.getByTestId('forgot-submit').click();
    assert.equal(
      await page.getByTestId('forgot-error').locator('.pu-alert-body').textContent(),
      Messages.forgotUnknownUser,
    );

    const since = Date.now();
    await page.getByTestId('forgot-email').fill(email.toUpperCase());
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL(/\/forgotPasswordSubmit/);
    assert.equal(
      await page.getByTestId('reset-notice').locator('.pu-alert-body').textContent(),
      Messages.forgotSent,
    );
    assert.equal(await page.getByTestId('reset-email').inputValue(), email);
    const mail = await waitForMail(
      (m) => m.subject === 'Reset your password' && m.to.some((t) => t.includes(email)),
      since,
    );
    const code = pinFromMail(mail);

    // A wrong code first: refused, the password is unchanged.
    await page.getByTestId('reset-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-confirm').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    assert.equal(
      await page.getByTestId('reset-error').locator('.pu-alert-body').textContent(),
      AuthMessages.invalidPin,
    );
    assert.equal(await login(email, PASSWORD), 200);

    await page.getByTestId('reset-code').fill(code);
    await shot(page, 'accounts-reset-form');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL(/\/login/);
    await page.getByTestId('toast').filter({ hasText: Messages.passwordUpdated }).waitFor();
    await shot(page, 'accounts-reset-done');
  } finally {
    await context.close();
  }

  // The old password no longer works, the new one signs in through the login screen.
  assert.equal(await login(email, PASSWORD), 400);
  const { context: c2, page: p2 } = await newPage(browser);
  try {
    await signIn(p2, email, newPassword);
    assert.match(await p2.getByTestId('header-user').innerText(), /e2e-forgot/);
    await shot(p2, 'accounts-reset-signed-in');
  } finally {
    await c2.close();
  }
});
