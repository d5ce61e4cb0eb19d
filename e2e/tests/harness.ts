// Shared helpers for the end-to-end suite: a real Chromium (Debian's) through the real edge, real Keycloak,
// real services, and the real SMTP sink.
import { before, after } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP = process.env.APP_URL ?? 'http://localhost:8080';
export const MAILBOX = process.env.MAILBOX_URL ?? 'http://127.0.0.1:8025';
export const JAEGER = process.env.JAEGER_QUERY_URL ?? 'http://127.0.0.1:16686';
export const PASSWORD = 'Portal!2345';
export const DEMO = {
  0: 'superadmin@demo.portal',
  1: 'admin@demo.portal',
  2: 'driver@demo.portal',
  3: 'accountadmin@demo.portal',
  4: 'user@demo.portal',
} as const;
export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
    ],
  });
}

export async function newPage(
  browser: Browser,
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/** Signs in through the spec's own login screen and waits for the dashboard frame. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${APP}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard\//);
  await page.getByTestId('user-menu').waitFor();
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export interface MailSummary {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
}
export interface Mail extends MailSummary {
  text: string;
  html: string;
}

/** Waits until a mail matching `match` arrives after `since`, and returns it whole. */
export async function waitForMail(
  match: (m: MailSummary) => boolean,
  since: number,
  timeoutMs = 30_000,
): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const list = (await (await fetch(`${MAILBOX}/api/messages`)).json()) as MailSummary[];
    const hit = list.find((m) => new Date(m.date).getTime() >= since - 2000 && match(m));
    if (hit) return (await (await fetch(`${MAILBOX}/api/messages/${hit.id}`)).json()) as Mail;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('expected mail did not arrive');
}

export async function mailsTo(address: string, subject: string, since: number): Promise<MailSummary[]> {
  const list = (await (await fetch(`${MAILBOX}/api/messages`)).json()) as MailSummary[];
  return list.filter(
    (m) =>
      new Date(m.date).getTime() >= since - 2000 &&
      m.subject === subject &&
      m.to.some((t) => t.includes(address)),
  );
}

/** A token for a demo user straight from the accounts service, for arranging state through the API. */
export async function apiLogin(email: string): Promise<string> {
  const r = await fetch(`${APP}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!r.ok) throw new Error(`login ${email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { token: string }).token;
}

export async function api(
  token: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const r = await fetch(`${APP}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : undefined };
}

// ---- accounts & identity helpers (accounts-*.test.ts) ----

/** A unique address for a user a test creates, e.g. `e2e-signup-1795…-123@test.portal`. */
export function uniqueEmail(kind: string): string {
  return `e2e-${kind}-${Date.now()}-${Math.floor(Math.random() * 1000)}@test.portal`;
}

/** The 6-digit pin (or reset code) of a 'Verify your email' / 'Reset your password' mail. */
export function pinFromMail(mail: Mail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.text);
  if (!m) throw new Error(`no code in mail "${mail.subject}": ${mail.text}`);
  return m[1];
}

/** A fresh licence record (no users yet) created by staff; returns its number and id for the cleanup. */
export async function createLicence(staffToken: string, kind: string): Promise<{ lic: string; id: string }> {
  const lic = `E2E-${kind.toUpperCase()}-${Date.now()}`;
  const r = await api(staffToken, '/api/license/create', {
    record: {
      'License #': lic,
      Licensee: `E2E ${kind} Holdings LLC`,
      DBA: `E2E ${kind}`,
      'Street Address': '1 Test Way',
      City: 'Testville',
      Zip: '90001',
    },
  });
  if (r.status !== 200 && r.status !== 201)
    throw new Error(`licence create: ${r.status} ${JSON.stringify(r.json)}`);
  return { lic, id: r.json.record.id };
}

/** Arrange a signed-up, pin-verified user (password PASSWORD) on a licence through the API and the mailbox. */
export async function signUpByApi(email: string, licence: string): Promise<void> {
  const since = Date.now();
  const r = await fetch(`${APP}/api/auth/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      data: { company: { 'License #': licence } },
      method: 'license',
    }),
  });
  if (r.status !== 201) throw new Error(`signUp ${email}: ${r.status} ${await r.text()}`);
  const mail = await waitForMail(
    (m) => m.subject === 'Verify your email' && m.to.some((t) => t.includes(email)),
    since,
  );
  const v = await fetch(`${APP}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, pin: pinFromMail(mail) }),
  });
  if (!v.ok) throw new Error(`verify ${email}: ${v.status} ${await v.text()}`);
}

/** Deletes users a test created (as staff); a user already gone is fine. */
export async function deleteUsers(staffToken: string, emails: string[]): Promise<void> {
  for (const email of emails) {
    const r = await api(staffToken, '/api/users/delete', { user: { email } });
    if (r.status !== 200 && r.status !== 404)
      console.warn(`cleanup of ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  }
}

/**
 * The accounts suites' common frame: a browser, an admin token, and cleanup of every user and licence record
 * the suite records in `created` / `licences`.
 */
export function accountsSuite(ready: (browser: Browser, admin: string) => void): {
  created: string[];
  licences: string[];
} {
  const created: string[] = [];
  const licences: string[] = [];
  let browser: Browser | undefined;
  let admin = '';
  before(async () => {
    browser = await launch();
    admin = await apiLogin(DEMO[1]);
    ready(browser, admin);
  });
  after(async () => {
    await deleteUsers(admin, created);
    for (const id of licences) await api(admin, '/api/license/delete', { record: { id } });
    await browser?.close();
  });
  return { created, licences };
}

/** The red message under a field: the element its input's aria-describedby names, text as-is (trailing space kept). */
export async function fieldError(page: Page, testId: string): Promise<string | null> {
  const id = await page.getByTestId(testId).getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}
