import type { AppConfig, RoleNumber, Verified } from '@portal/contracts';

/** The signed-in user as the shell knows it (login answer or GET /api/users/me). */
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

export interface Session {
  readonly user: SessionUser | null;
  login(email: string, password: string): Promise<SessionUser>;
  logout(): Promise<void>;
  /** Called with the new user (or null) whenever it changes; returns the unsubscribe function. */
  subscribe(cb: (user: SessionUser | null) => void): () => void;
}

/** customProps the shell passes to every MFE (single-spa adds name, singleSpa, mountParcel). */
export interface PortalProps {
  api: ApiClient;
  session: Session;
  config: AppConfig;
  navigate(path: string): void;
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
    for (const k of ['message', 'error', 'detail']) if (typeof b[k] === 'string' && b[k]) return b[k] as string;
  }
  return fallback;
}

export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
