import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { AuthMessages, Messages } from '@portal/contracts';
import { fillSignInPage } from '@portal/ui/testing/portal';
import { portalSuite } from './portal.js';
import { AUTH_FAKE, fakeAuthApi } from './fakes/auth.js';
import { joinMessages } from '../src/pages/auth/validate.js';

// Sign-up, verify, forgot/reset, change email/password and delete account (spec accounts §2, §4, §5, §8) against
// the bundles in shell/dist and mfe-*/dist (built by the suite's `before` when missing) and a fake /api.
const s = portalSuite(fakeAuthApi);
const open = (width: number, route: string) => s.open(route, { width });
const shot = (page: Page, name: string) => s.shot(page, `auth-${name}`);
const posted = (p: string) => s.posts(p);
const { calls, alertText } = s;
const searches = () => calls.filter((c) => c.startsWith('GET /api/license/licensenumbers'));

test('accounts §2 /signMeUp?email= without a token (an older invite mail): a clear message and a new link on request', async () => {
  const page = await open(390, '/signMeUp?email=Invited@Example.test');
  await page.getByTestId('oldinvite-message').getByText(AuthMessages.inviteLinkOld).waitFor();
  assert.equal(await page.getByTestId('oldinvite-email').innerText(), 'invited@example.test');
  assert.equal(page.url().includes('/signup'), false, 'no sign-up that would fail after the passwords');
  await shot(page, 'old-invite-link-390');
  await page.getByTestId('oldinvite-send').click();
  await page.getByTestId('oldinvite-notice').getByText(AuthMessages.inviteLinkSent).waitFor();
  assert.match(posted('/api/auth/inviteLink').at(-1)!, /"email":"invited@example.test"/);
  assert.equal(await page.getByTestId('oldinvite-send').isDisabled(), true, 'sent once');
  await shot(page, 'old-invite-link-sent-390');
  await page.close();
});

