import { PasswordRejected, UserExists, type KeycloakSettings } from './settings.js';
import { tokenUrl } from './tokens.js';

/**
 * The realm's admin REST API as the service account of the confidential client (realm-management manage-users,
 * view-users, query-users, query-groups, map-roles). One instance per app (the `fastify.keycloak` decorator): its
 * token is reused until 30 s before it expires, one token request in flight at a time.
 */
export class AdminApi {
  private cached?: { token: Promise<string>; until: number };

  constructor(readonly settings: KeycloakSettings) {}

  private token(fresh = false): Promise<string> {
    const hit = this.cached;
    if (!fresh && hit && hit.until > Date.now()) return hit.token;
    const kc = this.settings;
    const entry = { until: Date.now() + 20_000, token: Promise.resolve('') };
    entry.token = (async () => {
      const res = await fetch(tokenUrl(kc), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: kc.serviceClientId ?? 'portal-services',
          client_secret: kc.serviceClientSecret ?? '',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Keycloak service token: ${res.status}`);
      const body = (await res.json()) as { access_token: string; expires_in: number };
      entry.until = Date.now() + Math.max(body.expires_in - 30, 5) * 1000;
      return body.access_token;
    })();
    entry.token.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    this.cached = entry;
    return entry.token;
  }

  /** One call; a 401 (token revoked early) is retried once with a new token. 404 is returned, not thrown. */
  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const kc = this.settings;
    const send = async (fresh: boolean) =>
      fetch(`${kc.url}/admin/realms/${kc.realm}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.token(fresh)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    let res = await send(false);
    if (res.status === 401) res = await send(true);
    if (res.status === 409) throw new UserExists(`Keycloak ${method} ${path}: 409`);
    if (res.status === 400) {
      const b = (await res.json().catch(() => ({}))) as { error?: string; error_description?: string };
      if (/password/i.test(`${b.error}`)) throw new PasswordRejected(b.error_description ?? String(b.error));
      throw new Error(`Keycloak ${method} ${path}: 400 ${b.error ?? ''} ${b.error_description ?? ''}`);
    }
    if (!res.ok && res.status !== 404) {
      throw new Error(`Keycloak ${method} ${path}: ${res.status} ${await res.text().catch(() => '')}`);
    }
    return res;
  }

  /** A call whose answer is read: a 404 (the user or group is gone) is an error here. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call(method, path, body);
    if (res.status === 404) throw new Error(`Keycloak ${method} ${path}: 404`);
    return (await res.json()) as T;
  }
}
