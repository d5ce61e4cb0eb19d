import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Messages } from '@portal/contracts';
import { DEMO_PASSWORD, tokenFor } from '@portal/service-kit/testing';
import { User } from '../src/models/user.js';
import { InvalidCredentials } from '../src/adapters/keycloak/index.js';
import { call, startApp, uniqueEmail } from './helpers.js';
import { KeycloakCleanup, kc, makeKeycloakUser, tokensFor } from './auth-support.js';
import { kcUser } from './users-fixtures.js';

/**
 * Identity and sessions: no session before the email is verified, only portal access tokens are
 * accepted, and logout, password change, suspension and deletion end sessions at once (kit user state).
 */
let app: FastifyInstance;
const cleanup = new KeycloakCleanup();
const fixtures: { cleanup: () => Promise<void> }[] = [];
/** `iat` has a resolution of one second: wait so that "issued before" is unambiguous. */
const nextSecond = () => new Promise((r) => setTimeout(r, 1100));
const me = (token: string) => call(app, 'GET', '/api/users/me', token);

before(async () => {
  app = await startApp();
});
after(async () => {
  for (const f of fixtures) await f.cleanup();
  await cleanup.run();
  await app.close();
});

async function user(tag: string, role: 0 | 1 | 2 | 3 | 4 = 4) {
  const u = await kcUser(app, tag, { role });
  fixtures.push(u);
  return u;
}

test('no session before the email is verified: Keycloak itself issues no token; the pin flow goes on', async () => {
  const email = uniqueEmail('unverified');
  cleanup.add(email);
  await makeKeycloakUser(email, DEMO_PASSWORD);
  await kc.updateUser((await kc.findUserByEmail(email))!.id, { emailVerified: false });
  // the realm's verifyEmail: the right password of an unverified address gets no token at all (not one the
  // services would have to refuse), and a wrong one is still just a wrong password
  await assert.rejects(tokensFor(email, DEMO_PASSWORD), /not fully set up/);
  await assert.rejects(tokensFor(email, 'Wrong!2345'), /Invalid user credentials/);
  // "send the code again" path: a new code is sent for an unverified address
  const again = await call(app, 'POST', '/api/auth/sendValidation', undefined, { email });
  assert.equal(again.status, 200, JSON.stringify(again.json));
  assert.equal(again.json.message, AuthMessages.codeSent(email));
  // once verified (what the pin does), the same password gets a token the API accepts. The refused grant left
  // Keycloak's verify-email step on the user; the browser's sign-in passes it at once for a verified address,
  // a password grant does not run it: lifted here as that step would.
  const id = (await kc.findUserByEmail(email))!.id;
  await kc.updateUser(id, { emailVerified: true, requiredActions: [] } as Parameters<
    typeof kc.updateUser
  >[1]);
  const tokens = await tokensFor(email, DEMO_PASSWORD);
  assert.notEqual((await me(tokens.token)).status, 401);
});

