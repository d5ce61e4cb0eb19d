// The edge and the browser through the real nginx, Keycloak and services: security and caching
// headers, the portal running under its Content-Security-Policy (no violation while signing in and opening pages,
// while an injected inline script is refused), the access token in no web storage, a token refresh only per reload.
import { readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, signIn, APP, DEMO, type Page } from '../fixtures/index.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const head = (path: string) => fetch(`${APP}${path}`, { headers: { 'accept-encoding': 'gzip' } });

test('edge: security headers on the portal, caching by kind of file, prebuilt .gz served', async () => {
  const html = await head('/login');
  expect(html.status).toBe(200);
  const csp = html.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "script-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ])
    expect(csp.includes(directive), `${directive} in ${csp}`).toBe(true);
  expect(csp.match(/script-src[^;]*/)![0]).not.toMatch(/unsafe/);
  expect(html.headers.get('x-content-type-options')).toBe('nosniff');
  expect(html.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(html.headers.get('cache-control')).toBe('no-cache');

  for (const path of ['/remotes.json', '/mfe/accounts/remoteEntry.js'])
    expect((await head(path)).headers.get('cache-control'), path).toBe('no-cache');

  const dist = join(repo, 'shell', 'dist');
  const main = readdirSync(dist).find((f) => /^main\.[0-9a-f]{8}\.js$/.test(f))!;
  const chunk = await head(`/${main}`);
  expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(chunk.headers.get('content-encoding')).toBe('gzip');
  // The very bytes of the level-9 .gz built next to it (gzip_static), not on-the-fly compression.
  expect(Number(chunk.headers.get('content-length'))).toBe(statSync(join(dist, `${main}.gz`)).size);

  const problem = await head('/api/no-such-prefix');
  expect(problem.headers.get('x-content-type-options'), 'errors carry the headers too').toBe('nosniff');
  // Keycloak's own pages keep their own framing/CSP rules (two X-Frame-Options would conflict).
  const kc = await head('/auth/realms/portal/.well-known/openid-configuration');
  expect(kc.headers.get('content-security-policy')).toBe(null);
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

test('the portal runs under its CSP: sign-in and every admin page without a violation; inline script refused', async ({
  newPage,
  shot,
}) => {
  const page = await newPage();
  const violations = await watchCsp(page);
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
  expect(violations.length, `no CSP violation while using the portal: ${violations.join(' | ')}`).toBe(0);

  // The policy is really enforced: an injected inline script does not run and is reported.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.appendChild(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await page.waitForTimeout(300);
  expect(
    violations.some((v) => v.startsWith('script-src')),
    `violation reported: ${violations.join(' | ')}`,
  ).toBe(true);
});

test('tokens: no access token in web storage; a reload refreshes once and keeps the session', async ({
  newPage,
}) => {
  const page = await newPage();
  const grants: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/protocol/openid-connect/token')) grants.push(r.url());
  });
  await signIn(page, DEMO[1]);
  await page.getByTestId('user-menu').waitFor();
  grants.length = 0; // the sign-in's own code exchange is a token request too: count from here
  const typs = await page.evaluate(() =>
    [...Object.values(localStorage), ...Object.values(sessionStorage)]
      .filter((v) => /^eyJ/.test(v))
      .map(
        (v) =>
          (JSON.parse(atob(v.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { typ?: string }).typ,
      ),
  );
  expect(!typs.includes('Bearer') && !typs.includes('ID'), `stored JWTs: ${typs.join(', ')}`).toBe(true);
  expect(await page.evaluate(() => localStorage.length), 'nothing in localStorage').toBe(0);
  await page.getByTestId('nav-accounts').click();
  await page.getByTestId('accounts-table').waitFor();
  expect(grants.length, 'no refresh while the token is fresh').toBe(0);
  await page.reload();
  await page.getByTestId('user-menu').waitFor();
  await page.getByTestId('accounts-table').waitFor();
  expect(grants.length, 'one refresh grant for the reload').toBe(1);
});
