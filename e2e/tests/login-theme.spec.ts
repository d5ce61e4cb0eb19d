// The login page is Keycloak's, themed in React (login-theme/, Keycloakify): opened through the edge as the shell's
// keycloak-js opens it (Authorization Code + PKCE), it must carry the spec's words and links, validate in the
// browser, answer a failed sign-in with the spec's message, stop an unverified address with the portal's pin link,
// pass axe and stay light (≤ 150 KB of gzipped JS).
import AxeBuilder from '@axe-core/playwright';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { AuthMessages, Messages } from '@portal/contracts';
import {
  APP,
  KEYCLOAK_REALM,
  PASSWORD,
  PUBLIC_CLIENT,
  expect,
  publicPost,
  test,
  uniqueEmail,
} from '../fixtures/index.ts';
import type { Page } from '../fixtures/index.ts';

const SHOTS = '/tmp/shots-login-theme';
const JS_BUDGET = 150 * 1024;

/** Keycloak's authorization endpoint for the portal's public client, as keycloak-js builds it (S256 PKCE). */
function authUrl(loginHint?: string): string {
  const verifier = randomBytes(32).toString('base64url');
  const q = new URLSearchParams({
    client_id: PUBLIC_CLIENT,
    response_type: 'code',
    redirect_uri: `${APP}/`,
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  if (loginHint) q.set('login_hint', loginHint);
  return `${APP}/auth/realms/${KEYCLOAK_REALM}/protocol/openid-connect/auth?${q}`;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('the themed sign-in page: the spec words, login_hint, the portal links, axe, ≤ 150 KB of gzipped JS', async ({
  newPage,
}, testInfo) => {
  const page = await newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    const body = await r.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: r.url(), raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(authUrl('user@demo.portal'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('user@demo.portal');
  await expect(page.locator('input#username[name="username"]')).toBeVisible();
  await expect(page.locator('input#password[name="password"]')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.locator('#kc-login')).toHaveText('Sign In');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
    'href',
    '/forgotPassword?email=user%40demo.portal',
  );
  await expect(page.getByText('Delivery Portal', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-1366');

  // the page's inline script (Keycloak's kcContext for the React app) counts too
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  for (const text of inline)
    scripts.push({ url: '(inline)', raw: Buffer.byteLength(text), gzip: gzipSync(text).length });
  const total = scripts.reduce((s, x) => s + x.gzip, 0);
  const figure = `${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped (${(scripts.reduce((s, x) => s + x.raw, 0) / 1024).toFixed(1)} KB raw)`;
  testInfo.annotations.push({ type: 'login page JS', description: figure });
  console.log(`login page JS: ${figure}\n${scripts.map((s) => `  ${s.gzip} B  ${s.url}`).join('\n')}`);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(JS_BUDGET);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('#kc-login')).toBeInViewport();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-390');
});

test('the themed sign-in page checks the form in the browser: the spec messages, nothing posted', async ({
  newPage,
}) => {
  const page = await newPage();
  await page.goto(authUrl());
  await expect(page.getByLabel('Email')).toBeFocused();
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST') posted = true;
  });
  await page.getByLabel('Email').fill('not-an-email');
  await page.locator('#kc-login').click();
  await expect(page.locator('#username-error')).toHaveText(Messages.invalidEmail.trim());
  expect(await page.locator('#username-error').textContent()).toBe(Messages.invalidEmail);
  await expect(page.locator('#password-error')).toHaveText(Messages.passwordRequired);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-describedby', 'username-error');

  await page.getByLabel('Email').fill('user@demo.portal');
  await page.locator('#kc-login').click();
  await expect(page.locator('#username-error')).toHaveCount(0);
  await expect(page.locator('#password-error')).toHaveText(Messages.passwordRequired);
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(posted).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-empty-password');
});

test("a failed sign-in shows the spec's message (Keycloak's own answer, themed)", async ({ newPage }) => {
  const page = await newPage();
  // an address no one has: a wrong password on a demo user would count towards its brute-force lockout
  const nobody = uniqueEmail('theme-nobody');
  await page.goto(authUrl());
  await page.getByLabel('Email').fill(nobody);
  await page.getByLabel('Password').fill('Wrong!2345');
  await page.locator('#kc-login').click();
  await expect(page.getByRole('alert')).toHaveText(Messages.loginFailed);
  await expect(page.getByLabel('Email')).toHaveValue(nobody);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-failed');
});

test('Sign Up and Forgot Password open the portal flows, the email handed on', async ({ newPage }) => {
  const page = await newPage();
  await page.goto(authUrl('user@demo.portal'));
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(`${APP}/forgotPassword?email=user%40demo.portal`);
  await expect(page.getByTestId('forgot-email')).toHaveValue('user@demo.portal');
  await page.goto(authUrl());
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(`${APP}/signup`);
});

test('an unverified address stops at the themed verify page; "send the code again" mails a new pin and opens the pin screen', async ({
  newPage,
  testData,
  mailbox,
}) => {
  const email = uniqueEmail('theme-unverified');
  const licence = await testData.licence('theme');
  const signUp = await publicPost('/api/auth/signUp', {
    email,
    password: PASSWORD,
    data: { company: { 'License #': licence } },
    method: 'license',
  });
  expect(signUp.status).toBe(201);
  testData.track(email);

  const page = await newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(authUrl(email));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('#kc-login').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeVisible();
  await expect(page.locator('#kc-verify-email-message')).toHaveText(AuthMessages.emailNotVerified);
  const resend = page.getByRole('link', { name: 'send the code again' });
  await expect(resend).toHaveAttribute('href', `/verify?email=${encodeURIComponent(email)}`);
  // the realm has no SMTP: Keycloak stops on its error page, which the theme words as the portal's stop
  await expect(page.getByText('Failed to send email')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-verify-email');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-verify-email-390');

  const since = Date.now();
  await resend.click();
  await expect(page).toHaveURL(`${APP}/verify?email=${encodeURIComponent(email)}`);
  await mailbox.waitForMailTo(email, 'Verify your email', { since });
});

test('a line the portal left for the sign-in page (a reset, a deleted account) is shown once above the form', async ({
  newPage,
}) => {
  const page = await newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // what the portal's screens do before they leave for Keycloak (shell handoff.ts SIGN_IN_NOTICE, this tab only)
  await page.goto(`${APP}/silent-check-sso.html`);
  await page.evaluate((m) => sessionStorage.setItem('portal.signInNotice', m), Messages.passwordUpdated);
  await page.goto(authUrl('user@demo.portal'));
  await expect(page.locator('#portal-notice')).toHaveText(Messages.passwordUpdated);
  await expect(page.getByLabel('Email')).toHaveValue('user@demo.portal');
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-notice-390');
  await page.reload();
  await expect(page.locator('#kc-login')).toBeVisible();
  await expect(page.locator('#portal-notice')).toHaveCount(0);
});

test('the not-yet-verified stop without a known address (Keycloak names none there) opens the pin screen to ask for it', async ({
  newPage,
  testData,
}) => {
  const email = uniqueEmail('theme-unverified-noaddr');
  const licence = await testData.licence('theme');
  const signUp = await publicPost('/api/auth/signUp', {
    email,
    password: PASSWORD,
    data: { company: { 'License #': licence } },
    method: 'license',
  });
  expect(signUp.status).toBe(201);
  testData.track(email);

  const page = await newPage();
  // the sign-in page of another tab: nothing remembered in this one
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => undefined;
  });
  await page.goto(authUrl(email));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('#kc-login').click();
  await expect(page.locator('#kc-verify-email-message')).toHaveText(AuthMessages.emailNotVerified);
  await expect(page.getByText('We sent the code to')).toHaveCount(0);
  await page.getByRole('link', { name: 'send the code again' }).click();
  await expect(page).toHaveURL(`${APP}/verify`);
  const address = page.getByTestId('verify-email');
  await expect(address).toHaveValue('');
  await expect(address).toBeEditable();
});

test("a staff user's second factor is asked on a page in the portal's frame (axe-clean)", async ({
  newPage,
}) => {
  const page = await newPage();
  // the realm's demo staff user with TOTP; no code is entered (a wrong one would count towards its lockout)
  await page.goto(authUrl('mfa.admin@demo.portal'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.locator('#kc-login').click();
  await expect(page.getByLabel('One-time code')).toBeVisible();
  await expect(page.locator('input#otp[name="otp"]')).toBeFocused();
  await expect(page.locator('#kc-attempted-username')).toHaveText('mfa.admin@demo.portal');
  await expect(page.getByText('Delivery Portal', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, 'login-otp');
});
