// A driver (role 2) has no company: on his Profile (a phone, 390x844) he signs and saves with only his name; the
// form asks for no company name, DBA or phone, the answer is "Profile updated", his account stays Verified, and
// staff get no new-application mail. The driver is the test's own (staff-made, so verified), never the demo one.
import { mkdirSync } from 'node:fs';
import { Messages, Role } from '@portal/contracts';
import { test, expect, APP, PASSWORD, codeIn, publicPost, signIn, uniqueEmail } from '@portal/e2e/fixtures';

const SHOTS = '/tmp/shots-accounts';
mkdirSync(SHOTS, { recursive: true });

test('a driver saves his signature on Profile at 390 px: no company fields asked, still verified, no application mail', async ({
  api,
  newPage,
  mailbox,
}) => {
  const staff = await api(Role.Admin);
  const root = await api(Role.SuperAdmin);
  const email = uniqueEmail('sigdriver');
  const since = Date.now();
  const made = await staff.call('/api/users/create', {
    user: { email, role: Role.Driver, name: { firstName: 'Sig', lastName: 'Driver' } },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  try {
    const welcome = await mailbox.waitForMailTo(email, 'Your Portal account has been created', { since });
    const set = await publicPost('/api/auth/forgotPasswordSubmit', {
      email,
      code: codeIn(welcome),
      password: PASSWORD,
    });
    expect(set.status).toBe(200);

    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email);
    await page.goto(`${APP}/dashboard/profile`);
    await page.getByTestId('profile-form').waitFor();
    await expect(page.getByTestId('profile-verified')).toHaveText('Verified');
    // no required mark on the company fields (the Contact Name keeps its own)
    for (const id of ['profile-company', 'profile-dba', 'profile-phone', 'profile-name']) {
      const fid = await page.getByTestId(id).getAttribute('id');
      await expect(page.locator(`label[for="${fid}"] .pu-req`), id).toHaveCount(
        id === 'profile-name' ? 1 : 0,
      );
    }

    await page.getByTestId('profile-signature-open').click();
    await page.getByTestId('profile-signature-name').fill('Sig Driver');
    await page.getByTestId('profile-signature-save').click();
    await page.getByTestId('profile-signature-image').waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/update'));
    await page.getByTestId('profile-save').click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByTestId('toast').getByText(Messages.profileUpdated)).toBeVisible();
    await expect(page.getByText(Messages.underReview)).toHaveCount(0);
    await expect(page.getByTestId('profile-error')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/driver-profile-signature-390.png`, fullPage: true });

    const me = (await root.call(`/api/users/${encodeURIComponent(email)}`)).json.user;
    expect(me.verified).toBe(true);
    expect(me.signature?.image, 'the signature is stored').toBeTruthy();
    // the application notice would have reached the config's signupEmails within seconds
    await page.waitForTimeout(3000);
    const notices = await mailbox.find({ since }, (m) => m.text.includes(email) && !m.to.includes(email));
    expect(notices.map((m) => m.subject)).toEqual([]);
  } finally {
    await staff.call('/api/users/delete', { user: { email } });
  }
});
