// What a sign-in hands Keycloak and what it leaves for the page it comes back to: shared by the session (session.ts)
// and /login's small entry (login.ts), so this module imports nothing (no React, no contracts): /login's first load
// is this, keycloak-js and the entry.
import type { KeycloakInitOptions, KeycloakLoginOptions } from 'keycloak-js';

export const KEYCLOAK = { realm: 'portal', clientId: 'portal-web' };
/** The one redirect URI of a sign-in: `/`, which the route guard sends to where the role's day starts. */
export const CALLBACK_PATH = '/';
/** Where to go once signed in (a same-origin path the login route was asked for): not a secret, this tab only. */
export const AFTER_LOGIN = 'portal.afterLogin';
/** An email to prefill on the sign-in page after a sign-out that asked for it (change of email). */
export const LOGIN_HINT = 'portal.loginHint';
/**
 * A line for Keycloak's sign-in page to show once (what just happened: email verified, password reset, account
 * deleted). Keycloak's page is on the portal's origin (/auth), so the login theme reads this tab's sessionStorage
 * (login-theme/src/login/signInNotice.ts names the same key) and removes it.
 */
export const SIGN_IN_NOTICE = 'portal.signInNotice';

/** A same-origin path (never `//host`), else `/`. */
export const samePath = (p: string | null | undefined): string =>
  p && p.startsWith('/') && !p.startsWith('//') ? p : '/';

/** keycloak-js's init: Authorization Code + PKCE S256, the code in the fragment, no polling session iframe. */
export const initOptions = (origin: string): KeycloakInitOptions => ({
  flow: 'standard',
  pkceMethod: 'S256',
  responseMode: 'fragment',
  redirectUri: origin + CALLBACK_PATH,
  // No polling session iframe: a session ended elsewhere shows at the next refresh or API call (401).
  checkLoginIframe: false,
});

/**
 * The options of keycloak-js's login(): the email to prefill (the caller's, else one a sign-out left), and the page to
 * open once back (a same-origin path, kept in this tab's sessionStorage until the session reads it).
 */
export function loginOptions(
  origin: string,
  options: { loginHint?: string; redirect?: string; notice?: string } = {},
): KeycloakLoginOptions {
  if (options.notice) sessionStorage.setItem(SIGN_IN_NOTICE, options.notice);
  const hint = options.loginHint ?? sessionStorage.getItem(LOGIN_HINT) ?? undefined;
  sessionStorage.removeItem(LOGIN_HINT);
  if (options.redirect && samePath(options.redirect) !== '/')
    sessionStorage.setItem(AFTER_LOGIN, samePath(options.redirect));
  else sessionStorage.removeItem(AFTER_LOGIN);
  return { redirectUri: origin + CALLBACK_PATH, loginHint: hint || undefined };
}
