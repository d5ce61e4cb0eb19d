import Keycloak from 'keycloak-js';
import {
  DEFAULT_ROLE,
  ROLE_NAMES,
  isRoleNumber,
  roleFromRealmRoles,
  type RoleNumber,
} from '@portal/contracts';
import {
  companyName,
  personName,
  type AccountAction,
  type ActionResult,
  type LoginOptions,
  type Session,
  type SessionUser,
} from '@portal/ui';
import {
  AFTER_LOGIN,
  CALLBACK_PATH,
  KEYCLOAK,
  LOGIN_HINT,
  SIGN_IN_NOTICE,
  initOptions,
  loginOptions,
  samePath,
} from './handoff.js';

export { CALLBACK_PATH, KEYCLOAK, samePath };

// One session for every MFE: keycloak-js, Authorization Code + PKCE (S256) on the public client. Tokens live in this
// object's memory only (keycloak-js keeps them on the instance, never in web storage); a reload finds the Keycloak
// session again through a silent check-SSO in a hidden same-origin iframe. Decisions and the CSP in
// docs/INTERFACES.md §4 (the session).
/** The page the silent check-SSO iframe lands on (shell/public): it hands its URL to this window and nothing else. */
export const SILENT_CHECK_SSO_PATH = '/silent-check-sso.html';
/** Refresh when the access token has less than this left (clock skew + one request's latency), in seconds. */
const REFRESH_MARGIN_S = 30;

/** keycloak-js waits for the silent check-SSO iframe without a limit: past this the page starts signed out. */
const INIT_TIMEOUT_MS = 10_000;

type Claims = Record<string, unknown>;

const withTimeout = <T>(ms: number, p: Promise<T>): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  ]);
/** GET /api/users/me's user, as far as the shell reads it. */
export interface ProfileAnswer {
  id?: string;
  email?: string;
  name?: unknown;
  role?: unknown;
  verified?: SessionUser['verified'];
  company?: unknown;
}

function roleOf(role: unknown, claims: Claims): RoleNumber {
  if (isRoleNumber(role)) return role;
  if (typeof role === 'string') {
    const byName = (Object.entries(ROLE_NAMES) as [string, string][]).find(([, n]) => n === role);
    if (byName) return Number(byName[0]) as RoleNumber;
  }
  const realm = (claims.realm_access as { roles?: string[] } | undefined)?.roles ?? [];
  return roleFromRealmRoles(realm) ?? DEFAULT_ROLE;
}

/** The profile (or, before it is read, the token's claims) as the SessionUser every MFE sees. */
export function toSessionUser(u: ProfileAnswer, claims: Claims): SessionUser {
  return {
    id: u.id,
    email: u.email ?? (typeof claims.email === 'string' ? claims.email : ''),
    name: personName(u.name) || (typeof claims.name === 'string' ? claims.name : undefined) || undefined,
    role: roleOf(u.role, claims),
    verified: u.verified,
    company: companyName(u.company) || undefined,
  };
}

export class ShellSession implements Session {
  user: SessionUser | null = null;
  private readonly kc: Keycloak;
  private readonly listeners = new Set<(u: SessionUser | null) => void>();
  private readonly origin = window.location.origin;
  private action: ActionResult | null = null;

  /** `onEnded` runs when Keycloak refuses the refresh token mid-session (the token rule). */
  constructor(
    private readonly onEnded: () => void = () => undefined,
    kc?: Keycloak,
  ) {
    this.kc = kc ?? new Keycloak({ url: `${this.origin}/auth`, ...KEYCLOAK });
    // Keycloak's answer to an application-initiated action (kc_action_status in the callback), read during init
    this.kc.onActionUpdate = (status, action) => {
      this.action = { status, action: action ?? '' };
    };
  }

  subscribe(cb: (u: SessionUser | null) => void): () => void {
    this.listeners.add(cb);
    return () => void this.listeners.delete(cb);
  }

  private setUser(user: SessionUser | null): void {
    this.user = user;
    this.listeners.forEach((l) => l(user));
  }

