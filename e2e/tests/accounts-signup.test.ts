// Sign-up by licence number through the real UI: pin from the mailbox, profile rules, the application notice to the
// config's signupEmails, then an admin verifies the account on Edit Account → exactly one "Account Verified" mail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { AuthMessages, Messages } from '@portal/contracts';
import {
  newPage,
  signIn,
  shot,
  waitForMail,
  mailsTo,
  apiLogin,
  api,
  pinFromMail,
  uniqueEmail,
  createLicence,
  APP,
  MAILBOX,
  DEMO,
  PASSWORD,
  type Mail,
  type MailSummary,
  accountsSuite,
  fieldError,
} from './harness.ts';

let browser: Browser;
let admin: string;
const { created, licences } = accountsSuite((b, a) => {
  browser = b;
  admin = a;
});

/** Mails with `subject` to `to` since `since` whose text mentions `about`. */
async function mailsAbout(to: string, subject: string, about: string, since: number): Promise<Mail[]> {
  const out: Mail[] = [];
  for (const m of await mailsTo(to, subject, since)) {
    const full = (await (await fetch(`${MAILBOX}/api/messages/${m.id}`)).json()) as Mail;
    if (full.text.includes(about)) out.push(full);
  }
  return out;
}

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

test('sign-up on a new licence: pin, profile rules, application notice, admin verifies → one "Account Verified"', async () => {
  const { lic, id } = await createLicence(admin, 'signup');
  licences.push(id);
  // The licence really has no users yet.
  const holders = await api(admin, '/api/users', { where: { search: lic } });
  assert.equal(holders.status, 200);
  assert.deepEqual(holders.json.data.users, []);
  // signupEmails are internal addresses: only the superadmin's full config names them (issue 8).
  const full = await api(await apiLogin(DEMO[0]), '/api/utils/config/all');
  const recipients = (full.json.data.signupEmails ?? []) as string[];
  assert.ok(recipients.length > 0, 'config signupEmails must name at least one admin address');

  const email = uniqueEmail('signup');
  const { context, page } = await newPage(browser);
  try {
    const since = Date.now();
    await fillSignUp(page, lic, email);
    await shot(page, 'accounts-signup-form');
    await page.getByTestId('signup-submit').click();
    created.push(email);
    await page.waitForURL(/\/verify/);
    assert.equal(await page.getByTestId('verify-email').inputValue(), email);
    const pinMail = await waitForMail(
      (m) => m.subject === 'Verify your email' && m.to.some((t) => t.includes(email)),
      since,
    );
    const pin = pinFromMail(pinMail);
    // A wrong pin first: refused in the red alert, still on /verify.
    await page.getByTestId('verify-pin').fill(pin === '000000' ? '111111' : '000000');
    await page.getByTestId('verify-submit').click();
    assert.equal(
      await page.getByTestId('verify-error').locator('.pu-alert-body').textContent(),
      AuthMessages.invalidPin,
    );
    assert.match(page.url(), /\/verify/);
    await page.getByTestId('verify-pin').fill(pin);
    await page.getByTestId('verify-submit').click();
    await page.waitForURL(/\/dashboard\/profile/);
    await page.getByTestId('profile-form').waitFor();
    assert.equal(await page.getByTestId('profile-email').textContent(), email);
    // The licence's holder data came with the sign-up.
    assert.equal(await page.getByTestId('profile-company').inputValue(), 'E2E signup Holdings LLC');

    // Bad phone and bad billing email: the field messages, word for word, and nothing is saved.
    await page.getByTestId('profile-name').fill('Erin Example');
    await page.getByTestId('profile-phone').fill('12-34');
    await page.getByTestId('profile-billing-name').fill('Bill Payer');
    await page.getByTestId('profile-billing-email').fill('billing-at-nowhere');
    await page.getByTestId('profile-billing-address').fill('2 Ledger Lane, Testville');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-error').getByText(Messages.fixErrors).waitFor();
    assert.equal(await fieldError(page, 'profile-phone'), Messages.phoneInvalid);
    assert.equal(await fieldError(page, 'profile-billing-email'), Messages.invalidEmail);
    await shot(page, 'accounts-signup-profile-errors');
    const mine = await apiLogin(email);
    const stored = (await api(mine, '/api/users/me')).json.user;
    assert.equal(stored.company.phone, undefined);
    assert.equal(stored.company.billingContactEmail, undefined);
    assert.equal(stored.hasSentEmail, false);
    assert.equal(stored.verified, false);

    // Valid values: the under-review message, and the application notice to every signupEmails address, once.
    const saved = Date.now();
    await page.getByTestId('profile-phone').fill('(555) 123-4567');
    await page.getByTestId('profile-billing-email').fill('billing@test.portal');
    await page.getByTestId('profile-save').click();
    await page.getByText(Messages.underReview).first().waitFor();
    await shot(page, 'accounts-signup-under-review');
    const saved2 = (await api(mine, '/api/users/me')).json.user;
    assert.equal(saved2.company.phone, '+15551234567', 'stored as E.164 (issue 8), shown national');
    assert.equal(saved2.company.billingContactEmail, 'billing@test.portal');
    assert.equal(saved2.hasSentEmail, true);
    for (const to of recipients) {
      await waitForMail(
        (m) => m.subject === 'New account application' && m.to.some((t) => t.includes(to)),
        saved,
      );
    }
    // A second save is a plain update: no second notice.
    await page.getByTestId('profile-name').fill('Erin Q Example');
    await page.getByTestId('profile-save').click();
    await page.getByText(Messages.profileUpdated).first().waitFor();
    await new Promise((r) => setTimeout(r, 3000));
    for (const to of recipients) {
      const notices = await mailsAbout(to, 'New account application', email, since);
      assert.equal(notices.length, 1, `one application notice to ${to}`);
      assert.match(notices[0].text, new RegExp(lic));
      assert.ok(
        notices[0].text.includes(`${APP}/validateUser?email=${encodeURIComponent(email)}`),
        notices[0].text,
      );
    }
  } finally {
    await context.close();
  }

  // An admin verifies the account on the Edit Account form's Verified field.
  const { context: ac, page: ap } = await newPage(browser);
  try {
    await signIn(ap, DEMO[1]);
    await ap.goto(`${APP}/dashboard/editAccount?email=${encodeURIComponent(email)}`);
    await ap.getByTestId('profile-form').waitFor();
    assert.equal(await ap.getByTestId('profile-email').textContent(), email);
    assert.equal(await ap.getByTestId('profile-verified').inputValue(), 'false');
    const since = Date.now();
    await ap.getByTestId('profile-verified').selectOption('true');
    await ap.getByTestId('profile-save').click();
    await ap.getByText(Messages.profileUpdated).first().waitFor();
    await shot(ap, 'accounts-signup-admin-verified');
    const mail = await waitForMail(
      (m) => m.subject === 'Account Verified' && m.to.some((t) => t.includes(email)),
      since,
    );
    assert.match(mail.text, /verified/i);
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal(
      (await mailsTo(email, 'Account Verified', since - 60_000)).length,
      1,
      'exactly one "Account Verified"',
    );
    assert.equal((await api(admin, `/api/users/${encodeURIComponent(email)}`)).json.user.verified, true);
  } finally {
    await ac.close();
  }
});

