// Journey, 7:00: a new vendor company signs up on its licence through the screens (pin from the mail, its profile,
// "under review"), staff get the application notice and verify it on Edit Account; the vendor gets "Account
// Verified" once, shows Verified in Accounts, and is let in. Before that, staff have set up the day: the receiver's
// company, the route serving the zip Mon/Wed/Fri, the driver and his van (setup.ts).
import { AuthMessages, Messages, Role } from '@portal/contracts';
import { codeIn, fillKeycloakLogin, APP, PASSWORD, DEMO } from '../fixtures/index.ts';
import { test, expect, seen, SOON } from '../fixtures/journey-test.ts';
import { freshJourney } from '../fixtures/journey.ts';
import { morning } from './setup.ts';
import { gridRowText } from './views.ts';

test('a company signs up and is reviewed: pin, profile, application notice, staff verify, Account Verified', async ({
  api,
  mailbox,
  open,
  look,
  handOver,
}) => {
  const staff = await api(Role.Admin);
  freshJourney();
  const s = await morning(staff, mailbox, handOver);
  const { vendor } = s;

  // --- the vendor signs up on its licence (picked from the list), then the pin from the mail
  const page = await open(null);
  await page.goto(`${APP}/signup`);
  await look(page, '01-signup-blank');
  await page.getByTestId('signup-licence').fill(vendor.licence);
  await page.getByTestId('signup-licence-option').filter({ hasText: vendor.licence }).first().click();
  await page.getByTestId('signup-email').fill(vendor.email);
  await page.getByTestId('signup-password').fill(PASSWORD);
  await page.getByTestId('signup-confirm').fill(PASSWORD);
  await page.getByTestId('signup-terms').check();
  await look(page, '01-signup-form');
  const since = Date.now();
  await page.getByTestId('signup-submit').click();
  s.users.push(vendor.email);
  handOver(s);
  await page.waitForURL(/\/verify/);
  const pin = codeIn(
    await mailbox.waitForMailTo(vendor.email, 'Verify your email', { since, timeoutMs: 5_000 }),
  );
  await look(page, '01-verify');
  await page.getByTestId('verify-pin').fill(pin);
  await page.getByTestId('verify-submit').click();
  // verified: on to Keycloak's sign-in page with the address filled in and the portal's word on it, then the profile
  await expect(page.locator('#username')).toHaveValue(vendor.email);
  await expect(page.locator('#portal-notice')).toHaveText(AuthMessages.emailVerified);
  await fillKeycloakLogin(page, vendor.email);
  await page.waitForURL(/\/dashboard\/profile/);
  await page.getByTestId('profile-form').waitFor();
  // the licence's holder came with the sign-up
  await expect(page.getByTestId('profile-company')).toHaveValue(`${vendor.name} LLC`);
  await expect(page.getByTestId('review-banner')).toContainText(Messages.underReview);

  // --- its profile: saved → under review, and the application notice to the config's signupEmails
  await page.getByTestId('profile-name').fill('Vera Vendor');
  await page.getByTestId('profile-phone').fill('(555) 201-3344');
  await page.getByTestId('profile-billing-name').fill('Vera Vendor');
  await page.getByTestId('profile-billing-email').fill(`billing-${s.tag}@test.portal`);
  await page.getByTestId('profile-billing-address').fill(`${vendor.address}, Journeyville`);
  const applied = Date.now();
  await page.getByTestId('profile-save').click();
  await expect(page.getByText(Messages.underReview).first()).toBeVisible();
  await look(page, '01-profile-under-review');
  const recipients = ((await (await api(DEMO[Role.SuperAdmin])).call('/api/utils/config/all')).json.data
    .signupEmails ?? []) as string[];
  expect(recipients.length, 'config signupEmails names who reviews applications').toBeGreaterThan(0);
  for (const to of recipients) {
    const notices = await mailbox.waitFor(
      { to, subject: 'New account application', since: applied },
      { full: (m) => m.text.includes(vendor.email), timeoutMs: 5_000 },
    );
    expect(notices.text).toContain(vendor.licence);
  }
  // staff list the application as not verified yet
  const before = (await staff.call(`/api/users/${encodeURIComponent(vendor.email)}`)).json.user;
  expect(before.verified).toBe(false);
  expect(before.role, 'accounts §3 "role (default 4)": every sign-up is a standard user').toBe(Role.User);

  // --- staff review it on Edit Account and set it Verified
  const admin = await open(DEMO[Role.Admin]);
  await admin.goto(`${APP}/dashboard/editAccount?email=${encodeURIComponent(vendor.email)}`);
  await admin.getByTestId('profile-form').waitFor();
  await expect(admin.getByTestId('profile-verified')).toHaveValue('false');
  const verified = Date.now();
  await admin.getByTestId('profile-verified').selectOption('true');
  // staff promote the company's first user to its account admin (the sign-up itself is role 4)
  await admin.getByTestId('profile-role').selectOption(String(Role.AccountAdmin));
  await admin.getByTestId('profile-save').click();
  await expect(admin.getByText(Messages.profileUpdated).first()).toBeVisible();
  await look(admin, '01-staff-verified');

  // everywhere it shows, within 5 s: the stored account, the mail (once), the accounts list, the vendor's portal
  await seen('the stored account is verified', () =>
    expect
      .poll(
        async () => (await staff.call(`/api/users/${encodeURIComponent(vendor.email)}`)).json.user.verified,
        SOON,
      )
      .toBe(true),
  );
  expect(
    (await staff.call(`/api/users/${encodeURIComponent(vendor.email)}`)).json.user.role,
    'promoted by staff',
  ).toBe(Role.AccountAdmin);
  await seen('"Account Verified" mailed to the vendor', async () => {
    const mail = await mailbox.waitForMailTo(vendor.email, 'Account Verified', {
      since: verified,
      timeoutMs: 5_000,
    });
    expect(mail.text).toMatch(/verified/i);
  });
  await seen('Accounts lists it Verified', async () => {
    await admin.goto(`${APP}/dashboard/accounts`);
    await admin.getByTestId('accounts-search').fill(vendor.email);
    await expect(async () => {
      const row = await gridRowText(admin, vendor.email);
      expect(row).toContain('Verified');
      expect(row).not.toMatch(/not verified/i);
    }).toPass({ timeout: 10_000 });
  });
  await look(admin, '01-accounts-list');
  await seen('the vendor is let in (Create Order, no review banner)', async () => {
    await page.goto(`${APP}/dashboard/createOrder`);
    await page.getByTestId('order-form').waitFor();
    await expect(page.getByTestId('review-banner')).toHaveCount(0);
  });
  await seen('exactly one "Account Verified"', async () =>
    expect(
      (await mailbox.summaries({ to: vendor.email, subject: 'Account Verified', since: verified })).length,
    ).toBe(1),
  );
  s.marks.verified = Date.now();
  handOver(s);
});
