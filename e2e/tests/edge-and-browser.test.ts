// The edge and the browser through the real nginx, Keycloak and services (issues 8 and 9): security and caching
// headers, the portal running under its Content-Security-Policy (no violation while signing in and opening pages,
// while an injected inline script is refused), the access token in no web storage, a token refresh only per reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, signIn, shot, APP, DEMO } from './harness.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => browser?.close());

const head = (path: string) => fetch(`${APP}${path}`, { headers: { 'accept-encoding': 'gzip' } });

test('edge: security headers on the portal, caching by kind of file, prebuilt .gz served', async () => {
  const html = await head('/login');
  assert.equal(html.status, 200);
  const csp = html.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "script-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ])
    assert.ok(csp.includes(directive), `${directive} in ${csp}`);
  assert.doesNotMatch(csp.match(/script-src[^;]*/)![0], /unsafe/);
  assert.equal(html.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(html.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  assert.equal(html.headers.get('cache-control'), 'no-cache');

  for (const path of ['/remotes.json', '/mfe/accounts/remoteEntry.js'])
    assert.equal((await head(path)).headers.get('cache-control'), 'no-cache', path);

  const dist = join(repo, 'shell', 'dist');
  const main = readdirSync(dist).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f))!;
  const chunk = await head(`/${main}`);
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(chunk.headers.get('content-encoding'), 'gzip');
  // The very bytes of the level-9 .gz built next to it (gzip_static), not on-the-fly compression.
  assert.equal(Number(chunk.headers.get('content-length')), statSync(join(dist, `${main}.gz`)).size);

  const problem = await head('/api/no-such-prefix');
  assert.equal(problem.headers.get('x-content-type-options'), 'nosniff', 'errors carry the headers too');
  // Keycloak's own pages keep their own framing/CSP rules (two X-Frame-Options would conflict).
  const kc = await head('/auth/realms/portal/.well-known/openid-configuration');
  assert.equal(kc.headers.get('content-security-policy'), null);
});

/** Collects CSP violations (reported by the page itself) and console errors that mention the policy. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => void seen.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      ),
    ),
  );
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the portal runs under its CSP: sign-in and every admin page without a violation; inline script refused', async () => {
  const { context, page } = await newPage(browser);
  try {
    const violations = await watchCsp(page);
    await page.goto(`${APP}/login`);
    await page.getByTestId('login-email').waitFor();
    await signIn(page, DEMO[0]);
    for (const [path, testId] of [
      ['/dashboard/accounts', 'accounts-table'],
      ['/dashboard/lnupdate', 'ln-page'],
      ['/dashboard/invite', 'invite-page'],
      ['/dashboard/settings', 'settings-page'],
      ['/dashboard/createOrder', ''],
      ['/dashboard/faq', 'faq'],
    ] as const) {
      await page.goto(`${APP}${path}`);
      if (testId) await page.getByTestId(testId).waitFor();
      await page.waitForLoadState('networkidle');
    }
    await shot(page, 'csp-faq-superadmin');
    assert.equal(violations.length, 0, `no CSP violation while using the portal: ${violations.join(' | ')}`);

    // The policy is really enforced: an injected inline script does not run and is reported.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.appendChild(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    assert.equal(ran, false);
    await page.waitForTimeout(300);
    assert.ok(
      violations.some((v) => v.startsWith('script-src')),
      `violation reported: ${violations.join(' | ')}`,
    );
  } finally {
    await context.close();
  }
});

test('tokens: no access token in web storage; a reload refreshes once and keeps the session', async () => {
  const { context, page } = await newPage(browser);
  try {
    const grants: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/protocol/openid-connect/token')) grants.push(r.url());
    });
    await signIn(page, DEMO[1]);
    const typs = await page.evaluate(() =>
      [...Object.values(localStorage), ...Object.values(sessionStorage)]
        .filter((v) => /^eyJ/.test(v))
        .map(
          (v) =>
            (JSON.parse(atob(v.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { typ?: string })
              .typ,
        ),
    );
    assert.ok(!typs.includes('Bearer') && !typs.includes('ID'), `stored JWTs: ${typs.join(', ')}`);
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing in localStorage');
    await page.getByTestId('nav-accounts').click();
    await page.getByTestId('accounts-table').waitFor();
    assert.equal(grants.length, 0, 'no refresh while the token is fresh');
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('accounts-table').waitFor();
    assert.equal(grants.length, 1, 'one refresh grant for the reload');
  } finally {
    await context.close();
  }
});
