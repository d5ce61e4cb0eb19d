import {
  DEFAULT_ROLE,
  ROLE_NAMES,
  isRoleNumber,
  roleFromRealmRoles,
  type RoleNumber,
} from '@portal/contracts';
import { companyName, personName, type ApiClient, type Session, type SessionUser } from '@portal/ui';

// Tokens live in memory only: an XSS payload finds no access token in any storage. What survives a reload
// is the refresh token and the user, in sessionStorage (this tab only, gone when it closes); decisions and the CSP
// that guards them in docs/INTERFACES.md §4 (the session).
const KEYS = { refreshToken: 'portal.refreshToken', user: 'portal.user' };
const KEYCLOAK = { realm: 'portal', clientId: 'portal-web' };
/** Refresh when the access token has less than this left (clock skew + one request's latency). */
const REFRESH_MARGIN_MS = 30_000;
const REFRESH_TIMEOUT_MS = 8_000;

interface Tokens {
  token: string;
  refreshToken: string;
  idToken?: string;
}
/** Tokens held in memory; `expiresAt` is on the local clock (from expires_in), so a skewed clock does not matter. */
interface HeldTokens extends Tokens {
  expiresAt: number;
}
/** Keycloak refused the refresh token (session ended, revoked, expired): the session is over. */
class SessionEnded extends Error {}
interface LoginAnswer extends Tokens {
  expiresIn?: number;
  user?: {
    id?: string;
    email?: string;
    name?: unknown;
    role?: unknown;
    verified?: SessionUser['verified'];
    company?: unknown;
  };
}

