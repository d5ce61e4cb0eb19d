// Profile → "Sign-in security": a staff user's own second factors (GET /api/users/me/second-factors) and removing
// one of their security keys (DELETE …/keys/:id), read from Keycloak's admin API for the token's own subject. The
// answer names what a person reads (an authenticator app yes/no, key labels) and never a credential's data.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Role, type RoleNumber } from '@portal/contracts';
import { otpCredential, securityKeyCredential, totpCode } from '@portal/service-kit/testing';
import { AdminApi } from '../src/adapters/keycloak/admin-api.js';
import { SecondFactorMessages } from '../src/domain/second-factors.js';
import { call, startApp } from './helpers.js';
import { kc } from './auth-support.js';
import { grant } from './users-fixtures.js';

const admin = new AdminApi(kc.settings);
const PASSWORD = `Sf1!${randomBytes(8).toString('base64url')}`;
const OTP_SECRET = `SecondFactor${randomBytes(6).toString('hex')}`;
/** A registered key as Keycloak stores it: its public key and credential id must never leave accounts. */
const PUBLIC_KEY = `pQECAyYgASFYI${randomBytes(12).toString('hex')}`;
const keyCred = (label: string) => securityKeyCredential(label, PUBLIC_KEY, ['internal']);
const otpCred = otpCredential(OTP_SECRET, 'Phone');

interface Made {
  id: string;
  token: string;
}
const made: string[] = [];
/** A Keycloak user with a portal role and the given factors; its token by the test client's password grant. */
async function person(tag: string, role: RoleNumber, creds: object[]): Promise<Made> {
  const email = `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@test.portal`;
  const res = await admin.call('POST', '/users', {
    username: email,
    email,
    enabled: true,
    emailVerified: true,
    firstName: 'Second',
    lastName: 'Factor',
    credentials: [{ type: 'password', value: PASSWORD, temporary: false }, ...creds],
  });
  const id = res.headers.get('location')!.split('/').pop()!;
  made.push(id);
  await kc.setRole(id, role);
  const hasOtp = creds.some((c) => (c as { type: string }).type === 'otp');
  const token = await grant(app, email, PASSWORD, hasOtp ? { totp: totpCode(OTP_SECRET) } : {});
  return { id, token };
}

let app: FastifyInstance;
let both: Made;
let oneKey: Made;
let member: Made;
before(async () => {
  app = await startApp();
  both = await person('sf-both', Role.SuperAdmin, [otpCred, keyCred('Desk key'), keyCred('Travel key')]);
  oneKey = await person('sf-onekey', Role.Admin, [keyCred('Only key')]);
  member = await person('sf-member', Role.User, []);
});
after(async () => {
  for (const id of made) await kc.deleteUser(id).catch(() => undefined);
  await app.close();
});

const del = (who: Made, id: string) =>
  app.inject({
    method: 'DELETE',
    url: `/api/users/me/second-factors/keys/${id}`,
    headers: { authorization: `Bearer ${who.token}` },
  });
const keyIds = async (who: Made) =>
  ((await kc.credentials(who.id)) as { id: string; type: string }[])
    .filter((c) => c.type === 'webauthn')
    .map((c) => c.id);

test('staff see their own factors: an authenticator app yes/no, the keys by label; no credential data', async () => {
  const r = await call(app, 'GET', '/api/users/me/second-factors', both.token);
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(r.json.data.required, true);
  assert.equal(r.json.data.authenticatorApp, true);
  assert.deepEqual(
    r.json.data.keys.map((k: { label: string }) => k.label),
    ['Desk key', 'Travel key'],
  );
  assert.deepEqual(Object.keys(r.json.data.keys[0]).sort(), ['createdAt', 'id', 'label']);
  const text = JSON.stringify(r.json);
  for (const secret of [PUBLIC_KEY, OTP_SECRET, 'credentialData', 'secretData', 'credentialId', 'password'])
    assert.ok(!text.includes(secret), `the answer leaks ${secret}`);
  const two = await call(app, 'GET', '/api/users/me/second-factors', oneKey.token);
  assert.equal(two.json.data.authenticatorApp, false);
  assert.equal(two.json.data.keys.length, 1);
});

test('only staff (roles 0 and 1) and only with a token: a company user 403, no token 401', async () => {
  assert.equal((await call(app, 'GET', '/api/users/me/second-factors', member.token)).status, 403);
  assert.equal((await call(app, 'GET', '/api/users/me/second-factors')).status, 401);
  const [key] = await keyIds(both);
  assert.equal((await del(member, key!)).statusCode, 403);
});

test("a key of someone else is not the caller's to remove: 404, and it stays", async () => {
  const [theirs] = await keyIds(oneKey);
  const r = await del(both, theirs!);
  assert.equal(r.statusCode, 404, r.body);
  assert.equal(r.json().message, SecondFactorMessages.keyNotFound);
  assert.deepEqual(await keyIds(oneKey), [theirs]);
  assert.equal((await del(both, 'not a uuid!')).statusCode, 400);
});

test('the last factor of a staff user stays (409); with another factor left the key goes', async () => {
  const [only] = await keyIds(oneKey);
  const refused = await del(oneKey, only!);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().message, SecondFactorMessages.lastFactor);
  assert.deepEqual(await keyIds(oneKey), [only]);

  const [desk, travel] = await keyIds(both);
  const ok = await del(both, desk!);
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().message, SecondFactorMessages.keyRemoved);
  assert.deepEqual(
    ok.json().data.keys.map((k: { id: string }) => k.id),
    [travel],
  );
  assert.deepEqual(await keyIds(both), [travel], 'gone from Keycloak');
});
