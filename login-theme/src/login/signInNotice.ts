/**
 * A line the portal left for the sign-in page (what just happened: email verified, password reset, account deleted):
 * the portal's screen leaves for Keycloak at once, so its toast would be lost. The portal writes it into this tab's
 * sessionStorage (shell/src/handoff.ts SIGN_IN_NOTICE, the same key) and Keycloak's page is on the portal's origin
 * (/auth): read once, then removed, so a reload or a later visit does not show it again.
 */
const KEY = 'portal.signInNotice';
let taken: string | undefined;

export function takeSignInNotice(): string {
  if (taken === undefined) {
    try {
      taken = sessionStorage.getItem(KEY) ?? '';
      sessionStorage.removeItem(KEY);
    } catch {
      taken = ''; // storage off: the line is simply not shown
    }
  }
  return taken;
}
