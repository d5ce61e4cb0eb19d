// Invite through the real UI: the account admin invites an address (and is refused a duplicate), the invitee follows
// the mailed /signMeUp link in a fresh browser, signs up with the email locked, verifies the pin and accepts the
// pending invite in the header's invites modal; the inviter's licences end up on the invitee's company.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { Messages } from '@portal/contracts';
import {
  newPage,
  signIn,
  shot,
  waitForMail,
  apiLogin,
  api,
  pinFromMail,
  uniqueEmail,
  createLicence,
  signUpByApi,
  APP,
  DEMO,
  PASSWORD,
  accountsSuite,
  fieldError,
} from './harness.ts';

let browser: Browser;
let admin: string;
const { created, licences } = accountsSuite((b, a) => {
  browser = b;
  admin = a;
});

test('invite: account admin invites, duplicate refused, invitee signs up from the tokened link, which claims the invite', async () => {
  const inviterToken = await apiLogin(DEMO[3]);
  const inviter = (await api(inviterToken, '/api/users/me')).json.user;
  const inviterLicences = inviter.company.licenseNumbers as string[];
  assert.ok(inviterLicences.length > 0, 'the demo account admin has licence numbers');
  const email = uniqueEmail('invite');
  const since = Date.now();

  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[3]);
    await page.goto(`${APP}/dashboard/invite`);
    await page.getByTestId('invite-page').waitFor();
    // Mixed case and blanks: the server trims and lower-cases.
    await page.getByTestId('invite-email').fill(`  ${email.toUpperCase()} `);
    await page.getByTestId('invite-submit').click();
    await page.getByTestId('toast').filter({ hasText: Messages.invited }).waitFor();
    assert.equal(await page.getByTestId('invite-email').inputValue(), '');
    const row = page.getByTestId('invite-table').locator('.ag-row', { hasText: email }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /Sent/);
    // The same address again: refused under the field.
    await page.getByTestId('invite-email').fill(email);
    await page.getByTestId('invite-submit').click();
    await page.getByText(Messages.alreadyInvited).waitFor();
    assert.equal(await fieldError(page, 'invite-email'), Messages.alreadyInvited);
    await shot(page, 'accounts-invite-duplicate');
  } finally {
    await context.close();
  }
  const sent = (await api(inviterToken, '/api/users/invites', { where: {} })).json.data.invites.filter(
    (i: { email: string }) => i.email === email,
  );
  assert.equal(sent.length, 1, 'one invite stored, the duplicate was not');
  assert.equal(sent[0].invited, DEMO[3]);

  const mail = await waitForMail(
    (m) => m.subject === 'You have been invited to the portal' && m.to.some((t) => t.includes(email)),
    since,
  );
  const link = /https?:\/\/\S+\/signMeUp\?email=[^\s"<]+/.exec(mail.text)?.[0];
  // the link proves the invite: the address plus a single-use token (issue 8)
  assert.ok(link?.startsWith(`${APP}/signMeUp?email=${encodeURIComponent(email)}&token=`), link);
  assert.match(link ?? '', /&token=[A-Za-z0-9_-]{40,}$/);

  // The invitee: a fresh browser context, straight from the mail's link.
  const { context: ic, page: ip } = await newPage(browser);
  try {
    const pinSince = Date.now();
    await ip.goto(link!);
    await ip.waitForURL(/\/signup/);
    await ip.getByTestId('signup-invite').waitFor();
    assert.equal(await ip.getByTestId('signup-licence').count(), 0, 'no licence picker for an invite');
    assert.equal(await ip.getByTestId('signup-email').inputValue(), email);
    assert.equal(await ip.getByTestId('signup-email').getAttribute('readonly'), '');
    await ip.getByTestId('signup-password').fill(PASSWORD);
    await ip.getByTestId('signup-confirm').fill(PASSWORD);
    await ip.getByTestId('signup-terms').check();
    await shot(ip, 'accounts-invite-signup-locked');
    await ip.getByTestId('signup-submit').click();
    created.push(email);
    await ip.waitForURL(/\/verify/);
    const pin = await waitForMail(
      (m) => m.subject === 'Verify your email' && m.to.some((t) => t.includes(email)),
      pinSince,
    );
    await ip.getByTestId('verify-pin').fill(pinFromMail(pin));
    await ip.getByTestId('verify-submit').click();
    await ip.waitForURL(/\/dashboard\/profile/);

    // Sign-up by invite proves the invite with its token and claims it (issue 8): role 4, the inviter's licence
    // numbers at once, and the invite is accepted there, so no modal asks again.
    const mine = await apiLogin(email);
    const me = (await api(mine, '/api/users/me')).json.user;
    assert.equal(me.role, 4);
    await ip.getByTestId('user-menu').waitFor();
    await ip.waitForTimeout(1500);
    assert.equal(await ip.getByTestId('invites-modal').count(), 0, 'the claimed invite is not offered again');
    await shot(ip, 'accounts-invite-claimed');

    const accepted = (await api(mine, '/api/users/me')).json.user;
    for (const lic of inviterLicences)
      assert.ok(accepted.company.licenseNumbers.includes(lic), `${lic} on the invitee's company`);
    const stored = (await api(inviterToken, '/api/users/invites', { where: {} })).json.data.invites.find(
      (i: { email: string }) => i.email === email,
    );
    assert.deepEqual(stored.data, { accepted: true, notified: true });
    const pending = (
      await api(mine, '/api/users/invites', { where: { mine: true } })
    ).json.data.invites.filter(
      (i: { data: { accepted: boolean; notified: boolean } }) => !i.data.accepted && !i.data.notified,
    );
    assert.deepEqual(pending, [], 'nothing pending after accepting');
    // The inviter now sees the invitee as one of the company's users.
    const company = (await api(inviterToken, '/api/users')).json.data.users.map(
      (u: { email: string }) => u.email,
    );
    assert.ok(company.includes(email), 'the invitee is in the inviter company list');

    // A new page load does not show the modal again.
    await ip.reload();
    await ip.getByTestId('user-menu').waitFor();
    await ip.waitForTimeout(1500);
    assert.equal(await ip.getByTestId('invites-modal').count(), 0);
  } finally {
    await ic.close();
  }
});

