// Sign-up by licence number through the real UI: pin from the mailbox, profile rules, the application notice to the
// config's signupEmails, then an admin verifies the account on Edit Account → exactly one "Account Verified" mail.
import { AuthMessages, Messages } from '@portal/contracts';
import {
  test,
  expect,
  codeIn,
  uniqueEmail,
  fieldError,
  canGetToken,
  fillKeycloakLogin,
  APP,
  DEMO,
  PASSWORD,
  type Page,
} from '@portal/e2e/fixtures';

/** Fills the sign-up form: licence picked from the picker's list (800 ms debounce), email, password twice, terms. */
async function fillSignUp(page: Page, licence: string, email: string): Promise<void> {
  await page.goto(`${APP}/signup`);
  await page.getByTestId('signup-licence').fill(licence);
  await page.getByTestId('signup-licence-option').filter({ hasText: licence }).first().click();
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(PASSWORD);
  await page.getByTestId('signup-confirm').fill(PASSWORD);
  await page.getByTestId('signup-terms').check();
}

test('sign-up on a new licence: pin, profile rules, application notice, admin verifies → one "Account Verified"', async ({
  newPage,
  signedInAs,
  api,
  mailbox,
  testData,
  shot,
}) => {
  const admin = await api(DEMO[1]);
  const lic = await testData.licence('signup');
  // The licence really has no users yet.
  const holders = await admin.call('/api/users', { where: { search: lic } });
  expect(holders.status).toBe(200);
  expect(holders.json.data.users).toEqual([]);
  // signupEmails are internal addresses: only the superadmin's full config names them.
  const full = await (await api(DEMO[0])).call('/api/utils/config/all');
  const recipients = (full.json.data.signupEmails ?? []) as string[];
  expect(recipients.length > 0, 'config signupEmails must name at least one admin address').toBe(true);

  const email = uniqueEmail('signup');
  const page = await newPage();
  const since = Date.now();
  await fillSignUp(page, lic, email);
  await shot(page, 'accounts-signup-form');
  await page.getByTestId('signup-submit').click();
  testData.track(email);
  await page.waitForURL(/\/verify/);
  expect(await page.getByTestId('verify-email').inputValue()).toBe(email);
  const pin = codeIn(await mailbox.waitForMailTo(email, 'Verify your email', { since }));
  // A wrong pin first: refused in the red alert, still on /verify.
  await page.getByTestId('verify-pin').fill(pin === '000000' ? '111111' : '000000');
  await page.getByTestId('verify-submit').click();
  expect(await page.getByTestId('verify-error').locator('.pu-alert-body').textContent()).toBe(
    AuthMessages.invalidPin,
  );
  expect(page.url()).toMatch(/\/verify/);
  await page.getByTestId('verify-pin').fill(pin);
  await page.getByTestId('verify-submit').click();
  // Verified: sent to Keycloak's sign-in page with the address filled in (login_hint); signed in, the profile.
  await expect(page.locator('#username')).toHaveValue(email);
  await shot(page, 'accounts-signup-keycloak-prefilled');
  await fillKeycloakLogin(page, email);
  await page.waitForURL(/\/dashboard\/profile/);
  await page.getByTestId('profile-form').waitFor();
  expect(await page.getByTestId('profile-email').textContent()).toBe(email);
  // The licence's holder data came with the sign-up.
  expect(await page.getByTestId('profile-company').inputValue()).toBe('E2E signup Holdings LLC');

  // Bad phone and bad billing email: the field messages, word for word, and nothing is saved.
  await page.getByTestId('profile-name').fill('Erin Example');
  await page.getByTestId('profile-phone').fill('12-34');
  await page.getByTestId('profile-billing-name').fill('Bill Payer');
  await page.getByTestId('profile-billing-email').fill('billing-at-nowhere');
  await page.getByTestId('profile-billing-address').fill('2 Ledger Lane, Testville');
  await page.getByTestId('profile-save').click();
  await page.getByTestId('profile-error').getByText(Messages.fixErrors).waitFor();
  expect(await fieldError(page, 'profile-phone')).toBe(Messages.phoneInvalid);
  expect(await fieldError(page, 'profile-billing-email')).toBe(Messages.invalidEmail);
  await shot(page, 'accounts-signup-profile-errors');
  const mine = await api(email);
  const stored = (await mine.call('/api/users/me')).json.user;
  expect(stored.company.phone).toBe(undefined);
  expect(stored.company.billingContactEmail).toBe(undefined);
  expect(stored.hasSentEmail).toBe(false);
  expect(stored.verified).toBe(false);

  // Valid values: the under-review message, and the application notice to every signupEmails address, once.
  const saved = Date.now();
  await page.getByTestId('profile-phone').fill('(555) 123-4567');
  await page.getByTestId('profile-billing-email').fill('billing@test.portal');
  await page.getByTestId('profile-save').click();
  await page.getByText(Messages.underReview).first().waitFor();
  await shot(page, 'accounts-signup-under-review');
  const saved2 = (await mine.call('/api/users/me')).json.user;
  expect(saved2.company.phone, 'stored as E.164, shown national').toBe('+15551234567');
  expect(saved2.company.billingContactEmail).toBe('billing@test.portal');
  expect(saved2.hasSentEmail).toBe(true);
  for (const to of recipients) await mailbox.waitForMailTo(to, 'New account application', { since: saved });
  // A second save is a plain update: no second notice.
  await page.getByTestId('profile-name').fill('Erin Q Example');
  await page.getByTestId('profile-save').click();
  await page.getByText(Messages.profileUpdated).first().waitFor();
  await new Promise((r) => setTimeout(r, 3000));
  for (const to of recipients) {
    const notices = await mailbox.find({ to, subject: 'New account application', since }, (m) =>
      m.text.includes(email),
    );
    expect(notices.length, `one application notice to ${to}`).toBe(1);
    expect(notices[0]!.text).toMatch(new RegExp(lic));
    expect(
      notices[0]!.text.includes(`${APP}/validateUser?email=${encodeURIComponent(email)}`),
      notices[0]!.text,
    ).toBe(true);
  }
  await page.context().close();

  // An admin verifies the account on the Edit Account form's Verified field.
  const ap = await signedInAs(DEMO[1]);
  await ap.goto(`${APP}/dashboard/editAccount?email=${encodeURIComponent(email)}`);
  await ap.getByTestId('profile-form').waitFor();
  expect(await ap.getByTestId('profile-email').textContent()).toBe(email);
  expect(await ap.getByTestId('profile-verified').inputValue()).toBe('false');
  const verifiedSince = Date.now();
  await ap.getByTestId('profile-verified').selectOption('true');
  await ap.getByTestId('profile-save').click();
  await ap.getByText(Messages.profileUpdated).first().waitFor();
  await shot(ap, 'accounts-signup-admin-verified');
  const mail = await mailbox.waitForMailTo(email, 'Account Verified', { since: verifiedSince });
  expect(mail.text).toMatch(/verified/i);
  await new Promise((r) => setTimeout(r, 3000));
  expect(
    (await mailbox.summaries({ to: email, subject: 'Account Verified', since: verifiedSince - 60_000 }))
      .length,
    'exactly one "Account Verified"',
  ).toBe(1);
  expect((await admin.call(`/api/users/${encodeURIComponent(email)}`)).json.user.verified).toBe(true);
});