function claims(jwt: string): Record<string, unknown> {
  try {
    return JSON.parse(atob(jwt.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

function roleOf(role: unknown, token: string): RoleNumber {
  if (isRoleNumber(role)) return role;
  if (typeof role === 'string') {
    const byName = (Object.entries(ROLE_NAMES) as [string, string][]).find(([, n]) => n === role);
    if (byName) return Number(byName[0]) as RoleNumber;
  }
  const realm = (claims(token).realm_access as { roles?: string[] } | undefined)?.roles ?? [];
  return roleFromRealmRoles(realm) ?? DEFAULT_ROLE;
}

/** The login answer's user (or a stored one) as the SessionUser every MFE sees. */
function toSessionUser(u: NonNullable<LoginAnswer['user']>, token: string, email: string): SessionUser {
  return {
    id: u.id,
    email: u.email ?? email,
    name: personName(u.name) || undefined,
    role: roleOf(u.role, token),
    verified: u.verified,
    company: companyName(u.company) || undefined,
  };
}

/** Seconds a token is valid for: the answer's expires_in, else exp - iat from the token itself. */
function lifetimeMs(token: string, expiresIn?: number): number {
  if (typeof expiresIn === 'number' && expiresIn > 0) return expiresIn * 1000;
  const c = claims(token);
  const exp = Number(c.exp ?? 0);
  const iat = Number(c.iat ?? 0);
  return exp && iat ? (exp - iat) * 1000 : exp ? exp * 1000 - Date.now() : 60_000;
}

/**
 * The shell's session: our login screen exchanges email+password through accounts; the access token stays in
 * memory and is refreshed (refresh-token grant on the public client) only when it is about to expire.
 */
export class ShellSession implements Session {
  user: SessionUser | null = null;
  private tokens: HeldTokens | null = null;
  private refreshing: Promise<string | null> | null = null;
  private readonly listeners = new Set<(u: SessionUser | null) => void>();

  /** `onEnded` runs when Keycloak refuses the refresh token mid-session (the token rule). */
  constructor(
    private readonly publicApi: ApiClient,
    private readonly onEnded: () => void = () => undefined,
  ) {}

  subscribe(cb: (u: SessionUser | null) => void): () => void {
    this.listeners.add(cb);
    return () => void this.listeners.delete(cb);
  }

  private setUser(user: SessionUser | null): void {
    this.user = user;
    if (user) sessionStorage.setItem(KEYS.user, JSON.stringify(user));
    this.listeners.forEach((l) => l(user));
  }

  private hold(t: Tokens & { expiresIn?: number }): void {
    this.tokens = { ...t, expiresAt: Date.now() + lifetimeMs(t.token, t.expiresIn) };
    sessionStorage.setItem(KEYS.refreshToken, t.refreshToken);
  }

  /** One refresh-token grant; concurrent callers share it. Throws SessionEnded when Keycloak says no. */
  private refresh(refreshToken: string): Promise<string | null> {
    this.refreshing ??= (async () => {
      const url = `${window.location.origin}/auth/realms/${KEYCLOAK.realm}/protocol/openid-connect/token`;
      const body = new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: KEYCLOAK.clientId,
        refresh_token: refreshToken,
      });
      const res = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) });
      if (res.status === 400 || res.status === 401) throw new SessionEnded(`refresh refused: ${res.status}`);
      if (!res.ok) throw new Error(`refresh failed: ${res.status}`);
      const t = (await res.json()) as Record<string, unknown>;
      this.hold({
        token: String(t.access_token),
        refreshToken: String(t.refresh_token ?? refreshToken),
        idToken: typeof t.id_token === 'string' ? t.id_token : undefined,
        expiresIn: Number(t.expires_in) || undefined,
      });
      return this.tokens!.token;
    })().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /**
   * The account's review state as the API last said it (GET /api/users/me, or a 403 "under review"): staff may
   * verify (or un-verify) the account while the tab is open, so the stored login answer is not the last word.
   */
  setVerified(verified: SessionUser['verified']): void {
    if (this.user && this.user.verified !== verified) this.setUser({ ...this.user, verified });
  }

  /** On page load: the tab's session survives a reload (one refresh grant: the access token was never stored). */
  async restore(): Promise<void> {
    const refreshToken = sessionStorage.getItem(KEYS.refreshToken);
    const stored = sessionStorage.getItem(KEYS.user);
    if (!refreshToken || !stored) return;
    try {
      await this.refresh(refreshToken);
    } catch (e) {
      if (e instanceof SessionEnded) {
        console.warn('stored session ended', e);
        this.clear();
        return;
      }
      // Keycloak unreachable: keep the user; the next API call retries the refresh.
      console.warn('keycloak unreachable; the next call retries the refresh', e);
    }
    this.setUser(
      toSessionUser(JSON.parse(stored) as LoginAnswer['user'] & object, this.tokens?.token ?? '', ''),
    );
  }

  async login(email: string, password: string): Promise<SessionUser> {
    return this.adopt(await this.publicApi.post<LoginAnswer>('/api/auth/login', { email, password }), email);
  }

  /** Signs in with tokens another call answered with (e.g. POST /api/auth/verify), shaped like the login answer. */
  async adopt(answer: LoginAnswer, email = ''): Promise<SessionUser> {
    this.hold(answer);
    const user = toSessionUser(answer.user ?? {}, answer.token, email);
    this.setUser(user);
    return user;
  }

  /** A valid access token (refreshed only within REFRESH_MARGIN_MS of expiry) or null when signed out. */
  async getToken(): Promise<string | null> {
    const t = this.tokens;
    if (t && t.expiresAt - Date.now() > REFRESH_MARGIN_MS) return t.token;
    const refreshToken = t?.refreshToken ?? (this.user ? sessionStorage.getItem(KEYS.refreshToken) : null);
    if (!refreshToken) return null;
    try {
      return await this.refresh(refreshToken);
    } catch (e) {
      if (e instanceof SessionEnded) {
        // The session was ended elsewhere (logout, password change, suspension): same rule as a 401.
        this.onEnded();
        return null;
      }
      console.warn('token refresh failed; sending the current token', e);
      return t?.token ?? null;
    }
  }

  /**
   * Sign Out: the accounts API ends this session server-side first (its tokens are refused by every
   * service at once, kit user state in Redis, and Keycloak ends the session), then the tokens leave memory. When the
   * API cannot be reached or refuses (expired token), Keycloak's logout endpoint still ends the refresh token.
   * Best effort either way: the local session ends regardless.
   */
  async logout(): Promise<void> {
    const refreshToken = this.tokens?.refreshToken ?? sessionStorage.getItem(KEYS.refreshToken);
    if (refreshToken && !(await this.endOnServer(refreshToken))) {
      const body = new URLSearchParams({ client_id: KEYCLOAK.clientId, refresh_token: refreshToken });
      const url = `${window.location.origin}/auth/realms/${KEYCLOAK.realm}/protocol/openid-connect/logout`;
      await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(3000) }).catch(() => undefined);
    }
    this.clear();
  }

  /** POST /api/auth/logout with the held access token (a raw fetch: a 401 here must not trigger the token rule). */
  private async endOnServer(refreshToken: string): Promise<boolean> {
    const token = this.tokens?.token;
    if (!token) return false;
    const res = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
      signal: AbortSignal.timeout(3000),
    }).catch(() => null);
    return res?.ok ?? false;
  }

  private clear(): void {
    this.tokens = null;
    sessionStorage.clear();
    localStorage.clear();
    this.setUser(null);
  }
}
