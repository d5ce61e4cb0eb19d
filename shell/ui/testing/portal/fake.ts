// The fake /api every shell browser suite talks to: layers of routes (a screen's own fake first, the common one
// last), each answer checked against the real API's schemas (contract.ts). Keycloak's endpoints are not ours and
// are answered here, unchecked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answer, problem } from './contract.js';

export const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const REALM = ['superadmin', 'admin', 'driver', 'accountadmin', 'user'];
/** An unsigned JWT-shaped token: the shell only reads its claims; the fakes read who is calling from `email`. */
export const fakeToken = (roles: string[], email?: string, extra: object = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none' })}.${b64({ iat: now, exp: now + 3600, email, realm_access: { roles }, ...extra })}.x`;
};
export const tokenFor = (email: string, role: number) => fakeToken([REALM[role]!], email);

/** What a route sees of one request. */
export interface Call {
  method: string;
  /** The raw URL (with the query). */
  url: string;
  /** The decoded path. */
  path: string;
  query: URLSearchParams;
  input: Record<string, any>;
  /** The caller's email from the bearer token; undefined without one. */
  who?: string;
  signedIn: boolean;
  reply(status: number, body: unknown): true;
  /** A problem+json error, as the kit sends it. */
  fail(status: number, detail: string): true;
}
/** A layer: answers (true) or passes (undefined) to the next one. */
export type Route = (c: Call) => true | undefined;

function whoAsks(auth: string | undefined): string | undefined {
  try {
    return JSON.parse(Buffer.from((auth ?? '').split('.')[1] ?? '', 'base64url').toString()).email as string;
  } catch {
    return undefined;
  }
}

