// The fake /api every shell browser suite talks to: layers of routes (a screen's own fake first, the common one
// last), each answer checked against the real API's schemas (contract.ts). Keycloak's endpoints are not ours and
// are answered here, unchecked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answer, problem } from './contract.js';

export const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const REALM = ['superadmin', 'admin', 'driver', 'accountadmin', 'user'];
/** An unsigned JWT-shaped token: the shell only reads its claims; the fakes read who is calling from `email`. */
export const fakeToken = (roles: string[], email?: string) =>
  `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, email, realm_access: { roles } })}.x`;
export const tokenFor = (email: string, role: number) => fakeToken([REALM[role]!], email);

/** What a route sees of one request. */
export interface Call {
  method: string;
  /** The raw URL (with the query). */
  url: string;
  /** The decoded path. */
  path: string;
  query: URLSearchParams;
  input: Record<string, any>;
  /** The caller's email from the bearer token; undefined without one. */
  who?: string;
  signedIn: boolean;
  reply(status: number, body: unknown): true;
  /** A problem+json error, as the kit sends it. */
  fail(status: number, detail: string): true;
}
/** A layer: answers (true) or passes (undefined) to the next one. */
export type Route = (c: Call) => true | undefined;

function whoAsks(auth: string | undefined): string | undefined {
  try {
    return JSON.parse(Buffer.from((auth ?? '').split('.')[1] ?? '', 'base64url').toString()).email as string;
  } catch {
    return undefined;
  }
}

function keycloak(req: IncomingMessage, res: ServerResponse, body: string): void {
  const send = (status: number, b: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(b));
  };
  if (req.url!.endsWith('/protocol/openid-connect/token')) {
    // The refresh grant (a reload: tokens are in memory only): the same identity again.
    const refresh = new URLSearchParams(body).get('refresh_token') ?? '';
    if (!refresh.includes('.')) return send(400, { error: 'invalid_grant' });
    return send(200, { access_token: refresh, refresh_token: refresh, expires_in: 300 });
  }
  if (req.url!.endsWith('/protocol/openid-connect/logout')) return send(204, {});
  send(503, { error: 'no keycloak in this test' });
}

/** An ApiHandler for the static edge from route layers; `calls` records "METHOD url body" for the tests. */
export function fake(calls: string[], ...layers: Route[]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = req.url ?? '';
      const method = req.method ?? 'GET';
      calls.push(`${method} ${url} ${body}`);
      if (url.startsWith('/auth/')) return keycloak(req, res, body);
      const parsed = new URL(url, 'http://x');
      const reply = (status: number, b: unknown) => answer(res, method, url, status, b);
      const c: Call = {
        method,
        url,
        path: decodeURIComponent(parsed.pathname),
        query: parsed.searchParams,
        input: body ? (JSON.parse(body) as Record<string, any>) : {},
        who: whoAsks(req.headers.authorization),
        signedIn: !!req.headers.authorization,
        reply,
        fail: (status, detail) => reply(status, problem(status, detail)),
      };
      // Stored files (logos, signatures) are not served in these tests: the screens only show their URLs.
      if (c.path.startsWith('/api/utils/file/')) return void c.fail(404, 'File not found');
      for (const layer of layers) if (layer(c)) return;
      c.fail(404, 'Not found');
    });
    return true;
  };
}
