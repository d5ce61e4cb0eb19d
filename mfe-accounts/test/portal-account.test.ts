// Split from portal-auth.test.ts (one file per screen family, each under 250 lines): the validation rules and the
// signed-in account screens. Each file is its own browser suite with its own fake state (test/portal.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { AuthMessages, Messages } from '@portal/contracts';
import { fillSignInPage } from '@portal/ui/testing/portal';
import { portalSuite } from './portal.js';
import { AUTH_FAKE, fakeAuthApi } from './fakes/auth.js';
import {
  canSignUp,
  changePasswordErrors,
  joinMessages,
  resetErrors,
  signUpErrors,
} from '../src/pages/auth/validate.js';

// Sign-up, verify, forgot/reset, change email/password and delete account (spec accounts §2, §4, §5, §8) against
// the bundles in shell/dist and mfe-*/dist (built by the suite's `before` when missing) and a fake /api.
const s = portalSuite(fakeAuthApi);
const open = (width: number, route: string) => s.open(route, { width });
const shot = (page: Page, name: string) => s.shot(page, `auth-${name}`);
const posted = (p: string) => s.posts(p);
const { alertText } = s;

test('validation rules: Sign Up enabling conditions and the joined messages, reset and change password', () => {
  const ok = {
    licenceText: 'C10',
    licenceChosen: true,
    fromLink: false,
    email: 'a@b.co',
    password: 'x',
    confirm: 'x',
    terms: true,
  };
  assert.equal(canSignUp(ok), true);
  for (const broken of [
    { terms: false },
    { email: ' ' },
    { password: '' },
    { confirm: '' },
    { licenceText: '' },
    { confirm: 'y' },
  ]) {
    assert.equal(canSignUp({ ...ok, ...broken }), false, JSON.stringify(broken));
  }
  assert.equal(canSignUp({ ...ok, licenceText: '', fromLink: true }), true, 'an invite replaces the licence');
  const all = signUpErrors({
    ...ok,
    licenceText: '',
    licenceChosen: false,
    email: `${'x'.repeat(61)}`,
    password: '',
  });
  assert.deepEqual(all, [
    Messages.licenceRequired,
    Messages.invalidEmail,
    Messages.emailTooLong,
    Messages.passwordRequired,
  ]);
  assert.equal(
    joinMessages(all),
    'License Number is required. The input is not a valid E-mail. Email is limited to 60 characters. Please input your password!',
  );
  assert.deepEqual(signUpErrors({ ...ok, licenceChosen: false }), [Messages.invalidLicence]);
  assert.deepEqual(signUpErrors({ ...ok, licenceText: '', fromLink: true }), []);
  assert.deepEqual(resetErrors({ code: '12345678901', password: 'abcdefg', confirm: 'x' }), {
    code: Messages.fieldTooLong('Code', 10),
    password: Messages.passwordPolicy,
    confirm: Messages.passwordsDoNotMatch,
  });
  assert.deepEqual(resetErrors({ code: '1', password: 'Abc123', confirm: 'Abc123' }), {});
  assert.equal(
    changePasswordErrors({ current: 'a', password: 'Short1', confirm: 'Short1' }).password,
    Messages.passwordMin,
  );
  assert.equal(
    changePasswordErrors({ current: 'a', password: 'x'.repeat(61), confirm: 'x' }).password,
    AuthMessages.passwordTooLong,
  );
  assert.deepEqual(changePasswordErrors({ current: 'a', password: 'Longer123', confirm: 'Longer124' }), {
    confirm: Messages.passwordsDoNotMatch,
  });
});

async function signedIn(width: number): Promise<Page> {
  const page = await open(width, '/login?redirect=%2Fdashboard%2Fprofile');
  await fillSignInPage(page, 'admin@demo.portal');
  await page.waitForURL('**/dashboard/profile');
  return page;
}