/** The fake Keycloak's passwords: every address signs in with the demo password unless a suite names another. */
export const FAKE_PASSWORDS = new Map<string, string>();
/** What a suite may change in the fake Keycloak: the lifetime (s) of the access token a sign-in gets. */
export const FAKE_KEYCLOAK = { lifetime: 3600 };
const ended = new Set<string>();
/** Ends `email`'s Keycloak session (as a sign-out elsewhere or a password change does): no silent sign-in after. */
export const endKeycloakSession = (email: string) => void ended.add(email);
const emailIn = (jwt: string): string | undefined => {
  try {
    return (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { email?: string })
      .email;
  } catch {
    return undefined;
  }
};
const passwordOf = (email: string) => FAKE_PASSWORDS.get(email) ?? 'Portal!2345';
/** The realm role a fake token carries, from the demo address's local part (the shell reads the role from /users/me). */
const realmRoleOf = (email: string) => REALM.find((r) => email.startsWith(`${r}@`)) ?? 'user';
const esc = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Keycloak's sign-in page in miniature, with its standard form ids (`username`, `password`, `kc-login`). */
function loginPage(query: string, email: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body>
<form id="kc-form-login" method="post" action="/auth/realms/portal/login-actions/authenticate?${esc(query)}">
${error ? `<p id="input-error" role="alert">${esc(error)}</p>` : ''}
<label for="username">Email</label><input id="username" name="username" value="${esc(email)}">
<label for="password">Password</label><input id="password" name="password" type="password">
<button id="kc-login" type="submit">Sign In</button></form></body></html>`;
}

/**
 * Keycloak behind the test edge (not ours, so unchecked): the Authorization Code flow keycloak-js runs (the sign-in
 * page, the silent check-SSO with prompt=none, the code exchange), the refresh grant and the end-session redirect.
 * The "SSO session" is a cookie holding the address; a code carries the address and the nonce.
 */
function keycloak(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url!, 'http://x');
  const send = (status: number, b: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(b));
  };
  const html = (text: string, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(text);
  };
  const back = (to: string, params: Record<string, string>, headers: Record<string, string> = {}) => {
    res.writeHead(302, { location: `${to}#${new URLSearchParams(params).toString()}`, ...headers });
    res.end();
  };
  const sso = /(?:^|;\s*)fakekc=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const path = url.pathname;
  const q = url.searchParams;
  if (path.endsWith('/3p-cookies/step1.html'))
    return html('<!doctype html><script>parent.postMessage("supported", "*")</script>');
  if (path.endsWith('/protocol/openid-connect/auth')) {
    const state = q.get('state') ?? '';
    if (q.get('prompt') === 'none') {
      if (!sso || ended.has(decodeURIComponent(sso)))
        return back(q.get('redirect_uri')!, { error: 'login_required', state });
      const code = b64({ email: decodeURIComponent(sso), nonce: q.get('nonce') });
      return back(q.get('redirect_uri')!, { state, session_state: 'fake', code });
    }
    return html(loginPage(url.search.slice(1), q.get('login_hint') ?? ''));
  }
  if (path.endsWith('/login-actions/authenticate')) {
    const form = new URLSearchParams(body);
    const email = (form.get('username') ?? '').trim().toLowerCase();
    if (!email || form.get('password') !== passwordOf(email))
      return html(loginPage(url.search.slice(1), email, 'Invalid username or password.'));
    ended.delete(email);
    const code = b64({ email, nonce: q.get('nonce') });
    return back(
      q.get('redirect_uri')!,
      { state: q.get('state') ?? '', session_state: 'fake', code },
      { 'set-cookie': `fakekc=${encodeURIComponent(email)}; Path=/auth/; HttpOnly; SameSite=Lax` },
    );
  }
  if (path.endsWith('/protocol/openid-connect/token')) {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') === 'authorization_code') {
      const { email, nonce } = JSON.parse(Buffer.from(form.get('code') ?? '', 'base64url').toString()) as {
        email: string;
        nonce?: string;
      };
      const now = Math.floor(Date.now() / 1000);
      const token = fakeToken([realmRoleOf(email)], email, { exp: now + FAKE_KEYCLOAK.lifetime });
      const refreshToken = fakeToken([], email, { typ: 'Refresh' });
      const idToken = fakeToken([], email, { nonce });
      return send(200, { access_token: token, refresh_token: refreshToken, id_token: idToken });
    }
    // The refresh grant: a fresh access token of the same identity, unless its session was ended.
    const email = emailIn(form.get('refresh_token') ?? '');
    if (!email || ended.has(email)) return send(400, { error: 'invalid_grant' });
    return send(200, {
      access_token: fakeToken([realmRoleOf(email)], email),
      refresh_token: form.get('refresh_token'),
    });
  }
  if (path.endsWith('/protocol/openid-connect/logout')) {
    // end-session through the browser: the SSO cookie goes, back to the portal
    const to = q.get('post_logout_redirect_uri');
    const gone = 'fakekc=; Path=/auth/; Max-Age=0';
    if (req.method === 'GET' && to) {
      res.writeHead(302, { location: to, 'set-cookie': gone });
      return void res.end();
    }
    res.writeHead(204, { 'set-cookie': gone });
    return void res.end();
  }
  send(503, { error: 'no such keycloak endpoint in this test' });
}

/** An ApiHandler for the static edge from route layers; `calls` records "METHOD url body" for the tests. */
export function fake(calls: string[], ...layers: Route[]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = req.url ?? '';
      const method = req.method ?? 'GET';
      calls.push(`${method} ${url} ${body}`);
      if (url.startsWith('/auth/')) return keycloak(req, res, body);
      const parsed = new URL(url, 'http://x');
      const reply = (status: number, b: unknown) => answer(res, method, url, status, b);
      const c: Call = {
        method,
        url,
        path: decodeURIComponent(parsed.pathname),
        query: parsed.searchParams,
        input: body ? (JSON.parse(body) as Record<string, any>) : {},
        who: whoAsks(req.headers.authorization),
        signedIn: !!req.headers.authorization,
        reply,
        fail: (status, detail) => reply(status, problem(status, detail)),
      };
      // Stored files (logos, signatures) are not served in these tests: the screens only show their URLs.
      if (c.path.startsWith('/api/utils/file/')) return void c.fail(404, 'File not found');
      for (const layer of layers) if (layer(c)) return;
      c.fail(404, 'Not found');
    });
    return true;
  };
}
