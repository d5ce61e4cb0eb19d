// Sign-in the standard way: every role through Keycloak's sign-in page (Authorization Code + PKCE), landing where its
// day starts, staying signed in over a reload (silent check-SSO, no token in web storage), and signing out so that
// its old access token is refused by a service at once. The MFA staff user signs in with a computed TOTP code.
import { Role, type RoleNumber } from '@portal/contracts';
import { test, expect, APP, DEMO, PASSWORD, signIn, type Page } from '../fixtures/index.ts';
import { MFA_USER, freshTotpCode } from '@portal/service-kit/testing';

const HOME: Record<RoleNumber, string> = {
  [Role.SuperAdmin]: '/dashboard/adminManageOrders',
  [Role.Admin]: '/dashboard/adminManageOrders',
  [Role.Driver]: '/dashboard/manageSchedule',
  [Role.AccountAdmin]: '/dashboard/incomingorders',
  [Role.User]: '/dashboard/incomingorders',
};

/** The bearer token of the page's next API call (tokens live in memory only, so this is how a test sees one). */
function nextToken(page: Page): Promise<string> {
  return new Promise((resolve) => {
    const seen = (r: import('@playwright/test').Request) => {
      const auth = r.headers()['authorization'];
      if (r.url().includes('/api/') && auth?.startsWith('Bearer ')) {
        page.off('request', seen);
        resolve(auth.slice('Bearer '.length));
      }
    };
    page.on('request', seen);
  });
}

const me = (token: string) =>
  fetch(`${APP}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

for (const role of [Role.SuperAdmin, Role.Admin, Role.Driver, Role.AccountAdmin, Role.User] as RoleNumber[]) {
  test(`role ${role} (${DEMO[role]}): Keycloak's page → home, a reload keeps the session, sign-out refuses the old token at once`, async ({
    newPage,
    shot,
  }) => {
    const page = await newPage();
    const authorize: string[] = [];
    page.on('request', (r) => r.url().includes('/protocol/openid-connect/auth?') && authorize.push(r.url()));
    await signIn(page, DEMO[role]);
    await expect(page).toHaveURL(`${APP}${HOME[role]}`);
    const first = new URL(authorize[0]!);
    expect(first.searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.searchParams.get('response_type')).toBe('code');

    // A reload: the silent check-SSO finds the Keycloak session; no sign-in page, same place, nothing stored.
    const token = nextToken(page);
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    await expect(page).toHaveURL(`${APP}${HOME[role]}`);
    expect(await page.locator('#username').count()).toBe(0);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/eyJ/); // no JWT in web storage
    const old = await token;
    expect(await me(old)).toBe(200);

    // Sign Out: the services refuse the old token at once (no waiting for it to expire), and Keycloak asks again.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-sign-out').click();
    await page.locator('#username').waitFor();
    expect(await me(old)).toBe(401);
    await page.goto(`${APP}${HOME[role]}`);
    await page.locator('#username').waitFor();
    if (role === Role.Admin) await shot(page, 'sign-in-after-sign-out');
  });
}

test("the MFA staff user signs in on Keycloak's page with a computed TOTP code", async ({
  newPage,
  shot,
}) => {
  const page = await newPage();
  await signIn(page, MFA_USER, PASSWORD, () => freshTotpCode());
  await expect(page.getByTestId('header-user')).toContainText(/Mfa|mfa\.admin/);
  // a seeded, reviewed Admin (services/accounts/scripts/seed-data.ts): where an Admin's day starts
  await expect(page).toHaveURL(`${APP}${HOME[Role.Admin]}`);
  await shot(page, 'sign-in-mfa-landed');
});
