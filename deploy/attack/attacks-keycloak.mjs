// Keycloak's own doors, tried the way an attacker with a browser (or curl) would: the password grant on the public
// client, a token for an address nobody proved, an offline token that outlives the portal's sign-out, and the
// portal's token on Keycloak's account API and console. The browser's tokens here are real ones: Authorization
// Code + PKCE on portal-web through the edge (browser-login.mjs), never the test client's.
import { readFileSync } from 'node:fs';
import { PASSWORD, api, env, form, grant, http, kcAdmin, makeUser, tokenUrl } from './lib.mjs';
import { browserSignIn, pageMessage } from './browser-login.mjs';

const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });
const typOf = (jwt) => JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url')).typ;
const realmFile = () =>
  JSON.parse(readFileSync(new URL('../local/keycloak/realm-portal.json', import.meta.url), 'utf8'));
const passwordGrant = (extra) =>
  form(tokenUrl(), { grant_type: 'password', scope: 'openid', password: PASSWORD, ...extra });

export const keycloakAttacks = [
  [
    'Keycloak: a password grant on the public client portal-web',
    async () => {
      const web = realmFile().clients.find((c) => c.clientId === env.client);
      // accounts' own sign-in used this grant until the portal moved to Keycloak's login page; the realm file
      // turns it off once nothing of the portal needs it, and from then on this line must stay blocked
      if (web.directAccessGrantsEnabled)
        return { skipped: true, detail: `${env.client} still has direct access grants in realm-portal.json` };
      const live = await (await kcAdmin('GET', `/clients?clientId=${env.client}`)).json();
      const u = await makeUser('ropc');
      const r = await passwordGrant({ client_id: env.client, username: u.email });
      if (r.json.access_token) return open(`${env.client} issued tokens for a password (${r.status})`);
      if (live[0]?.directAccessGrantsEnabled)
        return open('the running realm still allows it: restart Keycloak');
      return blocked(`${r.status} ${r.json.error}: ${r.json.error_description ?? ''}`);
    },
  ],
  [
    'Keycloak: a token for an email address nobody verified',
    async () => {
      const since = Date.now();
      const u = await makeUser('unproven', { emailVerified: false, verified: false });
      const direct = await passwordGrant({
        client_id: env.testClient,
        client_secret: env.testSecret,
        username: u.email,
      });
      if (direct.json.access_token)
        return open('the password grant issued a token for the unverified address');
      const browser = await browserSignIn({ username: u.email, password: PASSWORD });
      if (browser.tokens?.access_token) return open('the browser sign-in ended with tokens');
      // Keycloak stops at its verify-email step without mailing a link of its own (the realm has no SMTP):
      // the portal's pin is the only way to prove the address
      const mails = await (await fetch(`${env.mailbox}/api/messages`)).json();
      const kcMail = mails.filter(
        (m) => m.to.some((t) => t.includes(u.email)) && Date.parse(m.date) >= since,
      );
      if (kcMail.length) return open(`Keycloak mailed the address itself: ${kcMail.map((m) => m.subject)}`);
      return blocked(
        `grant ${direct.status} "${direct.json.error_description}"; browser stops at ${browser.id ?? browser.error} (${browser.status ?? ''}): "${pageMessage(browser.page ?? '')}"; no mail from Keycloak`,
      );
    },
  ],
  [
    'Keycloak: an offline token (outlives the sign-out)',
    async () => {
      const u = await makeUser('offline-token');
      const found = [];
      const browser = await browserSignIn({
        username: u.email,
        password: PASSWORD,
        scope: 'openid offline_access',
      });
      const rt = browser.tokens?.refresh_token;
      if (rt && typOf(rt) === 'Offline') found.push('the browser sign-in got an offline token');
      const direct = await passwordGrant({
        client_id: env.testClient,
        client_secret: env.testSecret,
        username: u.email,
        scope: 'openid offline_access',
      });
      if (direct.json.refresh_token && typOf(direct.json.refresh_token) === 'Offline')
        found.push('the test client issued an offline token');
      return found.length
        ? open(found.join('; '))
        : blocked(
            `browser: ${browser.error ?? (rt ? typOf(rt) : browser.id)}; test client: ${direct.status} ${direct.json.error ?? typOf(direct.json.refresh_token)}`,
          );
    },
  ],
  [
    "Keycloak: the portal's own access token on the account API and console",
    async () => {
      const u = await makeUser('account-api');
      const browser = await browserSignIn({ username: u.email, password: PASSWORD });
      const token = browser.tokens?.access_token;
      if (!token)
        return open(`could not set up: the browser sign-in ended at ${browser.id ?? browser.error}`);
      const through = [];
      for (const base of [`${env.kc}/realms/${env.realm}`, `${env.app}/auth/realms/${env.realm}`])
        for (const path of ['account', 'account/credentials', 'account/sessions']) {
          const r = await http('GET', `${base}/${path}`, { token, headers: { accept: 'application/json' } });
          if (![401, 403, 404].includes(r.status)) through.push(`${base}/${path} → ${r.status}`);
        }
      const consolePage = await http('GET', `${env.app}/auth/realms/${env.realm}/account/`);
      if (![403, 404].includes(consolePage.status))
        through.push(`edge account console → ${consolePage.status}`);
      return through.length
        ? open(through.join('; '))
        : blocked(
            `account API refuses the browser's token; the edge answers ${consolePage.status} for the console`,
          );
    },
  ],
  [
    "Keycloak credentials through the portal: a staff user removes another user's credential (or their own password) by id; a company user reads second factors",
    async () => {
      // Profile's Sign-in security removes a security key through accounts' admin client: it must act on the
      // caller's own WebAuthn keys only, whatever id is sent
      const thief = await makeUser('keythief', { role: 0 });
      const victim = await makeUser('keyvictim', { role: 0 });
      const member = await makeUser('keypeek', { role: 4 });
      const creds = async (id) => (await kcAdmin('GET', `/users/${id}/credentials`)).json();
      const [victimPassword] = await creds(victim.id);
      const [ownPassword] = await creds(thief.id);
      const token = (await grant(thief.email)).access_token;
      const other = await api('DELETE', `/users/me/second-factors/keys/${victimPassword.id}`, { token });
      const own = await api('DELETE', `/users/me/second-factors/keys/${ownPassword.id}`, { token });
      const peek = await api('GET', '/users/me/second-factors', {
        token: (await grant(member.email)).access_token,
      });
      if ((await creds(victim.id)).length !== 1)
        return open(`another user's credential went (${other.status})`);
      if ((await creds(thief.id)).length !== 1)
        return open(`the caller's password went as a "key" (${own.status})`);
      if (peek.status !== 403) return open(`a company user read second factors (${peek.status})`);
      if (JSON.stringify(peek.json ?? {}).includes('credentialData'))
        return open('credential data in an answer');
      return blocked(
        `another's credential ${other.status}, own password ${own.status}, a company user ${peek.status}`,
      );
    },
  ],
];