test('sign-up on a licence that already has users → "contact your admin", no account, no pin mail', async ({
  newPage,
  api,
  mailbox,
  shot,
}) => {
  const admin = await api(DEMO[1]);
  const lic = (await admin.call(`/api/users/${encodeURIComponent(DEMO[3])}`)).json.user.company[
    'License #'
  ] as string;
  const holders = await admin.call('/api/users', { where: { search: lic } });
  expect(holders.json.data.users.length > 0, `${lic} has users`).toBe(true);
  const email = uniqueEmail('taken');
  const page = await newPage();
  await fillSignUp(page, lic, email);
  await page.getByTestId('signup-submit').click();
  const alert = page.getByTestId('signup-error');
  await alert.waitFor();
  expect(await alert.locator('.pu-alert-body').textContent()).toBe(Messages.contactAdminToJoin);
  expect(page.url()).toMatch(/\/signup/);
  await shot(page, 'accounts-signup-taken-licence');
  expect((await admin.call(`/api/users/${encodeURIComponent(email)}`)).status).toBe(404);
  expect(await canGetToken(email, PASSWORD), 'no Keycloak user either').toBe(false);
  await new Promise((r) => setTimeout(r, 3000));
  const list = await mailbox.list();
  expect(
    list.filter((m) => m.to.some((t) => t.includes(email))),
    'no mail to the refused address',
  ).toEqual([]);
});
