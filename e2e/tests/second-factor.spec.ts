// Staff register their own second factor from the portal: Profile → "Sign-in security" starts Keycloak's own set-up
// page (an application-initiated action, kc_action), the list shows what was registered, and the next sign-in asks
// for it. A security key through Chromium's virtual authenticator (CDP WebAuthn); an authenticator app whose code is
// computed from the secret the themed set-up page prints. Each test has a staff user of its own (made by accounts,
// its password set through Keycloak's admin API), never a shared demo user: brute-force counts are per account.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { Role } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import {
  otpCredential,
  securityKeyCredential,
  totpCode,
  totpCodeFromBase32,
} from '@portal/service-kit/testing';
import {
  test,
  expect,
  APP,
  DEMO,
  PASSWORD,
  ApiClient,
  fillKeycloakLogin,
  signIn,
  type Page,
} from '../fixtures/index.ts';

const KC = process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
const SHOTS = '/tmp/shots-second-factor';
const STAFF_HOME = `${APP}/dashboard/adminManageOrders`;

/** Keycloak's admin API as the local master admin (the dev stack's bootstrap admin, as the realm suite uses). */
async function kcAdmin(method: string, path: string, body?: unknown): Promise<Response> {
  const t = await fetch(`${KC}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: process.env.KEYCLOAK_ADMIN ?? 'admin',
      password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
    }),
  });
  const { access_token } = (await t.json()) as { access_token: string };
  return fetch(`${KC}/admin/realms/portal${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A verified Admin (role 1) made by accounts as the superadmin would, with PASSWORD as a lasting password. */
async function staffUser(tag: string, track: (email: string) => void): Promise<string> {
  const email = `e2e-${tag}-${Date.now()}@test.portal`;
  const superadmin = await ApiClient.as(DEMO[Role.SuperAdmin]);
  const made = await superadmin.call('/api/users/create', {
    user: { email, role: Role.Admin, verified: true, name: { firstName: 'Sec', lastName: 'Ond' } },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  track(email);
  const [user] = (await (
    await kcAdmin('GET', `/users?email=${encodeURIComponent(email)}&exact=true`)
  ).json()) as {
    id: string;
  }[];
  const set = await kcAdmin('PUT', `/users/${user!.id}/reset-password`, {
    type: 'password',
    value: PASSWORD,
    temporary: false,
  });
  expect(set.status).toBe(204);
  return email;
}

/** The page at 1366 and 390 px, kept in /tmp/shots-second-factor. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const [w, h] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** A themed Keycloak page: both widths kept, and axe finds nothing serious or critical on it. */
async function themed(page: Page, name: string): Promise<void> {
  await shots(page, name);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    name,
  ).toEqual([]);
}

const openProfile = async (page: Page) => {
  await page.goto(`${APP}/dashboard/profile`);
  await page.getByTestId('profile-section-security').waitFor();
};

test('a staff user registers a security key on Profile, sees it listed, and signs in with password + key', async ({
  newPage,
  testData,
}) => {
  const email = await staffUser('seckey', (e) => testData.track(e));
  const page = await newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  // Keycloak's registration script asks for the key's label with window.prompt
  page.on('dialog', (d) => void (d.type() === 'prompt' ? d.accept('Desk key') : d.accept()));

  await signIn(page, email);
  await expect(page).toHaveURL(STAFF_HOME);
  await openProfile(page);
  await expect(page.getByTestId('security-key-count')).toHaveText('None registered');
  await expect(page.getByTestId('security-app-status')).toHaveText('Not set up');
  await shots(page, 'profile-security-empty');

  await page.getByTestId('security-add-key').click();
  await page.locator('#kc-webauthn-settings-form').waitFor({ state: 'attached' });
  await themed(page, 'kc-webauthn-register');
  await page.getByRole('button', { name: /register/i }).click();

  await page.waitForURL(`${APP}/dashboard/profile`);
  await expect(page.getByTestId('toast').filter({ hasText: 'security key is registered' })).toBeVisible();
  await expect(page.getByTestId('security-key')).toHaveCount(1);
  await expect(page.getByTestId('security-key').first()).toContainText('Desk key');
  await expect(page.getByTestId('security-key-count')).toHaveText('1 registered');
  await shots(page, 'profile-security-key');
  const axe = await new AxeBuilder({ page }).include('[data-testid=profile-section-security]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // sign out; the next sign-in asks for the key after the password, and lands where an Admin's day starts
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await page.locator('#username').waitFor();
  await fillKeycloakLogin(page, email);
  const useKey = page.getByRole('button', { name: /security key|passkey|sign in/i });
  await useKey.first().waitFor();
  await themed(page, 'kc-webauthn-authenticate');
  await useKey.first().click();
  await page.waitForURL(STAFF_HOME);
  await page.getByTestId('user-menu').waitFor();
});

test('a staff user sets up an authenticator app from Profile and then signs in with its code', async ({
  newPage,
  testData,
}) => {
  // two sign-ins, a set-up, a sign-out and up to a whole TOTP period (30 s) waited for by design: 14–66 s in eight
  // rehearsals, past the default 120 s in one on a host running at about half speed (the bench's bare Fastify at
  // 13.6k req/s that hour, 24k the hour before)
  test.setTimeout(180_000);
  const email = await staffUser('totp', (e) => testData.track(e));
  const page = await newPage();
  await signIn(page, email);
  await openProfile(page);
  // Cancel on Keycloak's page: back on Profile, told nothing changed (kc_action_status cancelled)
  await page.getByTestId('security-setup-app').click();
  await page.locator('#cancelTOTPBtn').click();
  await page.waitForURL(`${APP}/dashboard/profile`);
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Cancelled: nothing was changed.' }),
  ).toBeVisible();
  await expect(page.getByTestId('security-app-status')).toHaveText('Not set up');
  await page.getByTestId('security-setup-app').click();

  // Keycloak's set-up page, themed: "Unable to scan?" prints the secret (base32) an app would store
  await page.locator('#kc-totp-settings-form').waitFor();
  await themed(page, 'kc-totp-setup');
  await page.locator('#mode-manual').click();
  const secret = (await page.locator('#kc-totp-secret-key').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7 ]{16,}$/);
  await themed(page, 'kc-totp-setup-manual');
  await page.locator('#totp').fill(totpCodeFromBase32(secret));
  await page.locator('#userLabel').fill('Phone');
  await page.locator('#saveTOTPBtn').click();

  await page.waitForURL(`${APP}/dashboard/profile`);
  await expect(page.getByTestId('toast').filter({ hasText: 'authenticator app is set up' })).toBeVisible();
  await expect(page.getByTestId('security-app-status')).toHaveText('Set up');
  await shots(page, 'profile-security-app');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-sign-out').click();
  await page.locator('#username').waitFor();
  // the code of the next period: the one just used at set-up is not accepted twice
  let code = totpCodeFromBase32(secret);
  await fillKeycloakLogin(page, email, PASSWORD, async () => {
    while (totpCodeFromBase32(secret) === code) await new Promise((r) => setTimeout(r, 1000));
    code = totpCodeFromBase32(secret);
    return code;
  });
  await page.waitForURL(STAFF_HOME);
  await page.getByTestId('user-menu').waitFor();
});

test('a staff user with a key and an app: "Try another way" on the key page offers the app, whose code signs in', async ({
  newPage,
  testData,
}) => {
  const email = await staffUser('another', (e) => testData.track(e));
  // the same login again with both factors (Keycloak's admin API adds no credential to a user: the import replaces
  // it, and accounts links the profile to the new login by its address at the first sign-in)
  const secret = `Another${randomBytes(8).toString('hex')}`;
  const imported = await kcAdmin('POST', '/partialImport', {
    ifResourceExists: 'OVERWRITE',
    users: [
      {
        username: email,
        email,
        enabled: true,
        emailVerified: true,
        firstName: 'Sec',
        lastName: 'Ond',
        groups: ['/portal-admins'],
        credentials: [
          { type: 'password', value: PASSWORD, temporary: false },
          securityKeyCredential('Desk key'),
          otpCredential(secret, 'Phone'),
        ],
      },
    ],
  });
  expect(imported.status, await imported.text()).toBe(200);
  // accounts' clean-up deletes the login its profile knows: the imported one goes here, whatever the outcome
  const [login] = (await (
    await kcAdmin('GET', `/users?email=${encodeURIComponent(email)}&exact=true`)
  ).json()) as { id: string }[];
  try {
    const page = await newPage();
    await page.goto(`${APP}/login`);
    await fillKeycloakLogin(page, email);
    await page.getByRole('button', { name: 'Try Another Way' }).click();
    await page.locator('#kc-select-credential-form').waitFor();
    await themed(page, 'kc-select-authenticator');
    await page.getByRole('button', { name: /authenticator/i }).click();
    await page.locator('#otp').fill(totpCode(secret));
    await page.locator('#kc-login').click();
    await page.waitForURL(STAFF_HOME);
    await page.getByTestId('user-menu').waitFor();
  } finally {
    await kcAdmin('DELETE', `/users/${login!.id}`);
  }
});
