// Password spraying on Keycloak's sign-in page from one client address, as a script would do it: for each account,
// load the themed page (GET: its form's action and cookies) and post one common password to the form. Requests go
// out from a chosen loopback source address (another client, as the edge sees it), so the edge's per-address limit
// on the form meets this address only.
import { createHash, randomBytes } from 'node:crypto';
import { fromAddress as request } from './from-address.mjs';
import { env } from './lib.mjs';
import { formAction } from './browser-login.mjs';

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
