// Config drives the frame (hideRoutes, logoType); the header's ellipsis menu; Sign Out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launch, newPage, signIn, shot, apiLogin, api, APP, DEMO } from './harness.ts';

let browser: Browser;
let superadmin: string;
let original: Record<string, unknown>;
before(async () => {
  browser = await launch();
  superadmin = await apiLogin(DEMO[0]);
  original = (await api(superadmin, '/api/utils/config')).json.data;
});
after(async () => {
  // Put the config back as it was, whatever the test did.
  await api(superadmin, '/api/utils/config', {
    data: { hideRoutes: original.hideRoutes ?? [], logoType: original.logoType ?? 'orig' },
  });
  await new Promise((r) => setTimeout(r, 1200)); // the edge's 1 s micro-cache of the public config

  await browser?.close();
});

test('only role 0 may change the config (server-side, not just hidden in the UI)', async () => {
  const admin = await apiLogin(DEMO[1]);
  const res = await api(admin, '/api/utils/config', { data: { hideRoutes: ['faq'] } });
  assert.equal(res.status, 403);
  assert.deepEqual(
    (await api(superadmin, '/api/utils/config')).json.data.hideRoutes,
    original.hideRoutes ?? [],
  );
});

test('hideRoutes and logoType from the config shape the frame', async () => {
  const set = await api(superadmin, '/api/utils/config', {
    data: { hideRoutes: ['faq', 'invite'], logoType: 'nj' },
  });
  assert.equal(set.status, 200, JSON.stringify(set.json));
  // The edge keeps the anonymous config for 1 s (micro-cache): wait until it serves the saved one.
  for (let i = 0; i < 50; i++) {
    const cfg = (await (await fetch(`${APP}/api/utils/config`)).json()).data;
    if (cfg.logoType === 'nj' && cfg.hideRoutes?.includes('invite')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[3]);
    const labels = (await page.getByTestId('nav-user').locator('a').allInnerTexts()).map((t) => t.trim());
    assert.ok(!labels.includes('FAQ') && !labels.includes('Invite Users'), labels.join(', '));
    assert.ok(labels.includes('Placed Orders'));
    assert.equal(await page.locator('[data-logo]').first().getAttribute('data-logo'), 'nj');
    await shot(page, 'config-hideRoutes-logo-nj');
  } finally {
    await context.close();
  }
});

test('the ellipsis menu offers the account entries, Switch Env on a dev host, and Sign Out signs out', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, DEMO[4]);
    await page.getByTestId('user-menu').click();
    const items = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(items, [
      'Account',
      'Change Email',
      'Change Password',
      'Delete Account',
      'Switch Env',
      'Sign Out',
    ]);
    await shot(page, 'header-user-menu');
    await page.getByTestId('user-menu-sign-out').click();
    await page.waitForURL(/\/login/);
    await page.goto(`${APP}/dashboard/profile`);
    await page.waitForURL(/\/login/);
  } finally {
    await context.close();
  }
});