test('invite of an existing user: Dismiss leaves licences alone; a new invite accepted in the modal merges them', async () => {
  const { lic, id } = await createLicence(admin, 'invited');
  licences.push(id);
  const email = uniqueEmail('existing');
  await signUpByApi(email, lic);
  created.push(email);
  const inviterToken = await apiLogin(DEMO[3]);
  const inviterLicences = (await api(inviterToken, '/api/users/me')).json.user.company
    .licenseNumbers as string[];
  const mine = await apiLogin(email);
  const licencesNow = async () =>
    (await api(mine, '/api/users/me')).json.user.company.licenseNumbers as string[];
  assert.deepEqual(await licencesNow(), [lic]);

  for (const accept of [false, true]) {
    const sent = await api(inviterToken, '/api/users/invite', { user: { email } });
    assert.equal(sent.status, 201, JSON.stringify(sent.json));
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, email);
      const item = page.getByTestId('invites-modal').getByTestId('invites-item');
      await item.waitFor();
      assert.equal(await item.count(), 1);
      await item.getByTestId(accept ? 'invites-accept' : 'invites-dismiss').click();
      await page
        .getByTestId('toast')
        .filter({ hasText: accept ? /accepted/ : /dismissed/ })
        .waitFor();
      await page.getByTestId('invites-modal').waitFor({ state: 'detached' });
      if (accept) await shot(page, 'accounts-invite-existing-accepted');
    } finally {
      await context.close();
    }
    const stored = (await api(inviterToken, '/api/users/invites', { where: {} })).json.data.invites.find(
      (i: { id: string }) => i.id === sent.json.invite.id,
    );
    assert.deepEqual(stored.data, { accepted: accept, notified: true });
    const now = await licencesNow();
    assert.ok(now.includes(lic), 'the own licence stays');
    for (const l of inviterLicences)
      assert.equal(now.includes(l), accept, `${l} ${accept ? 'merged' : 'not merged'}`);
  }
});