test('sign up at 1280 px: picker debounce and 100-option cap, disabled until complete, joined errors, verify → sign-in with the email filled in → profile', async () => {
  // the Sign Up link itself is on Keycloak's sign-in page (the login theme's own suite)
  const page = await open(1280, '/signup');
  const submit = page.getByTestId('signup-submit');
  await page.getByTestId('signup-steps').waitFor(); // the screen is a lazy chunk: wait for it to render
  assert.equal(await page.getByTestId('signup-steps').getByText('License Number').count(), 1);
  assert.equal(await page.getByTestId('signup-steps-0').getAttribute('aria-current'), 'step');
  assert.equal(await page.getByTestId('signup-terms-link').getAttribute('href'), AUTH_FAKE.tosLink);
  assert.equal(await submit.isDisabled(), true);

  // Typing fast sends one search, 800 ms after the last key; the list is capped at 100 of the 150 matches.
  const before = searches().length;
  await page.getByTestId('signup-licence').pressSequentially('C10-', { delay: 60 });
  await page.waitForTimeout(400);
  assert.equal(searches().length, before, 'no search inside the debounce window');
  await page.getByTestId('signup-licence-option').first().waitFor();
  await page.waitForTimeout(900);
  assert.deepEqual(
    searches()
      .slice(before)
      .map((c) => c.split(' ')[1]),
    ['/api/license/licensenumbers?search=C10-&limit=100'],
  );
  assert.equal(await page.getByTestId('signup-licence-option').count(), 100);
  assert.match(
    await page.getByTestId('signup-licence-option').nth(2).innerText(),
    /C10-0000002[\s\S]*Green Shop 2 LLC[\s\S]*Camden/,
  );
  await shot(page, 'signup-picker-1280');

  // Licence typed but not chosen, bad email: enabled once complete, then the messages joined in one red alert.
  await page.keyboard.press('Escape');
  await page.getByTestId('signup-email').fill('not-an-email');
  await page.getByTestId('signup-password').fill('Secret123');
  await page.getByTestId('signup-confirm').fill('Secret124');
  await page.getByTestId('signup-terms').check();
  assert.equal(await submit.isDisabled(), true, 'passwords differ');
  await page.getByText(Messages.passwordsDoNotMatch).waitFor();
  await page.getByTestId('signup-confirm').fill('Secret123');
  assert.equal(await submit.isDisabled(), false);
  await page.getByTestId('signup-terms').uncheck();
  assert.equal(await submit.isDisabled(), true, 'terms unticked');
  await page.getByTestId('signup-terms').check();
  await submit.click();
  assert.equal(
    await alertText(page, 'signup-error'),
    joinMessages([Messages.invalidLicence, Messages.invalidEmail]),
  );
  await page.getByTestId('signup-email').fill(`${'x'.repeat(56)}@a.co`);
  await submit.click();
  assert.equal(
    await alertText(page, 'signup-error'),
    joinMessages([Messages.invalidLicence, Messages.emailTooLong]),
  );
  await shot(page, 'signup-errors-1280');
  await page.getByTestId('signup-error').getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.getByTestId('signup-error').count(), 0);

  // Keyboard choice of a licence; a server message is shown as it comes.
  await page.getByTestId('signup-licence').fill('C10-000000');
  // The earlier answer, filtered, shows at once; wait for the new search's answer to render before choosing, or
  // the list re-renders between ArrowDown and Enter and nothing is chosen (CI failed so).
  const answered = page.waitForResponse((r) => r.url().includes('search=C10-000000'));
  await answered;
  await page.getByTestId('signup-licence-option').first().waitFor();
  await page.waitForTimeout(100);
  assert.equal(
    await page.getByTestId('signup-licence-option').count(),
    10,
    'only the new search answer is listed',
  );
  await chooseByKeyboard(page, 'C10-0000001');
  assert.equal(await page.getByTestId('signup-licence').inputValue(), 'C10-0000001 — Green Shop 1 LLC');
  await page.getByTestId('signup-email').fill(AUTH_FAKE.takenEmail);
  await submit.click();
  assert.equal(await alertText(page, 'signup-error'), Messages.emailExists);
  await page.getByTestId('signup-email').fill('New.Person@Example.test');
  await submit.click();
  await page.waitForURL('**/verify');
  assert.match(
    posted('/api/auth/signUp').at(-1)!,
    /"email":"new.person@example.test".*"License #":"C10-0000001".*"method":"license"/,
  );

  assert.equal(await page.getByTestId('verify-email').inputValue(), 'new.person@example.test');
  await page.getByTestId('verify-notice').getByText('A verification code has been sent').waitFor();
  assert.equal(await page.getByTestId('verify-steps-1').getAttribute('aria-current'), 'step');
  await page.getByTestId('verify-pin').fill('000000');
  await page.getByTestId('verify-submit').click();
  assert.equal(await alertText(page, 'verify-error'), 'Invalid verification code');
  await page.getByTestId('verify-resend').click();
  await page
    .getByTestId('verify-notice')
    .getByText('A new code has been sent to new.person@example.test')
    .waitFor();
  await shot(page, 'verify-1280');
  await page.getByTestId('verify-pin').fill(AUTH_FAKE.pin);
  await page.getByTestId('verify-pin').press('Enter');
  // verified: Keycloak's sign-in page with the address filled in (login_hint), then the profile
  await page.locator('#username').waitFor();
  assert.equal(await page.locator('#username').inputValue(), 'new.person@example.test');
  assert.equal(new URL(page.url()).searchParams.get('login_hint'), 'new.person@example.test');
  await fillSignInPage(page, 'new.person@example.test');
  await page.waitForURL('**/dashboard/profile');
  await page.getByTestId('header-user').getByText('New Person').waitFor();
  await page.close();
});

test('invite link at 700 px: /signMeUp → sign-up with the email locked and no licence picker', async () => {
  const page = await open(700, '/signMeUp?email=Invited@Example.test&token=tok-1');
  await page.waitForURL('**/signup');
  const email = page.getByTestId('signup-email');
  assert.equal(await email.inputValue(), 'invited@example.test');
  assert.equal(await email.getAttribute('readonly'), '');
  assert.equal(await page.getByTestId('signup-licence').count(), 0);
  // The invited user never picks a licence: their steps start with the password.
  const inviteSteps = ['Create Password', 'Verify Email', 'Create Profile'];
  const stepTexts = (id: string) =>
    Promise.all(
      [0, 1, 2].map(async (i) =>
        (await page.getByTestId(`${id}-${i}`).innerText())
          .replace(/\(done\)/, '')
          .trim()
          .split('\n')
          .at(-1),
      ),
    );
  assert.deepEqual(await stepTexts('signup-steps'), inviteSteps);
  await page.getByTestId('signup-password').fill('Secret123');
  await page.getByTestId('signup-confirm').fill('Secret123');
  assert.equal(await page.getByTestId('signup-submit').isDisabled(), true, 'terms not ticked yet');
  await page.getByTestId('signup-terms').check();
  await shot(page, 'signup-invite-700');
  await page.getByTestId('signup-submit').click();
  await page.waitForURL('**/verify');
  assert.match(posted('/api/auth/signUp').at(-1)!, /"email":"invited@example.test".*"method":"invite"/);
  assert.match(posted('/api/auth/signUp').at(-1)!, /"inviteToken":"tok-1"/);
  await page.getByTestId('verify-pin').waitFor();
  assert.deepEqual(await stepTexts('verify-steps'), inviteSteps);
  await shot(page, 'verify-700');
  // Verified: the invitee signs in on Keycloak's page (the address filled in) with the password just chosen.
  await page.getByTestId('verify-pin').fill(AUTH_FAKE.pin);
  await page.getByTestId('verify-submit').click();
  await page.locator('#username').waitFor();
  assert.equal(await page.locator('#username').inputValue(), 'invited@example.test');
  await fillSignInPage(page, 'invited@example.test', 'Secret123');
  await page.waitForURL('**/dashboard/profile');
  assert.equal(posted('/api/auth/login').length, 0, 'the retired password route is never called');
  await page.close();
});

