// Invite through the real UI: an account admin invites an address (and is refused a duplicate), the invitee follows
// the mailed /signMeUp link in a fresh browser, signs up with the email locked, verifies the pin and the invite is
// claimed; the inviter's licences end up on the invitee's company. The inviter is an account admin of a company of
// the test's own (the first user of a new licence, role 4 at sign-up, promoted by staff), so the demo account
// admin's invite list stays as seeded.
import { Messages, Role } from '@portal/contracts';
import {
  test,
  expect,
  codeIn,
  uniqueEmail,
  fieldError,
  fillKeycloakLogin,
  ApiClient,
  APP,
  PASSWORD,
  type TestData,
} from '@portal/e2e/fixtures';

/** An account admin (role 3) of a fresh company with its own licence: the inviter. */
async function inviterCompany(testData: TestData): Promise<{ email: string; client: ApiClient }> {
  const email = await testData.signedUpUser(uniqueEmail('inviter'), await testData.licence('inviter'), {
    role: Role.AccountAdmin,
  });
  const client = await ApiClient.as(email);
  expect((await client.call('/api/users/me')).json.user.role, 'promoted by staff').toBe(Role.AccountAdmin);
  return { email, client };
}

test('invite: account admin invites, duplicate refused, invitee signs up from the tokened link, which claims the invite', async ({
  signedInAs,
  newPage,
  api,
  mailbox,
  testData,
  shot,
}) => {
  const inviter = await inviterCompany(testData);
  const inviterLicences = (await inviter.client.call('/api/users/me')).json.user.company
    .licenseNumbers as string[];
  expect(inviterLicences.length > 0, 'the account admin has licence numbers').toBe(true);
  const email = uniqueEmail('invite');
  const since = Date.now();

  const page = await signedInAs(inviter.email);
  await page.goto(`${APP}/dashboard/invite`);
  await page.getByTestId('invite-page').waitFor();
  // Mixed case and blanks: the server trims and lower-cases.
  await page.getByTestId('invite-email').fill(`  ${email.toUpperCase()} `);
  await page.getByTestId('invite-submit').click();
  await page.getByTestId('toast').filter({ hasText: Messages.invited }).waitFor();
  expect(await page.getByTestId('invite-email').inputValue()).toBe('');
  const row = page.getByTestId('invite-table').getByRole('row').filter({ hasText: email }).first();
  await row.waitFor();
  expect(await row.innerText()).toMatch(/Sent/);
  // The same address again: refused under the field.
  await page.getByTestId('invite-email').fill(email);
  await page.getByTestId('invite-submit').click();
  await page.getByText(Messages.alreadyInvited).waitFor();
  expect(await fieldError(page, 'invite-email')).toBe(Messages.alreadyInvited);
  await shot(page, 'accounts-invite-duplicate');
  await page.context().close();

  const sent = (await inviter.client.call('/api/users/invites', { where: {} })).json.data.invites.filter(
    (i: { email: string }) => i.email === email,
  );
  expect(sent.length, 'one invite stored, the duplicate was not').toBe(1);
  expect(sent[0].invited).toBe(inviter.email);

  const mail = await mailbox.waitForMailTo(email, 'You have been invited to the portal', { since });
  const link = /https?:\/\/\S+\/signMeUp\?email=[^\s"<]+/.exec(mail.text)?.[0];
  // the link proves the invite: the address plus a single-use token
  expect(link?.startsWith(`${APP}/signMeUp?email=${encodeURIComponent(email)}&token=`), link).toBe(true);
  expect(link ?? '').toMatch(/&token=[A-Za-z0-9_-]{40,}$/);

  // The invitee: a fresh browser context, straight from the mail's link.
  const ip = await newPage();
  const pinSince = Date.now();
  await ip.goto(link!);
  await ip.waitForURL(/\/signup/);
  await ip.getByTestId('signup-invite').waitFor();
  expect(await ip.getByTestId('signup-licence').count(), 'no licence picker for an invite').toBe(0);
  expect(await ip.getByTestId('signup-email').inputValue()).toBe(email);
  expect(await ip.getByTestId('signup-email').getAttribute('readonly')).toBe('');
  await ip.getByTestId('signup-password').fill(PASSWORD);
  await ip.getByTestId('signup-confirm').fill(PASSWORD);
  await ip.getByTestId('signup-terms').check();
  await shot(ip, 'accounts-invite-signup-locked');
  await ip.getByTestId('signup-submit').click();
  testData.track(email);
  await ip.waitForURL(/\/verify/);
  const pin = await mailbox.waitForMailTo(email, 'Verify your email', { since: pinSince });
  await ip.getByTestId('verify-pin').fill(codeIn(pin));
  await ip.getByTestId('verify-submit').click();
  await expect(ip.locator('#username')).toHaveValue(email);
  await fillKeycloakLogin(ip, email);
  await ip.waitForURL(/\/dashboard\/profile/);

  // Sign-up by invite proves the invite with its token and claims it: role 4, the inviter's licence
  // numbers at once, and the invite is accepted there, so no modal asks again.
  const mine = await api(email);
  const me = (await mine.call('/api/users/me')).json.user;
  expect(me.role).toBe(4);
  await ip.getByTestId('user-menu').waitFor();
  await ip.waitForTimeout(1500);
  expect(await ip.getByTestId('invites-modal').count(), 'the claimed invite is not offered again').toBe(0);
  await shot(ip, 'accounts-invite-claimed');

  const accepted = (await mine.call('/api/users/me')).json.user;
  for (const lic of inviterLicences)
    expect(accepted.company.licenseNumbers.includes(lic), `${lic} on the invitee's company`).toBe(true);
  const stored = (await inviter.client.call('/api/users/invites', { where: {} })).json.data.invites.find(
    (i: { email: string }) => i.email === email,
  );
  expect(stored.data).toEqual({ accepted: true, notified: true });
  // Until staff verify the invitee it is under review: its own invites are not offered to it (nor listed).
  const pending = await mine.call('/api/users/invites', { where: { mine: true } });
  expect(pending.status).toBe(403);
  expect(pending.json.message).toBe(Messages.underReview);
  // The inviter now sees the invitee as one of the company's users.
  const company = (await inviter.client.call('/api/users')).json.data.users.map(
    (u: { email: string }) => u.email,
  );
  expect(company.includes(email), 'the invitee is in the inviter company list').toBe(true);

  // A new page load does not show the modal again.
  await ip.reload();
  await ip.getByTestId('user-menu').waitFor();
  await ip.waitForTimeout(1500);
  expect(await ip.getByTestId('invites-modal').count()).toBe(0);
});

test('invite of an existing user: Dismiss leaves licences alone; a new invite accepted in the modal merges them', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const inviter = await inviterCompany(testData);
  const lic = await testData.licence('invited');
  const email = await testData.signedUpUser(uniqueEmail('existing'), lic);
  const inviterLicences = (await inviter.client.call('/api/users/me')).json.user.company
    .licenseNumbers as string[];
  const mine = await api(email);
  const licencesNow = async () =>
    (await mine.call('/api/users/me')).json.user.company.licenseNumbers as string[];
  expect(await licencesNow()).toEqual([lic]);

  for (const accept of [false, true]) {
    const sent = await inviter.client.call('/api/users/invite', { user: { email } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    const page = await signedInAs(email);
    const item = page.getByTestId('invites-modal').getByTestId('invites-item');
    await item.waitFor();
    expect(await item.count()).toBe(1);
    await item.getByTestId(accept ? 'invites-accept' : 'invites-dismiss').click();
    await page
      .getByTestId('toast')
      .filter({ hasText: accept ? /accepted/ : /dismissed/ })
      .waitFor();
    await page.getByTestId('invites-modal').waitFor({ state: 'detached' });
    if (accept) await shot(page, 'accounts-invite-existing-accepted');
    await page.context().close();
    const stored = (await inviter.client.call('/api/users/invites', { where: {} })).json.data.invites.find(
      (i: { id: string }) => i.id === sent.json.invite.id,
    );
    expect(stored.data).toEqual({ accepted: accept, notified: true });
    const now = await licencesNow();
    expect(now.includes(lic), 'the own licence stays').toBe(true);
    for (const l of inviterLicences)
      expect(now.includes(l), `${l} ${accept ? 'merged' : 'not merged'}`).toBe(accept);
  }
});
