// What a user sees of the session and the frame: tokens kept out of storage, refreshed only near
// expiry, config read once per page load, a 401 on any call applies the spec's rule, toasts stay off the header and
// do not repeat, a long email stays on one line in the header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { Messages } from '@portal/contracts';
import {
  browserSuite,
  artifactsDir,
  type Edge,
  fakeApi,
  USERS,
  json,
  fillSignInPage,
  FAKE_KEYCLOAK,
  endKeycloakSession,
} from '@portal/ui/testing/portal';

const artifacts = artifactsDir(import.meta.url);

const LONG_EMAIL = 'receiving.department.night-shift@a-very-long-cannabis-distribution-company.example.test';
const calls: string[] = [];
const rest = fakeApi(calls);
/** Set by a test: the next GET /api/users is answered 401 by the fake service (e.g. a session revoked elsewhere). */
let revoke = false;
const bearerEmail = (req: IncomingMessage): string | undefined => {
  try {
    const jwt = (req.headers.authorization ?? '').split('.')[1] ?? '';
    return (JSON.parse(Buffer.from(jwt, 'base64url').toString()) as { email?: string }).email;
  } catch {
    return undefined;
  }
};

function api(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? '';
  if (url === '/api/users' && revoke) {
    revoke = false;
    calls.push(`GET ${url} 401`);
    return json(res, 401, { message: 'Unauthorized' });
  }
  if (url === '/api/users/me' && bearerEmail(req) === LONG_EMAIL) {
    calls.push(`GET ${url} `);
    return json(res, 200, { user: { ...USERS[0], email: LONG_EMAIL, name: '' } });
  }
  return rest(req, res);
}

let browser: Browser;
let edge: Edge;
browserSuite(api, (b, e) => {
  browser = b;
  edge = e;
});

const count = (prefix: string) => calls.filter((c) => c.startsWith(prefix)).length;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: false });

async function signIn(page: Page, email = 'admin@demo.portal') {
  await page.goto(`${edge.url}/login?redirect=%2Fdashboard%2Fprofile`);
  await fillSignInPage(page, email);
  await page.waitForURL('**/dashboard/profile');
  await page.getByTestId('user-menu').waitFor();
}

const TOKEN = 'POST /auth/realms/portal/protocol/openid-connect/token';
const grants = (kind: string) =>
  calls.filter((c) => c.startsWith(TOKEN) && c.includes(`grant_type=${kind}`)).length;

test('tokens: no token in any storage; refreshed only near expiry; a reload finds the session again (silent check-SSO); config read once', async () => {
  const page = await browser.newPage();
  await signIn(page);
  const configBefore = count('GET /api/utils/config');
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  assert.doesNotMatch(stored, /eyJ/, 'no JWT (access, refresh or ID token) in web storage');

  // Moving around the dashboard: no refresh grant (the token is far from expiry), the config not read again.
  const refreshes = grants('refresh_token');
  await page.getByTestId('nav-accounts').click();
  await page.getByTestId('accounts-table').getByText('user@demo.portal').waitFor();
  await page.getByTestId('nav-profile').click();
  await page.getByTestId('profile-form').waitFor();
  assert.equal(grants('refresh_token'), refreshes);
  assert.equal(
    count('GET /api/utils/config') - configBefore,
    0,
    'config read once per page load, not per screen',
  );

  // A reload: the tokens lived in memory only; a hidden prompt=none request finds the Keycloak session and one code
  // exchange signs the tab in again, with no sign-in page and no refresh grant.
  const codes = grants('authorization_code');
  const silent = count('GET /auth/realms/portal/protocol/openid-connect/auth?');
  await page.reload();
  await page.getByTestId('nav-admin').waitFor();
  assert.equal(grants('authorization_code'), codes + 1);
  assert.equal(count('GET /auth/realms/portal/protocol/openid-connect/auth?'), silent + 1);
  assert.ok(calls.some((c) => c.includes('prompt=none') && c.includes('silent-check-sso.html')));
  assert.equal(grants('refresh_token'), refreshes);
  assert.equal(await page.locator('#username').count(), 0);
  await page.close();
});

test('tokens: a token about to expire is refreshed once before the call, not before every call', async () => {
  FAKE_KEYCLOAK.lifetime = 10; // inside the 30 s margin: the first API call must refresh
  const page = await browser.newPage();
  try {
    const before = grants('refresh_token');
    await signIn(page);
    await page.getByTestId('nav-accounts').click();
    await page.getByTestId('accounts-table').getByText('user@demo.portal').waitFor();
    assert.equal(grants('refresh_token') - before, 1);
  } finally {
    FAKE_KEYCLOAK.lifetime = 3600;
    await page.close();
  }
});

