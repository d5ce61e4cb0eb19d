// Tenancy of the accounts API for a company admin (role 3), the Accounts page's "no access" for them, and a
// suspended user seeing the suspension message on their profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { Messages } from '@portal/contracts';
import {
  newPage,
  signIn,
  shot,
  apiLogin,
  api,
  uniqueEmail,
  createLicence,
  signUpByApi,
  APP,
  DEMO,
  accountsSuite,
} from './harness.ts';

let browser: Browser;
let admin: string;
const { created, licences } = accountsSuite((b, a) => {
  browser = b;
  admin = a;
});

interface U {
  email: string;
  company?: { 'License #'?: string; licenseNumbers?: string[] };
}
const licencesOf = (u: U) =>
  new Set([u.company?.['License #'], ...(u.company?.licenseNumbers ?? [])].filter(Boolean) as string[]);

test("role 3 lists only users sharing its licences; another company's user is 404; Accounts page is no access", async () => {
  const token = await apiLogin(DEMO[3]);
  const me = (await api(token, '/api/users/me')).json.user as U;
  const mine = licencesOf(me);
  assert.ok(mine.size > 0);
  const everyone = (await api(admin, '/api/users')).json.data.users as U[];
  const listed = await api(token, '/api/users');
  assert.equal(listed.status, 200);
  const seen = listed.json.data.users as U[];
  const seenEmails = new Set(seen.map((u) => u.email));

  // Every user the company admin sees shares one of its licences, itself included.
  assert.ok(seenEmails.has(DEMO[3]));
  for (const u of seen)
    assert.ok(
      [...licencesOf(u)].some((l) => mine.has(l)),
      `${u.email} shares a licence with ${DEMO[3]}`,
    );
  // Everyone of the company (the admin's full list) is there; users other tests are creating right now aside.
  const sharing = everyone.filter(
    (u) => [...licencesOf(u)].some((l) => mine.has(l)) && !u.email.startsWith('e2e-'),
  );
  for (const u of sharing) assert.ok(seenEmails.has(u.email), `${u.email} is in the company list`);
  // Other companies exist in the full list and none of them leaks.
  const others = everyone.filter((u) => u.company && ![...licencesOf(u)].some((l) => mine.has(l)));
  assert.ok(others.length >= 5, 'the full list has users of other companies');
  for (const u of others) assert.ok(!seenEmails.has(u.email), `${u.email} (another company) is not listed`);
  // Staff are not company users either.
  for (const staff of [DEMO[0], DEMO[1], DEMO[2]]) assert.ok(!seenEmails.has(staff), `${staff} not listed`);

  // A user of another company is answered 404, read or write.
  const stranger = others.find((u) => u.email === DEMO[4]) ?? others[0];
  assert.equal((await api(token, `/api/users/${encodeURIComponent(stranger.email)}`)).status, 404);
  assert.equal(
    (
      await api(token, '/api/users/update', {
        user: { email: stranger.email, name: { firstName: 'X', lastName: 'Y' } },
      })
    ).status,
    404,
  );
  assert.equal(
    (await api(token, '/api/users', { where: { email: stranger.email } })).json.data.users.length,
    0,
  );
  // The stranger is untouched.
  const still = (await api(admin, `/api/users/${encodeURIComponent(stranger.email)}`)).json.user;
  assert.notEqual(still.name?.firstName, 'X');

  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[3]);
    assert.equal(await page.getByTestId('nav-accounts').count(), 0, 'no Accounts entry in the menus');
    await page.goto(`${APP}/dashboard/accounts`);
    await page.getByTestId('forbidden').waitFor();
    await page.waitForTimeout(1000);
    assert.equal(await page.getByTestId('accounts-table').count(), 0);
    assert.match(new URL(page.url()).pathname, /\/dashboard\/accounts$/);
    await shot(page, 'accounts-role3-no-access');
  } finally {
    await context.close();
  }
});

test('a suspended user sees the suspension message on their profile; restored, it is gone', async () => {
  const { lic, id } = await createLicence(admin, 'suspend');
  licences.push(id);
  const email = uniqueEmail('suspended');
  await signUpByApi(email, lic);
  created.push(email);
  const set = await api(admin, '/api/users/update', { user: { email, verified: 'suspended' } });
  assert.equal(set.status, 200, JSON.stringify(set.json));
  assert.equal((await api(admin, `/api/users/${encodeURIComponent(email)}`)).json.user.verified, 'suspended');

  const { context, page } = await newPage(browser);
  try {
    await signIn(page, email);
    await page.goto(`${APP}/dashboard/profile`);
    const banner = page.getByTestId('profile-suspended');
    await banner.waitFor();
    assert.equal((await banner.locator('.pu-alert-body').textContent())?.trim(), Messages.suspended);
    assert.equal(await page.getByTestId('profile-verified').textContent(), 'Suspended');
    await shot(page, 'accounts-suspended-profile');
    // Blocked from ordering: Create Order shows why instead of the form.
    await page.goto(`${APP}/dashboard/createOrder`);
    assert.equal((await page.getByTestId('order-suspended').textContent())?.trim(), Messages.suspended);
    await shot(page, 'orders-create-suspended');
    await page.goto(`${APP}/dashboard/profile`);

    // Restore (not verified, as after sign-up): the message goes away.
    const back = await api(admin, '/api/users/update', { user: { email, verified: false } });
    assert.equal(back.status, 200, JSON.stringify(back.json));
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    assert.equal(await page.getByTestId('profile-suspended').count(), 0);
    assert.equal(await page.getByTestId('profile-verified').textContent(), 'Not verified');
    await page.goto(`${APP}/dashboard/createOrder`);
    await page.getByTestId('empty-screen').waitFor();
    assert.equal(await page.getByTestId('order-suspended').count(), 0);
  } finally {
    await context.close();
  }
  assert.equal((await api(admin, `/api/users/${encodeURIComponent(email)}`)).json.user.verified, false);
});
