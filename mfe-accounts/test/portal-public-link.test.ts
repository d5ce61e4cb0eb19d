// The profile's public orders link: the switch, the copyable link, Regenerate behind a confirmation, who sees it.
// Screenshots at 1366 and 390 px (test/artifacts/public-link-*.png). Setup: test/portal.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages } from '@portal/contracts';
import { portalSuite } from './portal.js';
import { linkToken, profileApi } from './fakes/profile.js';

const s = portalSuite(profileApi);
const { pageErrors, consoleErrors, shot, posts, body, profileAs: as } = s;
const linkOf = (page: import('playwright-core').Page) => page.getByTestId('profile-public-link').inputValue();

test('the account admin: the link copies, Regenerate asks first and then replaces it, the switch turns it off and on', async () => {
  const page = await as('accountadmin', '/dashboard/profile', 1366);
  const section = page.getByTestId('profile-section-public-link');
  await section.waitFor();
  assert.equal(await page.getByTestId('profile-public-switch').isChecked(), true);
  const first = await linkOf(page);
  assert.equal(first, `${new URL(page.url()).origin}/dashboard/publicorders?token=${linkToken(1)}`);
  assert.ok(!first.includes('userid'), 'never a user id');
  await page.getByTestId('profile-copy-link').click();
  await page.getByTestId('toast').getByText(Messages.linkCopied).waitFor();
  await shot(page, 'public-link-on-1366');

  // Regenerate: Cancel keeps the link, Regenerate makes a new one
  await page.getByTestId('profile-public-regenerate').click();
  await page.getByTestId('public-link-confirm').getByText('The current link stops working at once').waitFor();
  await shot(page, 'public-link-confirm-1366');
  await page.getByTestId('public-link-confirm-no').click();
  assert.equal(await linkOf(page), first);
  await page.getByTestId('profile-public-regenerate').click();
  await page.getByTestId('public-link-confirm-yes').click();
  await page.waitForFunction(
    (old) => (document.querySelector('[data-testid=profile-public-link]') as HTMLInputElement)?.value !== old,
    first,
  );
  assert.ok((await linkOf(page)).endsWith(linkToken(2)));
  assert.deepEqual(body(posts('/api/users/update').at(-1)!).user, {
    email: 'accountadmin@demo.portal',
    publicOrders: 'regenerate',
  });

  // off: no link shown; on again: a fresh one
  await page.getByTestId('profile-public-switch').click(); // saved at once: checked once the answer is in
  await page.getByTestId('profile-public-link').waitFor({ state: 'detached' });
  assert.equal(body(posts('/api/users/update').at(-1)!).user.publicOrders, 'off');
  await shot(page, 'public-link-off-1366');
  await page.getByTestId('profile-public-switch').click();
  await page.getByTestId('profile-public-link').waitFor();
  assert.ok((await linkOf(page)).endsWith(linkToken(3)));
  await page.close();

  const mobile = await as('accountadmin', '/dashboard/profile', 390);
  await mobile.getByTestId('profile-public-link').waitFor();
  const [input, copy] = await Promise.all(
    ['profile-public-link', 'profile-copy-link'].map((id) => mobile.getByTestId(id).boundingBox()),
  );
  assert.ok(input!.x >= 0 && copy!.x + copy!.width <= 390, 'the link and Copy fit 390 px');
  await mobile.getByTestId('profile-section-public-link').scrollIntoViewIfNeeded();
  await shot(mobile, 'public-link-on-390');
  await mobile.close();
});

test('a standard user with no link sees no public link section; staff see a company user’s', async () => {
  const page = await as('user');
  assert.equal(await page.getByTestId('profile-section-public-link').count(), 0);
  await page.close();
  const staff = await as('admin', '/dashboard/editAccount?email=accountadmin@demo.portal');
  await staff.getByTestId('profile-public-link').waitFor();
  assert.match(await linkOf(staff), /\/dashboard\/publicorders\?token=/);
  await staff.close();
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});