test('a 401 on a call in the middle of a session: storage cleared, the spec alert, back to the origin', async () => {
  const page = await browser.newPage();
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('unit-marker', 'present'));
  // the session was ended elsewhere (a sign-out, a password change): the service and Keycloak both refuse it
  revoke = true;
  endKeycloakSession('admin@demo.portal');
  const dialog = page.waitForEvent('dialog');
  await page.getByTestId('nav-accounts').click(); // a client-side navigation: no page load involved
  const d = await dialog;
  assert.equal(d.message(), Messages.tokenInvalid);
  await d.accept();
  // back at the origin and reloaded: no session to find, so the sign-in page
  await page.locator('#username').waitFor();
  // cleared: only the new sign-in's own state is there (keycloak-js's state, nonce and PKCE verifier for the
  // redirect, removed when it comes back), no token
  const left = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  // (and when the rule sent this tab back: a second 401 right after a reload ends the Keycloak session as well)
  assert.deepEqual(
    left.filter((k) => !k.startsWith('kc-callback-')),
    ['portal.tokenRuleAt'],
  );
  await page.close();
});

/** True when the two boxes overlap. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [1280, 700]) {
  test(`${width} px: toasts stack below the header and the same message shows once`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 860 } });
    await signIn(page);
    // The same message twice (Copy pressed twice) is one toast.
    await page.getByTestId('profile-copy-link').click();
    await page.getByTestId('profile-copy-link').click();
    await page.getByTestId('toast').first().waitFor();
    assert.equal(await page.getByTestId('toast').count(), 1, 'the same message is not repeated');
    if (width > 700) {
      // A different message stacks under it (the feedback button is not on mobile).
      await page.getByTestId('feedback-button').click();
      await page.getByTestId('feedback-message').fill('A note.');
      await page.getByTestId('feedback-send').click();
      await page.getByText(Messages.feedbackSent).waitFor();
      const [a, b] = await page.getByTestId('toast').all();
      assert.ok(!overlaps((await a!.boundingBox())!, (await b!.boundingBox())!), 'stacked, not on top');
    }
    const header = (await page.locator('#portal-header').boundingBox())!;
    const ids = width > 700 ? ['feedback-button', 'user-menu', 'header-user'] : ['user-menu', 'nav-toggle'];
    for (const t of await page.getByTestId('toast').all()) {
      const box = (await t.boundingBox())!;
      assert.ok(box.y >= header.y + header.height, `toast top ${box.y} under the header`);
      for (const id of ids)
        assert.ok(!overlaps(box, (await page.getByTestId(id).boundingBox())!), `${id} stays uncovered`);
    }
    await shot(page, `toast-${width}`);
    // An open menu is above the toasts: the user menu's items (and on a phone the menu drawer's links) are what a
    // click at their centre reaches.
    await page.getByTestId('profile-copy-link').click();
    await page.getByTestId('toast').first().waitFor();
    await page.getByTestId('user-menu').click();
    const items = page.locator('.sh-menu-list button');
    await items.first().waitFor();
    const onTop = (loc: typeof items) =>
      loc.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }),
      );
    assert.ok((await onTop(items)).every(Boolean), 'the user menu is above the toasts');
    await page.keyboard.press('Escape');
    if (width <= 700) {
      await page.getByTestId('nav-toggle').click();
      const links = page.getByTestId('nav-user').locator('a');
      await links.first().waitFor();
      assert.ok((await onTop(links)).every(Boolean), 'the menu drawer is above the toasts');
      await shot(page, `toast-drawer-${width}`);
    }
    await page.close();
  });
  test(`${width} px: a long email in the header stays on one line, cut with an ellipsis, whole in the title`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 860 } });
    await signIn(page, LONG_EMAIL);
    const user = page.getByTestId('header-user');
    assert.equal(await user.getAttribute('title'), LONG_EMAIL);
    const m = await user.evaluate((el) => {
      const s = getComputedStyle(el);
      return {
        oneLine: el.getBoundingClientRect().height < parseFloat(s.fontSize) * 2,
        cut: el.scrollWidth > el.clientWidth,
        ellipsis: s.textOverflow,
        right: el.getBoundingClientRect().right,
      };
    });
    assert.ok(m.oneLine, 'one line');
    assert.ok(m.cut && m.ellipsis === 'ellipsis', 'cut with an ellipsis, not broken mid-word');
    assert.ok(m.right <= width, 'inside the viewport');
    const menu = (await page.getByTestId('user-menu').boundingBox())!;
    assert.ok(menu.x + menu.width <= width, 'the user menu stays in view');
    await shot(page, `header-long-email-${width}`);
    await page.close();
  });
}
