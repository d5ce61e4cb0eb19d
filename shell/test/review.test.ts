// An account staff have not verified yet (accounts §1, §4): a banner on every page, only the profile and the FAQ in
// the menu, every other page sent to the profile; a service's 403 "under review" switches the frame to that view
// without signing the user out (it is not a 401).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { Messages } from '@portal/contracts';
import {
  artifactsDir,
  baseRoutes,
  browserSuite,
  fake,
  signIn,
  watch,
  type Edge,
  type Route,
} from '@portal/ui/testing/portal';

const artifacts = artifactsDir(import.meta.url);
const PENDING = {
  id: '70',
  email: 'new.shop@example.test',
  name: { firstName: 'Nia', lastName: 'New' },
  role: 3,
  verified: false,
  company: { Licensee: 'Fresh Leaf LLC', DBA: 'Fresh Leaf' },
};
/** Verified when the profile is read at sign-in; staff take the verification back just after (the API says "under review"). */
const STALE = { ...PENDING, id: '71', email: 'stale.shop@example.test', verified: true };

const calls: string[] = [];
const review: Route = (c) => {
  const who = [PENDING, STALE].find((u) => u.email === c.who);
  if (!who || !c.signedIn) return undefined;
  // the profile as it stands at sign-in (STALE: still verified then)
  if (c.path === '/api/users/me') return c.reply(200, { user: who });
  if (c.path === '/api/auth/logout') return undefined;
  // what the services answer such an account on everything but its profile
  if (c.path.startsWith('/api/users/invites')) return c.fail(403, Messages.underReview);
  return undefined;
};

let browser: Browser;
let edge: Edge;
browserSuite(fake(calls, review, baseRoutes()), (b, e) => {
  browser = b;
  edge = e;
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: false });
const navKeys = (page: Page) =>
  page.locator('#portal-nav a[data-testid^="nav-"]').evaluateAll((as) => as.map((a) => a.dataset.testid));

async function open(width: number) {
  const errors: string[] = [];
  const dialogs: string[] = [];
  const page = watch(await browser.newPage({ viewport: { width, height: 860 } }), errors);
  page.on('dialog', (d) => dialogs.push(d.message()));
  return { page, errors, dialogs };
}

test('under review at 1366 px: banner, profile and FAQ only, other pages go to the profile', async () => {
  const { page, errors, dialogs } = await open(1366);
  calls.length = 0;
  await signIn(page, edge, PENDING.email);
  const banner = page.getByTestId('review-banner');
  await banner.waitFor();
  assert.ok((await banner.innerText()).startsWith(Messages.underReview));
  await page.getByTestId('nav-profile').waitFor();
  assert.deepEqual(await navKeys(page), ['nav-profile', 'nav-faq']);
  assert.equal(await page.getByTestId('feedback-button').count(), 0, 'no feedback while under review');
  await shot(page, 'review-1366');

  for (const p of ['/dashboard/invite', '/dashboard/orders', '/order/123']) {
    await page.goto(edge.url + p);
    await page.waitForURL('**/dashboard/profile');
    await banner.waitFor();
  }
  await page.getByTestId('nav-faq').click();
  await page.waitForURL('**/dashboard/faq');
  await banner.waitFor();
  await page.getByTestId('user-menu').click();
  assert.equal(await page.getByTestId('user-menu-delete-account').count(), 0);
  await page.getByTestId('user-menu-sign-out').waitFor();
  assert.ok(!calls.some((c) => c.includes('/api/users/invites')), 'no domain overlay asks the API');
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 403 "under review" from the API switches to the review view and does not sign out', async () => {
  const { page, errors, dialogs } = await open(1366);
  calls.length = 0;
  await signIn(page, edge, STALE.email);
  // the profile said verified; the invites overlay's first call after sign-in is answered "under review"
  await page.getByTestId('review-banner').waitFor();
  assert.ok(calls.some((c) => c.startsWith('POST /api/users/invites')));
  await page.goto(edge.url + '/dashboard/invite');
  await page.waitForURL('**/dashboard/profile');
  await page.getByTestId('review-banner').waitFor();
  assert.deepEqual(await navKeys(page), ['nav-profile', 'nav-faq']);
  await page.getByTestId('header-user').waitFor();
  assert.equal(await page.locator('#username').count(), 0, 'still signed in');
  assert.ok(!dialogs.includes(Messages.tokenInvalid), 'not treated as a 401');
  assert.deepEqual(
    errors.filter((e) => !e.includes(Messages.underReview)),
    [],
  );
  await page.close();
});

test('under review at 390 px: the banner above the profile, the drawer with profile and FAQ', async () => {
  const { page, errors } = await open(390);
  await signIn(page, edge, PENDING.email);
  await page.getByTestId('review-banner').waitFor();
  const box = (await page.getByTestId('review-banner').boundingBox())!;
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the banner fits the screen');
  await shot(page, 'review-390');
  await page.getByTestId('nav-toggle').click();
  await page.getByTestId('nav-profile').waitFor();
  assert.deepEqual(await navKeys(page), ['nav-profile', 'nav-faq']);
  await shot(page, 'review-390-menu');
  assert.deepEqual(errors, []);
  await page.close();
});
