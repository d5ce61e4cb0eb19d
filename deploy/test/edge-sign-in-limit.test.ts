import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http, { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { freePort, repo, startPrivateEdge, type PrivateEdge } from './private-edge.ts';

/**
 * The edge's per-address limit on Keycloak's sign-in form: a private nginx rendered by deploy/local/nginx/render.mjs
 * on free ports, its Keycloak upstream a stub that answers every request 200 (the limit is the edge's, whatever
 * Keycloak says). One client address sprays the form; another still gets through; the exempt address is never
 * counted; the rest of /auth is not limited. Independent of the running stack.
 */
const limits = JSON.parse(readFileSync(join(repo, 'services/contracts/src/edge-limits.json'), 'utf8')) as {
  signInFormPerMinute: number;
  signInFormBurst: number;
};
const FORM =
  '/auth/realms/portal/login-actions/authenticate?session_code=x&execution=y&client_id=portal-web&tab_id=z';

let edgeServer: PrivateEdge;
let keycloak: Server;
let edge: number;
let seen = 0;
before(async () => {
  const kcPort = await freePort();
  keycloak = createServer((req, res) => {
    seen += 1;
    req.resume();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Keycloak</p>');
  }).listen(kcPort, '127.0.0.1');
  edgeServer = await startPrivateEdge('edge-sign-in', {
    KEYCLOAK_HTTP_PORT: String(kcPort),
    RATE_LIMIT_FAIL_ALLOW: '127.0.0.9',
  });
  edge = edgeServer.port;
});
after(() => {
  edgeServer?.stop();
  keycloak?.close();
});

/** A request to the edge from a chosen loopback source address (another client, as the edge sees it). */
function post(from: string, path: string, method = 'POST') {
  return new Promise<{ status: number; body: string; retryAfter?: string }>((ok, fail) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: edge,
        localAddress: from,
        method,
        path,
        headers: { host: `localhost:${edge}` },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          ok({
            status: res.statusCode ?? 0,
            body,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', fail);
    req.end(method === 'POST' ? 'username=a%40b.c&password=Summer2026!' : undefined);
  });
}

test('one address spraying the sign-in form is stopped after the burst with a 429 page a person can read', async () => {
  const codes: number[] = [];
  let refused: { status: number; body: string; retryAfter?: string } | undefined;
  for (let i = 0; i < limits.signInFormBurst + 10; i++) {
    const r = await post('127.0.0.2', FORM);
    codes.push(r.status);
    if (r.status === 429) refused ??= r;
  }
  const through = codes.filter((c) => c === 200).length;
  // the burst, plus at most one more the minute's rate released while the loop ran
  assert.ok(through >= limits.signInFormBurst && through <= limits.signInFormBurst + 2, codes.join(','));
  assert.ok(refused, 'a 429 after the burst');
  assert.match(
    refused.body,
    /too many sign-in attempts from your address\. Please wait a minute and try again\./i,
  );
  assert.equal(refused.retryAfter, '60');
});

test('another address still signs in, the exempt address is never counted, and the rest of /auth is not limited', async () => {
  assert.equal((await post('127.0.0.3', FORM)).status, 200);
  const before = seen;
  for (let i = 0; i < limits.signInFormBurst + 5; i++)
    assert.equal((await post('127.0.0.9', FORM)).status, 200);
  assert.equal(seen - before, limits.signInFormBurst + 5, 'every exempt POST reached Keycloak');
  // the limited address may still load Keycloak's pages (the form's GET, resources): only the form's POST counts
  assert.equal(
    (await post('127.0.0.2', '/auth/realms/portal/protocol/openid-connect/auth?x=1', 'GET')).status,
    200,
  );
  assert.equal((await post('127.0.0.2', FORM)).status, 429);
});
