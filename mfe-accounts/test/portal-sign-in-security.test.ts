// Profile → "Sign-in security": staff see their second factors and the buttons that start Keycloak's set-up pages;
// a key is removed behind a confirmation and the last factor is kept with accounts' message; company roles do not
// see the section; a browser without WebAuthn is told it cannot register a key. Screenshots at 1366 and 390 px
// (test/artifacts/sign-in-security-*.png). Setup: test/portal.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { portalSuite } from './portal.js';
import { LAST_FACTOR, profileApi } from './fakes/profile.js';

const s = portalSuite(profileApi);
const { pageErrors, consoleErrors, shot, calls, profileAs: as } = s;

test('staff: the app and keys listed; Remove asks first, removes one, keeps the last factor', async () => {
  const page = await as('admin', '/dashboard/profile', 1366);
  const section = page.getByTestId('profile-section-security');
  await section.waitFor();
  assert.equal(await page.getByTestId('security-app-status').textContent(), 'Not set up');
  assert.equal(await page.getByTestId('security-key-count').textContent(), '2 registered');
  assert.deepEqual(await page.getByTestId('security-key').allTextContents(), [
    'Desk keyadded 11/2/2026Remove',
    'Travel keyadded 11/20/2026Remove',
  ]);
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'sign-in-security-1366');

  await page.getByTestId('security-key-remove').first().click();
  await page
    .getByTestId('security-confirm')
    .getByText('You will no longer be able to sign in with it.')
    .waitFor();
  await page.getByTestId('security-confirm-no').click();
  assert.ok(!calls.some((c) => c.startsWith('DELETE')), 'Cancel removes nothing');
  await page.getByTestId('security-key-remove').first().click();
  await page.getByTestId('security-confirm-yes').click();
  await page.getByTestId('toast').getByText('The security key was removed.').waitFor();
  await page.getByTestId('security-key-count').getByText('1 registered').waitFor();
  assert.ok(calls.some((c) => c.startsWith('DELETE /api/users/me/second-factors/keys/k-desk')));

  await page.getByTestId('security-key-remove').click();
  await page.getByTestId('security-confirm-yes').click();
  await page.getByTestId('toast').getByText(LAST_FACTOR).waitFor();
  assert.equal(await page.getByTestId('security-key').count(), 1);
});

test('390 px: the rows stack; a browser without WebAuthn is told it cannot register a key', async () => {
  const page = await as('superadmin', '/dashboard/profile', 390);
  const section = page.getByTestId('profile-section-security');
  await section.waitFor();
  await page.getByTestId('security-add-key').waitFor();
  await section.scrollIntoViewIfNeeded();
  await shot(page, 'sign-in-security-390');
  // no WebAuthn in this browser: the next render offers no key registration, only the sentence
  await page.evaluate(() => delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential);
  await page.getByTestId('security-key-remove').first().click();
  await page.getByTestId('security-confirm-yes').click();
  await page
    .getByTestId('security-key-unsupported')
    .getByText('This browser cannot register a security key.')
    .waitFor();
  assert.equal(await page.getByTestId('security-add-key').count(), 0);
  await shot(page, 'sign-in-security-no-webauthn-390');
});

test('company roles and drivers: no Sign-in security section, no call for it', async () => {
  for (const who of ['accountadmin', 'driver']) {
    const page = await as(who, '/dashboard/profile', 1366);
    await page.getByTestId('profile-form').waitFor();
    assert.equal(await page.getByTestId('profile-section-security').count(), 0, who);
  }
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});
