// /login opened as a page (a bookmark, the sign-in link, a test): the browser goes straight to Keycloak's sign-in
// page from this small entry (keycloak-js and handoff.ts: no React, no remotes, no share scope), so its first load
// is a few KB. The portal comes back to `/` with the code, where the full shell (bootstrap.tsx) finishes the sign-in.
// Inside the running portal (a client-side move to /login) the accounts remote's Login screen does the same through
// the session. Same options as that screen: the email a previous screen or `?email=` names, `?redirect=`.
import Keycloak from 'keycloak-js';
import { KEYCLOAK, initOptions, loginOptions } from './handoff.js';

/** The email the previous screen handed over in history.state, else `?email=`: Keycloak's login_hint. */
function knownEmail(query: URLSearchParams): string | undefined {
  const state: unknown = window.history.state;
  const handed = state && typeof state === 'object' ? (state as { email?: unknown }).email : undefined;
  const e = (typeof handed === 'string' ? handed : (query.get('email') ?? '')).trim().toLowerCase();
  return e || undefined;
}

/** Sends the browser to Keycloak's sign-in page; resolves only if the page is still here afterwards. */
export async function handOff(): Promise<void> {
  const origin = window.location.origin;
  const query = new URLSearchParams(window.location.search);
  const main = document.getElementById('portal-main');
  if (main) main.textContent = 'Taking you to the sign-in page…';
  const kc = new Keycloak({ url: `${origin}/auth`, ...KEYCLOAK });
  // no onLoad: nothing is asked of Keycloak here (no check-SSO); init only sets up the endpoints and PKCE
  await kc.init(initOptions(origin));
  // after the page's load event: a navigation started while the document still loads would cancel that load
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  const leaving = kc.login(
    loginOptions(origin, { loginHint: knownEmail(query), redirect: query.get('redirect') ?? undefined }),
  );
  // login() never resolves when the page leaves; a navigation the browser did not follow (Keycloak's answer was not
  // a page) leaves this entry waiting, then the caller opens the full portal and its sign-in screen
  await Promise.race([leaving, new Promise((resolve) => setTimeout(resolve, STILL_HERE_MS))]);
}

/**
 * How long a hand-off may take before the portal's own sign-in screen (with its Sign In button) is shown: long enough
 * for a slow Keycloak (the full portal loading under a navigation still on its way would be wasted bytes).
 */
export const STILL_HERE_MS = 10_000;
