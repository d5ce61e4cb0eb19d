// Tenancy of the accounts API for a company admin (role 3), the Accounts page's "no access" for them, and a
// suspended user seeing the suspension message on their profile.
import { Messages } from '@portal/contracts';
import { test, expect, uniqueEmail, APP, DEMO } from '@portal/e2e/fixtures';

interface U {
  email: string;
  company?: { 'License #'?: string; licenseNumbers?: string[] };
}
const licencesOf = (u: U) =>
  new Set([u.company?.['License #'], ...(u.company?.licenseNumbers ?? [])].filter(Boolean) as string[]);

test("role 3 lists only users sharing its licences; another company's user is 404; Accounts page is no access", async ({
  api,
  signedInAs,
  shot,
}) => {
  const admin = await api(DEMO[1]);
  const token = await api(DEMO[3]);
  const me = (await token.call('/api/users/me')).json.user as U;
  const mine = licencesOf(me);
  expect(mine.size > 0).toBe(true);
  const everyone = (await admin.call('/api/users')).json.data.users as U[];
  const listed = await token.call('/api/users');
  expect(listed.status).toBe(200);
  const seen = listed.json.data.users as U[];
  const seenEmails = new Set(seen.map((u) => u.email));

  // Every user the company admin sees shares one of its licences, itself included.
  expect(seenEmails.has(DEMO[3])).toBe(true);
  for (const u of seen)
    expect(
      [...licencesOf(u)].some((l) => mine.has(l)),
      `${u.email} shares a licence with ${DEMO[3]}`,
    ).toBe(true);
  // Everyone of the company (the admin's full list) is there; users other tests are creating right now aside.
  const sharing = everyone.filter(
    (u) => [...licencesOf(u)].some((l) => mine.has(l)) && !u.email.startsWith('e2e-'),
  );
  for (const u of sharing) expect(seenEmails.has(u.email), `${u.email} is in the company list`).toBe(true);
  // Other companies exist in the full list and none of them leaks.
  const others = everyone.filter((u) => u.company && ![...licencesOf(u)].some((l) => mine.has(l)));
  expect(others.length >= 5, 'the full list has users of other companies').toBe(true);
  for (const u of others)
    expect(seenEmails.has(u.email), `${u.email} (another company) is not listed`).toBe(false);
  // Staff are not company users either.
  for (const staff of [DEMO[0], DEMO[1], DEMO[2]])
    expect(seenEmails.has(staff), `${staff} not listed`).toBe(false);

  // A user of another company is answered 404, read or write.
  const stranger = others.find((u) => u.email === DEMO[4]) ?? others[0]!;
  expect((await token.call(`/api/users/${encodeURIComponent(stranger.email)}`)).status).toBe(404);
  expect(
    (
      await token.call('/api/users/update', {
        user: { email: stranger.email, name: { firstName: 'X', lastName: 'Y' } },
      })
    ).status,
  ).toBe(404);
  expect((await token.call('/api/users', { where: { email: stranger.email } })).json.data.users.length).toBe(
    0,
  );
  // The stranger is untouched.
  const still = (await admin.call(`/api/users/${encodeURIComponent(stranger.email)}`)).json.user;
  expect(still.name?.firstName).not.toBe('X');

  const page = await signedInAs(DEMO[3]);
  expect(await page.getByTestId('nav-accounts').count(), 'no Accounts entry in the menus').toBe(0);
  await page.goto(`${APP}/dashboard/accounts`);
  await page.getByTestId('forbidden').waitFor();
  await page.waitForTimeout(1000);
  expect(await page.getByTestId('accounts-table').count()).toBe(0);
  expect(new URL(page.url()).pathname).toMatch(/\/dashboard\/accounts$/);
  await shot(page, 'accounts-role3-no-access');
});

test('a suspended user sees the suspension message on their profile; restored, it is gone', async ({
  api,
  signedInAs,
  testData,
  shot,
}) => {
  const admin = await api(DEMO[1]);
  const email = await testData.signedUpUser(uniqueEmail('suspended'), await testData.licence('suspend'));
  const set = await admin.call('/api/users/update', { user: { email, verified: 'suspended' } });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  expect((await admin.call(`/api/users/${encodeURIComponent(email)}`)).json.user.verified).toBe('suspended');

  const page = await signedInAs(email);
  await page.goto(`${APP}/dashboard/profile`);
  const banner = page.getByTestId('profile-suspended');
  await banner.waitFor();
  expect((await banner.locator('.pu-alert-body').textContent())?.trim()).toBe(Messages.suspended);
  expect(await page.getByTestId('profile-verified').textContent()).toBe('Suspended');
  await shot(page, 'accounts-suspended-profile');
  // Blocked from ordering: Create Order shows why instead of the form.
  await page.goto(`${APP}/dashboard/createOrder`);
  expect((await page.getByTestId('order-suspended').textContent())?.trim()).toBe(Messages.suspended);
  await shot(page, 'orders-create-suspended');
  await page.goto(`${APP}/dashboard/profile`);

  // Restore (verified again): the message goes away and ordering opens.
  const back = await admin.call('/api/users/update', { user: { email, verified: true } });
  expect(back.status, JSON.stringify(back.json)).toBe(200);
  await page.reload();
  await page.getByTestId('profile-form').waitFor();
  expect(await page.getByTestId('profile-suspended').count()).toBe(0);
  expect(await page.getByTestId('profile-verified').textContent()).toBe('Verified');
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
  expect(await page.getByTestId('order-suspended').count()).toBe(0);
  await page.context().close();
  expect((await admin.call(`/api/users/${encodeURIComponent(email)}`)).json.user.verified).toBe(true);
});
