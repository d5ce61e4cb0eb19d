// Forgot password through the real UI: the code from the mailbox, a new password, then sign in with it (a user this
// test signs up, never a demo user).
import { AuthMessages, Messages } from '@portal/contracts';
import { test, expect, codeIn, uniqueEmail, canGetToken, signIn, APP, PASSWORD } from '@portal/e2e/fixtures';

/** Whether Keycloak gives a token for these credentials (the tests' token helper). */
const works = (email: string, password: string) => canGetToken(email, password);

test('forgot password: an unknown email reads like a known one; code from the mail resets the password; sign in with the new one', async ({
  newPage,
  mailbox,
  testData,
  shot,
}) => {
  const email = await testData.signedUpUser(uniqueEmail('forgot'), await testData.licence('forgot'));
  const newPassword = `New${Date.now() % 100000}pw!x`;

  const page = await newPage();
  // from Keycloak's sign-in page (the portal's theme) into the portal's own forgot-password flow
  await page.goto(`${APP}/login`);
  await page.locator('#username').waitFor();
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await page.waitForURL(/\/forgotPassword$/);
  // An address nobody has gets the same answer as a real one (which emails have accounts is not told).
  const nobody = uniqueEmail('nobody');
  await page.getByTestId('forgot-email').fill(nobody);
  await page.getByTestId('forgot-submit').click();
  await page.waitForURL(/\/forgotPasswordSubmit/);
  expect(await page.getByTestId('reset-notice').locator('.pu-alert-body').textContent()).toBe(
    Messages.forgotSent,
  );
  expect(await page.getByTestId('forgot-error').count()).toBe(0);
  await page.goto(`${APP}/forgotPassword`);

  const since = Date.now();
  await page.getByTestId('forgot-email').fill(email.toUpperCase());
  await page.getByTestId('forgot-submit').click();
  await page.waitForURL(/\/forgotPasswordSubmit/);
  expect(await page.getByTestId('reset-notice').locator('.pu-alert-body').textContent()).toBe(
    Messages.forgotSent,
  );
  expect(await page.getByTestId('reset-email').inputValue()).toBe(email);
  const code = codeIn(await mailbox.waitForMailTo(email, 'Reset your password', { since }));

  // A wrong code first: refused, the password is unchanged.
  await page.getByTestId('reset-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('reset-password').fill(newPassword);
  await page.getByTestId('reset-confirm').fill(newPassword);
  await page.getByTestId('reset-submit').click();
  expect(await page.getByTestId('reset-error').locator('.pu-alert-body').textContent()).toBe(
    AuthMessages.invalidPin,
  );
  expect(await works(email, PASSWORD)).toBe(true);

  await page.getByTestId('reset-code').fill(code);
  await shot(page, 'accounts-reset-form');
  await page.getByTestId('reset-submit').click();
  // on to Keycloak's sign-in page with the address filled in (the new password is typed there)
  await expect(page.locator('#username')).toHaveValue(email);
  await shot(page, 'accounts-reset-done');

  // The old password no longer works, the new one signs in through Keycloak's page.
  expect(await works(email, PASSWORD)).toBe(false);
  const p2 = await newPage();
  await signIn(p2, email, newPassword);
  expect(await p2.getByTestId('header-user').innerText()).toMatch(/e2e-forgot/);
  await shot(p2, 'accounts-reset-signed-in');
});