test('sign-up on a licence that already has users → "contact your admin", no account, no pin mail', async () => {
  const lic = (await api(admin, `/api/users/${encodeURIComponent(DEMO[3])}`)).json.user.company[
    'License #'
  ] as string;
  const holders = await api(admin, '/api/users', { where: { search: lic } });
  assert.ok(holders.json.data.users.length > 0, `${lic} has users`);
  const email = uniqueEmail('taken');
  const { context, page } = await newPage(browser);
  try {
    await fillSignUp(page, lic, email);
    await page.getByTestId('signup-submit').click();
    const alert = page.getByTestId('signup-error');
    await alert.waitFor();
    assert.equal(await alert.locator('.pu-alert-body').textContent(), Messages.contactAdminToJoin);
    assert.match(page.url(), /\/signup/);
    await shot(page, 'accounts-signup-taken-licence');
    assert.equal((await api(admin, `/api/users/${encodeURIComponent(email)}`)).status, 404);
    const login = await fetch(`${APP}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(login.status, 400, 'no Keycloak user either');
    await new Promise((r) => setTimeout(r, 3000));
    const list = (await (await fetch(`${MAILBOX}/api/messages`)).json()) as MailSummary[];
    assert.deepEqual(
      list.filter((m) => m.to.some((t) => t.includes(email))),
      [],
      'no mail to the refused address',
    );
  } finally {
    await context.close();
  }
});
