// Staff review on the real stack (the spec: "New accounts are reviewed and verified by staff before they are fully
// active"): a signed-up, pin-verified account that staff have not verified yet opens its profile and the FAQ only,
// with a banner, and every service refuses it "under review"; once an admin verifies it, it is let in at once.
import { Messages } from '@portal/contracts';
import { test, expect, uniqueEmail, APP, DEMO } from '@portal/e2e/fixtures';

test('an account under review: banner, profile and FAQ only, every other call 403; verified by staff → in', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const admin = await api(DEMO[1]);
  const lic = await testData.licence('review');
  const email = await testData.signedUpUser(uniqueEmail('review'), lic, { verified: false });

  // The services: the profile answers, company data and company actions do not.
  const mine = await api(email);
  expect((await mine.call('/api/users/me')).json.user.verified).toBe(false);
  for (const [path, body] of [
    ['/api/orders', undefined],
    ['/api/orders/create', { order: { destinationLN: lic } }],
    ['/api/users/invite', { user: { email: uniqueEmail('invitee') } }],
    ['/api/vehicles', undefined],
  ] as const) {
    const r = await mine.call(path, body);
    expect([r.status, r.json?.message], path).toEqual([403, Messages.underReview]);
  }

  // The portal: the banner on every page, the profile and the FAQ in the menu, anything else goes to the profile.
  const page = await signedInAs(email);
  const banner = page.getByTestId('review-banner');
  await banner.waitFor();
  expect(await banner.textContent()).toContain(Messages.underReview);
  const menu = await page
    .locator('#portal-nav a[data-testid^="nav-"]')
    .evaluateAll((as) => as.map((a) => (a as HTMLElement).dataset.testid));
  expect(menu).toEqual(['nav-profile', 'nav-faq']);
  await shot(page, 'accounts-under-review');
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.waitForURL(/\/dashboard\/profile/);
  await banner.waitFor();

  // Staff verify: the same session is let in (the next page load), no sign-in again.
  const ok = await admin.call('/api/users/update', { user: { email, verified: true } });
  expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  expect((await mine.call('/api/orders')).status).toBe(200);
  await page.goto(`${APP}/dashboard/createOrder`);
  await page.getByTestId('order-form').waitFor();
  expect(await banner.count()).toBe(0);
  await page.context().close();
});