test('only access tokens of the portal client: ID tokens and the service account are refused', async () => {
  const u = await user('idtoken', 2);
  const tokens = await tokensFor(u.email, DEMO_PASSWORD);
  assert.equal((await me(tokens.token)).status, 200);
  assert.equal((await me(tokens.idToken)).status, 401);
  // a driver's ID token must not rewrite anything (it carries no realm roles: it used to read as role 4)
  const write = await call(app, 'POST', '/api/users/update', tokens.idToken, {
    user: { email: u.email, name: { firstName: 'Hacked' } },
  });
  assert.equal(write.status, 401);
  assert.equal((await User.findOne({ email: u.email }).lean())?.role, 2);
  const env = app.env as unknown as Record<string, string>;
  const sa = await fetch(`${env.KEYCLOAK_URL}/realms/${env.KEYCLOAK_REALM}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: env.KEYCLOAK_SERVICE_CLIENT_ID!,
      client_secret: env.KEYCLOAK_SERVICE_CLIENT_SECRET!,
    }),
  });
  const saToken = ((await sa.json()) as { access_token: string }).access_token;
  assert.equal((await me(saToken)).status, 401);
  assert.equal((await call(app, 'GET', '/api/users', saToken)).status, 401);
});

test('logout ends this session at once (its token and refresh token), not the other ones', async () => {
  const u = await user('logout');
  const a = await tokensFor(u.email, DEMO_PASSWORD);
  const b = await tokensFor(u.email, DEMO_PASSWORD);
  assert.equal((await me(a.token)).status, 200);
  const out = await call(app, 'POST', '/api/auth/logout', a.token, { refreshToken: a.refreshToken });
  assert.equal(out.status, 200, JSON.stringify(out.json));
  assert.equal((await me(a.token)).status, 401);
  await assert.rejects(kc.refreshGrant(a.refreshToken), InvalidCredentials);
  assert.equal((await me(b.token)).status, 200);
});

test('a password change ends every session: older tokens refused, refresh fails, the new password works', async () => {
  const u = await user('pwchange');
  const old = await tokensFor(u.email, DEMO_PASSWORD);
  assert.equal((await me(old.token)).status, 200);
  await nextSecond();
  const ok = await call(app, 'POST', '/api/auth/changepassword', old.token, {
    user: u.email,
    oldPassword: DEMO_PASSWORD,
    newPassword: 'Changed!2345x',
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.equal((await me(old.token)).status, 401);
  await assert.rejects(kc.refreshGrant(old.refreshToken), InvalidCredentials);
  const fresh = await tokensFor(u.email, 'Changed!2345x');
  assert.equal((await me(fresh.token)).status, 200);
});

test('password policy: 8 characters at sign-up like change password; not the email; not a recent one', async () => {
  const short = await call(app, 'POST', '/api/auth/signUp', undefined, {
    email: uniqueEmail('short'),
    password: 'Ab1!xyz',
    data: { company: { 'License #': 'X' } },
    method: 'license',
  });
  assert.equal(short.status, 400);
  assert.equal(short.json.message, Messages.passwordMin);
  const u = await user('policy');
  const t = (await tokensFor(u.email, DEMO_PASSWORD)).token;
  const asEmail = await call(app, 'POST', '/api/auth/changepassword', t, {
    user: u.email,
    oldPassword: DEMO_PASSWORD,
    newPassword: u.email.slice(0, 60),
  });
  assert.equal(asEmail.status, 400, JSON.stringify(asEmail.json));
  const same = await call(app, 'POST', '/api/auth/changepassword', t, {
    user: u.email,
    oldPassword: DEMO_PASSWORD,
    newPassword: DEMO_PASSWORD,
  });
  assert.equal(same.status, 400, JSON.stringify(same.json));
  assert.match(same.json.message, /password/i);
});

test('suspension ends the sessions; signed in again the user reads (banner) but cannot act', async () => {
  const u = await user('suspend');
  const old = await tokensFor(u.email, DEMO_PASSWORD);
  await nextSecond();
  const admin = await tokenFor(1);
  const res = await call(app, 'POST', '/api/users/update', admin, {
    user: { email: u.email, verified: 'suspended' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.equal((await me(old.token)).status, 401);
  const again = await tokensFor(u.email, DEMO_PASSWORD);
  const mine = await me(again.token);
  assert.equal(mine.status, 200);
  assert.equal(mine.json.user.verified, 'suspended');
  const act = await call(app, 'POST', '/api/users/update', again.token, {
    user: { email: u.email, name: { firstName: 'Still' } },
  });
  assert.equal(act.status, 403);
  assert.equal(act.json.message, Messages.suspended);
  // lifted: acting works again
  await call(app, 'POST', '/api/users/update', admin, { user: { email: u.email, verified: true } });
  const after = await call(app, 'POST', '/api/users/update', again.token, {
    user: { email: u.email, name: { firstName: 'Back' } },
  });
  assert.equal(after.status, 200, JSON.stringify(after.json));
});

test('a deleted user: the token that was valid is refused and never re-creates the profile', async () => {
  const u = await user('deleted');
  const t = (await tokensFor(u.email, DEMO_PASSWORD)).token;
  assert.equal((await me(t)).status, 200);
  const del = await call(app, 'POST', '/api/users/delete', await tokenFor(1), { user: { email: u.email } });
  assert.equal(del.status, 200, JSON.stringify(del.json));
  assert.equal((await me(t)).status, 401);
  assert.equal((await call(app, 'POST', '/api/users/invites', t, {})).status, 401);
  assert.equal(await User.exists({ email: u.email }), null);
});

test('wrong passwords: Keycloak locks the account (brute-force detection), not another one', async () => {
  // the portal has no password endpoint of its own any more: the sign-in page and every grant are Keycloak's
  const u = await user('brute');
  const other = await user('brute-bystander');
  for (let i = 0; i < 12; i++)
    await assert.rejects(tokensFor(u.email, `wrong-${i}-Aa1!`), InvalidCredentials);
  // the right password is refused by Keycloak itself (temporary lockout)
  await assert.rejects(tokensFor(u.email, DEMO_PASSWORD), /temporarily disabled|Invalid user credentials/);
  assert.equal((await me((await tokensFor(other.email, DEMO_PASSWORD)).token)).status, 200);
});
