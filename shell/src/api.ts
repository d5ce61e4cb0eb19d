import { Messages } from '@portal/contracts';
import { ApiError, serverMessage, type ApiClient } from '@portal/ui';

export interface ApiOptions {
  /** Prefix for '/api/..' paths; '' in the browser (same origin as the edge). */
  baseUrl?: string;
  /** A fresh access token or null when signed out. */
  getToken: () => Promise<string | null>;
  /**
   * A service answered 403 "under review" (staff have not verified the account): not a 401, so no sign-out; the
   * shell switches to the profile-only view.
   */
  onUnderReview?: () => void;
}

let ruleApplied = false;
let endSession: (() => void) | undefined;
/** When the rule last sent this tab to the origin (this tab's sessionStorage, kept across the reload). */
const RULE_AT = 'portal.tokenRuleAt';
/** A second 401 within this long of the rule's reload means the silent sign-in brought back a refused session. */
export const RULE_REPEAT_MS = 30_000;

/** How the rule ends the Keycloak session when a reload alone would sign the same refused session in again. */
export function onRepeatedTokenRule(end: () => void): void {
  endSession = end;
}

/**
 * The session rule (accounts §4, §8): any 401 clears storage, tells the user and returns to the origin. Runs once per
 * page: concurrent calls (and a refused token refresh) may all hit it; the page is leaving anyway. The reload's
 * silent check-SSO signs the user in again while Keycloak's session lives (only a token was refused); if the
 * services refuse that session too (a 401 again right after the reload), the reload would loop: the second time
 * the Keycloak session is ended as well, so the user lands signed out on the sign-in page.
 */
export function applyTokenRule(): void {
  if (ruleApplied) return;
  ruleApplied = true;
  const again = Date.now() - Number(sessionStorage.getItem(RULE_AT) ?? 0) < RULE_REPEAT_MS;
  localStorage.clear();
  sessionStorage.clear();
  window.alert(Messages.tokenInvalid);
  if (again && endSession) {
    endSession();
    return;
  }
  sessionStorage.setItem(RULE_AT, String(Date.now()));
  window.location.assign(window.location.origin);
}

/** The fetch wrapper every MFE gets as `api`: JSON in and out, Bearer token, ApiError with the server's message. */
export function createApi({ baseUrl = '', getToken, onUnderReview }: ApiOptions): ApiClient {
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let data: unknown = text;
    if (text && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        data = JSON.parse(text);
      } catch {
        /* keep the text */
      }
    }
    if (res.status === 401) {
      applyTokenRule();
      throw new ApiError(401, Messages.tokenInvalid, data);
    }
    const message = serverMessage(data, `${res.status} ${res.statusText}`.trim());
    if (res.status === 403 && message === Messages.underReview) onUnderReview?.();
    if (!res.ok) throw new ApiError(res.status, message, data);
    return (text ? data : undefined) as T;
  }

  return {
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body ?? {}),
    put: (path, body) => request('PUT', path, body ?? {}),
    del: (path) => request('DELETE', path),
  };
}
