// Admin "Create Account": the Verified Status chosen is the one stored (it was dropped and the account shown "Not
// verified"), and a licence number with no licence record is refused on the licence field with the sign-up message
// (it used to be saved, and the made-up company then showed up as a vendor in billing). Users are the test's own.
import { mkdirSync } from 'node:fs';
import { Messages, Role } from '@portal/contracts';
import { test, expect, APP, uniqueEmail, type Page } from '@portal/e2e/fixtures';

const SHOTS = '/tmp/shots-accounts';
mkdirSync(SHOTS, { recursive: true });

async function fill(page: Page, email: string, licence: string) {
  const fields: [string, string][] = [
    ['profile-email', email],
    ['profile-company', 'Made Here LLC'],
    ['profile-dba', 'Made Here'],
    ['profile-name', 'Mae Made'],
    ['profile-phone', '(555) 987-6543'],
    ['profile-street', '1 Main St'],
    ['profile-billing-name', 'Mae Made'],
    ['profile-billing-email', 'billing@made-here.test'],
    ['profile-billing-address', '1 Main St'],
    ['profile-licence', licence],
  ];
  for (const [id, value] of fields) await page.getByTestId(id).fill(value);
}

test('Create Account: Verified is stored as chosen; an unknown licence is refused on its field', async ({
  signedInAs,
  api,
  testData,
}) => {
  const staff = await api(Role.Admin);
  const made: string[] = [];
  try {
    const page = await signedInAs(Role.Admin);
    await page.setViewportSize({ width: 1366, height: 900 });

    // an unknown licence: the field says so, nothing is created
    const nope = uniqueEmail('made-nolic');
    await page.goto(`${APP}/dashboard/admin`);
    await page.getByTestId('profile-form').waitFor();
    await fill(page, nope, `E2E-NOPE-${Date.now()}`);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(Messages.invalidLicence, { exact: true })).toBeVisible();
    await expect(page.getByTestId('profile-error')).toContainText(Messages.invalidLicence);
    await page.screenshot({ path: `${SHOTS}/create-account-unknown-licence-1366.png`, fullPage: true });
    expect((await staff.call(`/api/users/${encodeURIComponent(nope)}`)).status).toBe(404);

    // a real licence, Verified chosen: stored verified, and the edit screen says so
    const email = uniqueEmail('made-verified');
    made.push(email);
    const licence = await testData.licence('madeverified');
    await page.goto(`${APP}/dashboard/admin`);
    await page.getByTestId('profile-form').waitFor();
    await fill(page, email, licence);
    await page.getByTestId('profile-verified').selectOption({ label: 'Verified' });
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('toast').getByText(Messages.accountCreated)).toBeVisible();
    await page.waitForURL(/\/dashboard\/editAccount/);
    await expect(page.getByTestId('profile-verified')).toHaveValue('true');
    await page.screenshot({ path: `${SHOTS}/create-account-verified-1366.png`, fullPage: true });
    const user = (await staff.call(`/api/users/${encodeURIComponent(email)}`)).json.user;
    expect(user.verified).toBe(true);
    expect(user.company['License #']).toBe(licence);

    // Not verified chosen: stored not verified
    const pending = uniqueEmail('made-pending');
    made.push(pending);
    await page.goto(`${APP}/dashboard/admin`);
    await page.getByTestId('profile-form').waitFor();
    await fill(page, pending, licence);
    await page.getByTestId('profile-verified').selectOption({ label: 'Not verified' });
    await page.getByTestId('profile-save').click();
    await page.waitForURL(/\/dashboard\/editAccount/);
    await expect(page.getByTestId('profile-verified')).toHaveValue('false');
    expect((await staff.call(`/api/users/${encodeURIComponent(pending)}`)).json.user.verified).toBe(false);
  } finally {
    for (const email of made) await staff.call('/api/users/delete', { user: { email } });
  }
});