test('change password at 1280 px: minimum, mismatch, wrong current password, success', async () => {
  const page = await signedIn(1280);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-change-password').click();
  await page.waitForURL('**/dashboard/changePassword');
  await page.getByTestId('changepw-current').fill('wrong');
  await page.getByTestId('changepw-new').fill('Short1');
  await page.getByTestId('changepw-confirm').fill('Short2');
  await page.getByTestId('changepw-submit').click();
  await page.getByText(Messages.passwordMin.trim()).waitFor();
  await page.getByTestId('changepw-new').fill('Longer123');
  await page.getByTestId('changepw-submit').click();
  await page.getByText(Messages.passwordsDoNotMatch).waitFor();
  await page.getByTestId('changepw-confirm').fill('Longer123');
  await page.getByTestId('changepw-submit').click();
  assert.equal(await alertText(page, 'changepw-error'), Messages.currentPasswordIncorrect);
  await shot(page, 'changepw-1280');
  await page.getByTestId('changepw-current').fill('Portal!2345');
  await page.getByTestId('changepw-submit').click();
  assert.equal(await alertText(page, 'changepw-notice'), Messages.passwordUpdated);
  assert.match(
    posted('/api/auth/changepassword').at(-1)!,
    /"user":"admin@demo.portal","oldPassword":"Portal!2345","newPassword":"Longer123"/,
  );
  assert.equal(await page.getByTestId('changepw-new').inputValue(), '');
  await page.close();
});

test('change email at 700 px: pin to the new address, code, then sign in again with the new email', async () => {
  const page = await signedIn(700);
  await page.goto(s.edge.url + '/dashboard/changeEmail');
  await page.getByTestId('changeemail-email').fill('admin@demo.portal');
  await page.getByTestId('changeemail-submit').click();
  await page.getByText(AuthMessages.sameEmail).waitFor();
  await page.getByTestId('changeemail-email').fill('Ada.New@Example.test');
  await page.getByTestId('changeemail-submit').click();
  await page
    .getByTestId('changeemail-notice')
    .getByText('A code has been sent to ada.new@example.test')
    .waitFor();
  await page.getByTestId('changeemail-pin').fill('000');
  await page.getByTestId('changeemail-submit').click();
  assert.equal(await alertText(page, 'changeemail-error'), 'Invalid verification code');
  await shot(page, 'changeemail-700');
  await page.getByTestId('changeemail-pin').fill(AUTH_FAKE.emailPin);
  await page.getByTestId('changeemail-submit').click();
  // signed out (the services first, then Keycloak), and the sign-in page has the new address filled in
  await page.locator('#username').waitFor();
  assert.equal(await page.locator('#username').inputValue(), 'ada.new@example.test');
  assert.equal(posted('/api/auth/logout').length > 0, true);
  assert.match(posted('/api/auth/updateMyEmail').at(-1)!, /"email":"ada.new@example.test","pin":"111111"/);
  await page.close();
});

test('delete account at 1280 px: confirm, the failure message, then deleted and signed out', async () => {
  const page = await signedIn(1280);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-delete-account').click();
  const del = page.getByTestId('delete-submit');
  assert.equal(await del.isDisabled(), true);
  await page.getByTestId('delete-understood').check();
  await del.click();
  await page.getByTestId('delete-confirm').click();
  assert.equal(await alertText(page, 'delete-error'), 'Error deleting user: user is protected!');
  await shot(page, 'delete-1280');
  await del.click();
  await page.getByTestId('delete-dialog').waitFor();
  await shot(page, 'delete-dialog-1280');
  await page.getByTestId('delete-confirm').click();
  // deleted, then signed out (the services first, then Keycloak): the sign-in page
  await page.locator('#username').waitFor();
  assert.ok(posted('/api/auth/logout').length > 0);
  assert.match(posted('/api/users/delete').at(-1)!, /\{"user":\{"email":"admin@demo.portal"\}\}/);
  await page.close();
});

test('no uncaught errors or console errors in the pages', () => {
  assert.deepEqual([...s.pageErrors, ...s.consoleErrors], []);
});
