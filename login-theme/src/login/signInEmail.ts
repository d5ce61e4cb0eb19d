/**
 * The address typed on the sign-in page, kept for this tab only (sessionStorage, Keycloak's origin under /auth),
 * so a later stop that Keycloak renders without it (the not-yet-verified error page) can still name it. An
 * address, never a password; gone when the tab closes.
 */
const KEY = 'portal.signInEmail';

export function rememberSignInEmail(email: string): void {
  try {
    if (email) sessionStorage.setItem(KEY, email);
  } catch {
    // storage off: the pin screen asks for the address
  }
}

export function recallSignInEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
