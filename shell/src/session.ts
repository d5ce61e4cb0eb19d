import Keycloak from 'keycloak-js';
import {
  DEFAULT_ROLE,
  ROLE_NAMES,
  isRoleNumber,
  roleFromRealmRoles,
  type RoleNumber,
} from '@portal/contracts';
import { companyName, personName, type ApiClient, type Session, type SessionUser } from '@portal/ui';

const KEYS = {
  token: 'portal.token',
  refreshToken: 'portal.refreshToken',
  idToken: 'portal.idToken',
  user: 'portal.user',
};
const KEYCLOAK = { realm: 'portal', clientId: 'portal-web' };
const REFRESH_EVERY_MS = 30_000;
const INIT_TIMEOUT_MS = 8_000;

interface Tokens {
  token: string;
  refreshToken: string;
  idToken?: string;
}
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

/** The shell's session: our login screen exchanges email+password through accounts, keycloak-js keeps the tokens fresh. */
export class ShellSession implements Session {
  user: SessionUser | null = null;
  private kc: Keycloak | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listeners = new Set<(u: SessionUser | null) => void>();

  constructor(private readonly publicApi: ApiClient) {}

  subscribe(cb: (u: SessionUser | null) => void): () => void {
    this.listeners.add(cb);
    return () => void this.listeners.delete(cb);
  }

  private setUser(user: SessionUser | null): void {
    this.user = user;
    if (user) localStorage.setItem(KEYS.user, JSON.stringify(user));
    this.listeners.forEach((l) => l(user));
  }

  private persist(t: Partial<Tokens>): void {
    if (t.token) localStorage.setItem(KEYS.token, t.token);
    if (t.refreshToken) localStorage.setItem(KEYS.refreshToken, t.refreshToken);
    if (t.idToken) localStorage.setItem(KEYS.idToken, t.idToken);
  }

  /** keycloak.init with our tokens (it refreshes them once); later refreshes via updateToken. */
  private async startKeycloak(t: Tokens): Promise<void> {
    const kc = new Keycloak({ url: `${window.location.origin}/auth`, ...KEYCLOAK });
    kc.onAuthRefreshSuccess = () =>
      this.persist({ token: kc.token, refreshToken: kc.refreshToken, idToken: kc.idToken });
    kc.onTokenExpired = () => void kc.updateToken(30).catch(() => undefined);
    const init = kc.init({
      token: t.token,
      refreshToken: t.refreshToken,
      idToken: t.idToken,
      checkLoginIframe: false,
      pkceMethod: 'S256',
    });
    await Promise.race([
      init,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('keycloak init timed out')), INIT_TIMEOUT_MS),
      ),
    ]);
    this.kc = kc;
    this.persist({ token: kc.token, refreshToken: kc.refreshToken, idToken: kc.idToken });
    clearInterval(this.timer);
    this.timer = setInterval(() => void kc.updateToken(60).catch(() => undefined), REFRESH_EVERY_MS);
  }

  /** On page load: a stored session survives a reload; one Keycloak no longer honours is dropped. */
  async restore(): Promise<void> {
    const token = localStorage.getItem(KEYS.token);
    const refreshToken = localStorage.getItem(KEYS.refreshToken);
    const stored = localStorage.getItem(KEYS.user);
    if (!token || !refreshToken || !stored) return;
    try {
      await this.startKeycloak({
        token,
        refreshToken,
        idToken: localStorage.getItem(KEYS.idToken) ?? undefined,
      });
    } catch (e) {
      const exp = Number(claims(token).exp ?? 0);
      if (exp * 1000 <= Date.now()) {
        console.warn('stored session expired', e);
        this.clear();
        return;
      }
      console.warn('keycloak unreachable; keeping the stored token until it expires', e);
    }
    this.setUser(toSessionUser(JSON.parse(stored) as LoginAnswer['user'] & object, token, ''));
  }

  async login(email: string, password: string): Promise<SessionUser> {
    return this.adopt(await this.publicApi.post<LoginAnswer>('/api/auth/login', { email, password }), email);
  }

  /** Signs in with tokens another call answered with (e.g. POST /api/auth/verify), shaped like the login answer. */
  async adopt(answer: LoginAnswer, email = ''): Promise<SessionUser> {
    this.persist(answer);
    try {
      await this.startKeycloak(answer);
    } catch (e) {
      console.warn('keycloak refresh unavailable; using the login tokens as they are', e);
    }
    const user = toSessionUser(answer.user ?? {}, answer.token, email);
    this.setUser(user);
    return user;
  }

  /** A valid access token (refreshed when it expires within 30 s) or null when signed out. */
  async getToken(): Promise<string | null> {
    if (this.kc?.token) {
      await this.kc.updateToken(30).catch(() => undefined);
      return this.kc.token ?? null;
    }
    return localStorage.getItem(KEYS.token);
  }

  async logout(): Promise<void> {
    const refreshToken = this.kc?.refreshToken ?? localStorage.getItem(KEYS.refreshToken);
    if (refreshToken) {
      // End the Keycloak session without a redirect (best effort: the local session ends either way).
      const body = new URLSearchParams({ client_id: KEYCLOAK.clientId, refresh_token: refreshToken });
      const url = `${window.location.origin}/auth/realms/${KEYCLOAK.realm}/protocol/openid-connect/logout`;
      await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(3000) }).catch(() => undefined);
    }
    this.clear();
  }

  private clear(): void {
    clearInterval(this.timer);
    this.kc?.clearToken();
    this.kc = null;
    localStorage.clear();
    this.setUser(null);
  }
}
