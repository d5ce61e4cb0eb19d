import type { AppConfig, RoleNumber, Verified } from '@portal/contracts';

/** The signed-in user as the shell knows it (GET /api/users/me; the token's claims until it answers). */
export interface SessionUser {
  id?: string;
  email: string;
  name?: string;
  role: RoleNumber;
  verified?: Verified;
  company?: string;
}

/** The shell's API client: '/api/..' paths, JSON in and out; throws ApiError; any 401 applies the token rule. */
export interface ApiClient {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  del<T = unknown>(path: string): Promise<T>;
}

/** What the portal's /login asks of Keycloak's sign-in page. */
export interface LoginOptions {
  /** The email to fill in (Keycloak's `login_hint`), e.g. after the sign-up pin is verified. */
  loginHint?: string;
  /** A same-origin path to open once signed in; else where the role's day starts. */
  redirect?: string;
  /**
   * What just happened, shown above Keycloak's sign-in form (e.g. "Your email has been verified"): the page leaves for
   * Keycloak at once, so a toast would be lost.
   */
  notice?: string;
}

/** A Keycloak required action the portal starts for the signed-in user (application-initiated, `kc_action`). */
export type AccountAction = 'CONFIGURE_TOTP' | 'webauthn-register';

/** How Keycloak says an application-initiated action ended (`kc_action_status`). */
export interface ActionResult {
  action: string;
  status: 'success' | 'cancelled' | 'error';
}

/** The one browser session (keycloak-js in the shell: Authorization Code + PKCE, tokens in memory). */
export interface Session {
  readonly user: SessionUser | null;
  /** Sends the browser to Keycloak's sign-in page; it comes back signed in. Never resolves (the page leaves). */
  login(options?: LoginOptions): Promise<void>;
  /** Ends the session in the services and in Keycloak, then back to `/`. Never resolves (the page leaves). */
  logout(options?: { loginHint?: string; notice?: string }): Promise<void>;
  /** Called with the new user (or null) whenever it changes; returns the unsubscribe function. */
  subscribe(cb: (user: SessionUser | null) => void): () => void;
  /**
   * Sends the browser to Keycloak to run one required action (set up an authenticator app, register a security key);
   * it comes back to `redirect` (default: this page). Never resolves (the page leaves).
   */
  requestAction(action: AccountAction, options?: { redirect?: string }): Promise<void>;
  /** How the last action ended (read once after Keycloak sent the browser back); null when none ran. */
  takeActionResult(): ActionResult | null;
}

/** customProps the shell passes to every MFE (single-spa adds name, singleSpa, mountParcel). */
export interface PortalProps {
  api: ApiClient;
  session: Session;
  config: AppConfig;
  navigate(path: string): void;
  /**
   * Every side-menu entry the deployed remotes publish (all roles, before hideRoutes), in menu order: what the
   * Settings screen offers to hide. Built by the shell from the manifests, so it lists what is really deployed.
   */
  menu?: PortalMenuEntry[];
}

/** One side-menu entry of some remote's manifest (see mfe-manifest.ts). */
export interface PortalMenuEntry {
  section: 'user' | 'admin';
  key: string;
  label: string;
  order: number;
  path: string;
  mfe: string;
}

/** Error thrown by ApiClient: `message` is the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message in a JSON error body (problem+json carries message, error and detail). */
export function serverMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const k of ['message', 'error', 'detail'])
      if (typeof b[k] === 'string' && b[k]) return b[k] as string;
  }
  return fallback;
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A person's name as accounts sends it ({firstName, lastName}) or as plain text. */
export function personName(name: unknown): string {
  if (typeof name === 'string') return name;
  if (name && typeof name === 'object') {
    const n = name as { firstName?: unknown; lastName?: unknown };
    return [n.firstName, n.lastName].filter((p) => typeof p === 'string' && p).join(' ');
  }
  return '';
}

/** A company as accounts sends it (a licence record: Licensee, DBA, ...) or as plain text. */
export function companyName(company: unknown): string {
  if (typeof company === 'string') return company;
  if (company && typeof company === 'object') {
    const c = company as Record<string, unknown>;
    for (const k of ['Licensee', 'name', 'DBA', 'Licensee DBA', 'License #'])
      if (typeof c[k] === 'string' && c[k]) return c[k] as string;
  }
  return '';
}