  /**
   * On page load: finishes a sign-in (the code in the URL's fragment, exchanged with the PKCE verifier) or finds the
   * Keycloak session again without a redirect (silent check-SSO). Returns the page a fresh sign-in asked for.
   */
  async restore(): Promise<string | null> {
    try {
      await withTimeout(
        INIT_TIMEOUT_MS,
        this.kc.init({
          ...initOptions(this.origin),
          onLoad: 'check-sso',
          silentCheckSsoRedirectUri: this.origin + SILENT_CHECK_SSO_PATH,
          messageReceiveTimeout: 8000,
        }),
      );
    } catch (e) {
      // Keycloak unreachable or the callback refused: signed out; /login offers the sign-in page again.
      console.warn('keycloak: no session restored', e);
      return null;
    }
    if (!this.kc.authenticated || !this.kc.tokenParsed) return null;
    this.user = toSessionUser({}, this.kc.tokenParsed as Claims);
    const after = sessionStorage.getItem(AFTER_LOGIN);
    sessionStorage.removeItem(AFTER_LOGIN);
    return after ? samePath(after) : null;
  }

  /** The signed-in user's profile (GET /api/users/me) replaces what the token said. */
  adoptProfile(profile: ProfileAnswer): void {
    if (!this.kc.tokenParsed) return;
    this.setUser(toSessionUser(profile, this.kc.tokenParsed as Claims));
  }

  /**
   * The account's review state as the API last said it (GET /api/users/me, or a 403 "under review"): staff may
   * verify (or un-verify) the account while the tab is open.
   */
  setVerified(verified: SessionUser['verified']): void {
    if (this.user && this.user.verified !== verified) this.setUser({ ...this.user, verified });
  }

  /**
   * Starts one of Keycloak's required actions for the signed-in user (an application-initiated action: the
   * authorization request with `kc_action`, e.g. set up an authenticator app or register a security key). Keycloak
   * asks for the password again when the sign-in is older than the action's max age, runs the action, and comes back
   * to `/` and then to `redirect` (a same-origin path); `takeActionResult()` then tells how it went. Never resolves.
   */
  async requestAction(action: AccountAction, options: { redirect?: string } = {}): Promise<void> {
    const redirect = options.redirect ?? window.location.pathname + window.location.search;
    await this.kc.login({ ...loginOptions(this.origin, { redirect }), action });
    await new Promise<never>(() => undefined);
  }

  /** How the last application-initiated action ended (Keycloak's kc_action_status), once; null when none ran. */
  takeActionResult(): ActionResult | null {
    const result = this.action;
    this.action = null;
    return result;
  }

  /**
   * Sends the browser to Keycloak's sign-in page (Authorization Code + PKCE); it comes back to `/` and then to
   * `redirect` (a same-origin path) or to where the role's day starts. Never resolves: the page is leaving.
   */
  async login(options: LoginOptions = {}): Promise<void> {
    await this.kc.login(loginOptions(this.origin, options));
  }

  /** A valid access token (refreshed only within REFRESH_MARGIN_S of expiry) or null when signed out. */
  async getToken(): Promise<string | null> {
    if (!this.kc.authenticated || !this.kc.token) return null;
    try {
      await this.kc.updateToken(REFRESH_MARGIN_S);
    } catch (e) {
      if (!this.kc.token) {
        // Keycloak refused the refresh token (session ended elsewhere): same rule as a 401.
        this.onEnded();
        return null;
      }
      console.warn('token refresh failed; sending the current token', e);
    }
    return this.kc.token ?? null;
  }

  /**
   * Sign Out: accounts first (POST /api/auth/logout ends this session in the services' user state, so its tokens
   * are refused by every service at once, and in Keycloak), then Keycloak's end-session endpoint through the browser
   * (its SSO cookie goes), back to `/`. Best effort on the accounts call: the Keycloak logout happens regardless.
   * Never resolves: the page is leaving.
   */
  async logout(options: { loginHint?: string; notice?: string } = {}): Promise<void> {
    const { token, refreshToken } = this.kc;
    if (token && refreshToken) {
      // a raw fetch: a 401 here (an expired token) must not trigger the token rule
      await fetch('/api/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
        signal: AbortSignal.timeout(3000),
      }).catch(() => null);
    }
    sessionStorage.clear();
    localStorage.clear();
    if (options.loginHint) sessionStorage.setItem(LOGIN_HINT, options.loginHint);
    if (options.notice) sessionStorage.setItem(SIGN_IN_NOTICE, options.notice);
    if (this.kc.idToken) {
      await this.kc.logout({ redirectUri: this.origin + CALLBACK_PATH });
    } else {
      this.kc.clearToken();
      window.location.assign(this.origin + CALLBACK_PATH);
    }
    await new Promise<never>(() => undefined);
  }
}
