// Password spraying on Keycloak's sign-in page from one client address, as a script would do it: for each account,
// load the themed page (GET: its form's action and cookies) and post one common password to the form. Requests go
// out from a chosen loopback source address (another client, as the edge sees it), so the edge's per-address limit
// on the form meets this address only.
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { env } from './lib.mjs';
import { formAction } from './browser-login.mjs';

/** One request through the edge from `from`; cookies kept in `jar`. */
function request(from, url, { method = 'GET', body, jar }) {
  const edge = new URL(env.app);
  const u = new URL(url, edge);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: edge.port || 80,
        localAddress: from,
        method,
        path: `${u.pathname}${u.search}`,
        headers: {
          host: edge.host,
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body && {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          }),
        },
        timeout: 15_000,
      },
      (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const i = pair.indexOf('=');
          jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode, text, headers: res.headers }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Tries `emails` with one password from `from`; answers the status of each form post, in order. */
export async function sprayKeycloakForm(from, emails, password) {
  const realm = process.env.KEYCLOAK_REALM ?? 'portal';
  const client = process.env.KEYCLOAK_PUBLIC_CLIENT_ID ?? 'portal-web';
  const statuses = [];
  for (const email of emails) {
    const jar = new Map();
    const q = new URLSearchParams({
      client_id: client,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${env.app}/`,
      state: randomBytes(8).toString('base64url'),
      code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const page = await request(from, `/auth/realms/${realm}/protocol/openid-connect/auth?${q}`, { jar });
    const action = formAction(page.text);
    if (!action) throw new Error(`no sign-in form (${page.status})`);
    const body = new URLSearchParams({ username: email, password, credentialId: '' }).toString();
    statuses.push((await request(from, action, { method: 'POST', body, jar })).status);
  }
  return statuses;
}