test('forgot password at 700 px: an unknown email reads like a known one, code and new password rules, back to sign in with the email', async () => {
  // the Forgot Password link itself is on Keycloak's sign-in page (the login theme's own suite)
  const page = await open(700, '/forgotPassword');
  await page.getByTestId('forgot-email').fill('nobody@example.test');
  await page.getByTestId('forgot-submit').click();
  await page.waitForURL('**/forgotPasswordSubmit');
  assert.equal(await alertText(page, 'reset-notice'), Messages.forgotSent);
  assert.equal(await page.getByTestId('forgot-error').count(), 0);
  await page.goBack();
  await page.waitForURL('**/forgotPassword');
  await shot(page, 'forgot-700');
  await page.getByTestId('forgot-email').fill('user@demo.portal');
  await page.getByTestId('forgot-email').press('Enter');
  await page.waitForURL('**/forgotPasswordSubmit');
  assert.equal(await alertText(page, 'reset-notice'), Messages.forgotSent);
  assert.equal(await page.getByTestId('reset-email').inputValue(), 'user@demo.portal');
  assert.equal(await page.getByTestId('reset-code').getAttribute('maxlength'), '10');
  await page.getByTestId('reset-submit').click();
  await page.getByText(Messages.passwordRequired).first().waitFor();
  await page.getByTestId('reset-code').fill('999');
  await page.getByTestId('reset-password').fill('alllowercase');
  await page.getByTestId('reset-confirm').fill('different');
  await page.getByTestId('reset-submit').click();
  await page.getByText(Messages.passwordPolicy).waitFor();
  await page.getByText(Messages.passwordsDoNotMatch).waitFor();
  await shot(page, 'reset-700');
  await page.getByTestId('reset-password').fill('NewPass123');
  await page.getByTestId('reset-confirm').fill('NewPass123');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-error').getByText('Invalid code').waitFor();
  await page.getByTestId('reset-code').fill(AUTH_FAKE.resetCode);
  await page.getByTestId('reset-submit').click();
  // on to Keycloak's sign-in page with the address filled in (the new password is typed there, never handed over)
  await page.locator('#username').waitFor();
  assert.equal(await page.locator('#username').inputValue(), 'user@demo.portal');
  assert.equal(await page.locator('#password').inputValue(), '');
  assert.match(posted('/api/auth/forgotPasswordSubmit').at(-1)!, /"code":"654321","password":"NewPass123"/);
  await page.close();
});

test('no uncaught errors or console errors in the pages', () => {
  assert.deepEqual([...s.pageErrors, ...s.consoleErrors], []);
});

/**
 * Chooses a licence with the arrow keys and Enter as a user does, reading the highlight between keys: a re-render
 * under load (a late answer, the menu reopening at its default highlight) can move or drop the highlight between two
 * key presses, so each press is followed by a look at which option is highlighted (aria-selected) before the next.
 */
async function chooseByKeyboard(page: Page, licence: string): Promise<void> {
  const input = page.getByTestId('signup-licence');
  const options = page.getByTestId('signup-licence-option');
  const highlightedAt = async () => {
    const n = await options.count();
    for (let i = 0; i < n; i++) if ((await options.nth(i).getAttribute('aria-selected')) === 'true') return i;
    return -1;
  };
  for (let tries = 0; tries < 8; tries++) {
    const want = (await options.allInnerTexts()).findIndex((t) => t.startsWith(licence));
    const at = await highlightedAt();
    if (want >= 0 && at === want) {
      await input.press('Enter');
      if ((await input.inputValue()).startsWith(licence)) return;
      continue;
    }
    await input.press(at > want ? 'ArrowUp' : 'ArrowDown');
    await page.waitForTimeout(50);
  }
  throw new Error(`could not choose ${licence} with the keyboard`);
}
