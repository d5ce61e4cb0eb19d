// Keycloak's browser sign-in without a browser: Authorization Code + PKCE (S256) on the public client portal-web,
// through the portal's edge as a browser reaches it (cookies kept, HTML form posted, redirects followed one by
// one). What the shell's keycloak-js does, for the attack replay and the realm tests: the tokens it ends with are
// the browser's own, and where Keycloak stops instead (a page, an error redirect) is what a person would see.
import { createHash, randomBytes } from 'node:crypto';

const b64url = (buf) => Buffer.from(buf).toString('base64url');

/** The text of a Keycloak page (tags, scripts and styles dropped), for messages and checks. */
export const pageText = (html) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
/** A string of the page's kcContext (a themed page renders from it in the browser: no HTML form to read). */
const kcField = (html, key) => {
  const m = new RegExp(`"${key}":\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(html);
  return m ? JSON.parse(`"${m[1]}"`) : undefined;
};
export const formAction = (html) =>
  /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? kcField(html, 'loginAction');
/** Keycloak's page id (e.g. login, login-otp, login-verify-email, error): <body data-page-id> or kcContext's. */
export const pageId = (html) => /data-page-id="([^"]*)"/.exec(html)?.[1] ?? kcField(html, 'pageId');
/** The message Keycloak gives on a page (kcContext's message.summary on a themed page), else the page's text. */
export const pageMessage = (html) => kcField(html, 'summary') ?? pageText(html).slice(0, 200);

/**
 * Signs in as a browser would. `fields` are what the person types after the password page (e.g. { otp }).
 * Answers { tokens } when Keycloak redirected back with a code that was exchanged, or { error } (an error redirect),
 * or { page, status, id } where Keycloak stopped on a page of its own.
 */
export async function browserSignIn({
  app = process.env.APP_URL ?? 'http://localhost:8080',
  realm = process.env.KEYCLOAK_REALM ?? 'portal',
  client = process.env.KEYCLOAK_PUBLIC_CLIENT_ID ?? 'portal-web',
  redirectUri = `${app}/`,
  scope = 'openid',
  username,
  password,
  fields = [],
}) {
  const jar = new Map();
  const get = async (url, init = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: AbortSignal.timeout(15_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
    return res;
  };
  const oidc = `${app}/auth/realms/${realm}/protocol/openid-connect`;
  const target = new URL(redirectUri); // where Keycloak sends the browser back (its own pages share the origin)
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const q = new URLSearchParams({
    client_id: client,
    response_type: 'code',
    response_mode: 'query',
    scope,
    redirect_uri: redirectUri,
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  if (username) q.set('login_hint', username);
  let res = await get(`${oidc}/auth?${q}`);
  const steps = [{ username, password, credentialId: '' }, ...fields];
  for (let hop = 0; hop < 12; hop++) {
    const location = res.headers.get('location');
    if (location) {
      const to = new URL(location, app);
      if (to.origin + to.pathname === target.origin + target.pathname) {
        const back = to.searchParams;
        if (back.get('error'))
          return { error: back.get('error'), description: back.get('error_description') };
        const t = await fetch(`${oidc}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            client_id: client,
            code: back.get('code') ?? '',
            redirect_uri: redirectUri,
            code_verifier: verifier,
          }),
        });
        return { tokens: await t.json(), status: t.status };
      }
      res = await get(to.toString());
      continue;
    }
    const html = await res.text();
    const action = formAction(html);
    const next = steps.shift();
    if (!action || !next || res.status >= 400) return { page: html, status: res.status, id: pageId(html) };
    res = await get(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(next).filter(([, v]) => v !== undefined)),
    });
  }
  return { error: 'too many redirects' };
}
