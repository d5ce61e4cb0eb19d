// Config drives the frame (hideRoutes, logoType); the header's ellipsis menu; Sign Out.
import { test, expect, ApiClient, APP, DEMO } from '../fixtures/index.ts';

let superadmin: ApiClient;
let original: Record<string, unknown>;
test.beforeAll(async () => {
  superadmin = await ApiClient.as(DEMO[0]);
  original = (await superadmin.call('/api/utils/config')).json.data;
});
test.afterAll(async () => {
  // Put the config back as it was, whatever the test did: the demo's frame is part of what npm start shows.
  await superadmin.call('/api/utils/config', {
    data: { hideRoutes: original.hideRoutes ?? [], logoType: original.logoType ?? 'orig' },
  });
  await new Promise((r) => setTimeout(r, 1200)); // the edge's 1 s micro-cache of the public config
});

test('only role 0 may change the config (server-side, not just hidden in the UI)', async ({ api }) => {
  const admin = await api(DEMO[1]);
  const res = await admin.call('/api/utils/config', { data: { hideRoutes: ['faq'] } });
  expect(res.status).toBe(403);
  expect((await superadmin.call('/api/utils/config')).json.data.hideRoutes).toEqual(
    original.hideRoutes ?? [],
  );
});

test('hideRoutes and logoType from the config shape the frame', async ({ signedInAs, shot }) => {
  const set = await superadmin.call('/api/utils/config', {
    data: { hideRoutes: ['faq', 'invite'], logoType: 'nj' },
  });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  // The edge keeps the anonymous config for 1 s (micro-cache): wait until it serves the saved one.
  for (let i = 0; i < 50; i++) {
    const cfg = (await (await fetch(`${APP}/api/utils/config`)).json()).data;
    if (cfg.logoType === 'nj' && cfg.hideRoutes?.includes('invite')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const page = await signedInAs(DEMO[3]);
  const labels = (await page.getByTestId('nav-user').locator('a').allInnerTexts()).map((t) => t.trim());
  expect(!labels.includes('FAQ') && !labels.includes('Invite Users'), labels.join(', ')).toBe(true);
  expect(labels).toContain('Placed Orders');
  expect(await page.locator('[data-logo]').first().getAttribute('data-logo')).toBe('nj');
  await shot(page, 'config-hideRoutes-logo-nj');
});

test('the ellipsis menu offers the account entries, Switch Env on a dev host, and Sign Out signs out', async ({
  signedInAs,
  shot,
}) => {
  const page = await signedInAs(DEMO[4]);
  await page.getByTestId('user-menu').click();
  const items = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
  expect(items).toEqual([
    'Account',
    'Change Email',
    'Change Password',
    'Delete Account',
    'Switch Env',
    'Sign Out',
  ]);
  await shot(page, 'header-user-menu');
  await page.getByTestId('user-menu-sign-out').click();
  // signed out of the portal and of Keycloak: the sign-in page asks again, a private page too
  await page.locator('#username').waitFor();
  await page.goto(`${APP}/dashboard/profile`);
  await page.locator('#username').waitFor();
});
