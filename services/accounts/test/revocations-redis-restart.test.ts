import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD, ownRedis, waitFor, type OwnRedis } from '@portal/service-kit/testing';
import { buildApp } from '../src/app.js';
import { Revocation } from '../src/models/revocation.js';
import { call, TEST_ENV } from './helpers.js';
import { tokensFor } from './auth-support.js';
import { kcUser } from './users-fixtures.js';

/**
 * Logouts and "not before" outlive Redis: with accounts on its own redis-server WITHOUT persistence, a token signed
 * out (logout) or revoked (password change) before Redis restarts empty is still refused after it — the revocations
 * are rows in accounts' database, written to Redis again when the connection comes back — while a session that was
 * never ended keeps working (nothing revived, nothing wrongly refused). Both were accepted again before.
 */
let app: FastifyInstance;
let redis: OwnRedis;
const fixtures: { cleanup: () => Promise<void> }[] = [];
const me = (token: string) => call(app, 'GET', '/api/users/me', token);

before(async () => {
  redis = await ownRedis();
  app = await buildApp({ ...TEST_ENV, REDIS_URL: redis.url });
  await app.ready();
});
after(async () => {
  for (const f of fixtures) await f.cleanup();
  await app?.close();
  await redis?.stop();
});

test('a logged-out token and a token from before a password change stay refused after Redis restarted empty', async () => {
  const u = await kcUser(app, 'rrlogout');
  const v = await kcUser(app, 'rrpassword');
  fixtures.push(u, v);
  const out = await tokensFor(u.email, DEMO_PASSWORD);
  // two sign-ins of one user in the same millisecond were once refused by Keycloak (a fresh clone's CI): spaced
  await new Promise((r) => setTimeout(r, 1100));
  const kept = await tokensFor(u.email, DEMO_PASSWORD);
  const old = await tokensFor(v.email, DEMO_PASSWORD);
  assert.equal(
    (await call(app, 'POST', '/api/auth/logout', out.token, { refreshToken: out.refreshToken })).status,
    200,
  );
  await new Promise((r) => setTimeout(r, 1100)); // iat has a resolution of one second
  const changed = await call(app, 'POST', '/api/auth/changepassword', old.token, {
    user: v.email,
    oldPassword: DEMO_PASSWORD,
    newPassword: 'Changed!2345x',
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.json));
  assert.equal((await me(out.token)).status, 401);
  assert.equal((await me(old.token)).status, 401);
  assert.equal((await me(kept.token)).status, 200);
  assert.ok(await Revocation.exists({ kind: 'sid' }), 'the logout is a row in the database');

  await redis.restart(); // empty: every key of the user state is gone
  await waitFor(() => app.redis.status === 'ready', 20_000, 100);
  // accounts writes its state again once its connection is back (verified markers, suspensions, revocations): the
  // two revocations are back in Redis without any request or restart
  const sid = JSON.parse(Buffer.from(out.token.split('.')[1]!, 'base64url').toString()).sid as string;
  await waitFor(
    async () => (await app.redis.exists(`portal:sid:${sid}`, `portal:user:${v.sub}`)) === 2,
    20_000,
    200,
  );
  assert.equal((await me(out.token)).status, 401, 'the logged-out token is accepted again');
  assert.equal(
    (await me(old.token)).status,
    401,
    'a token from before the password change is accepted again',
  );
  assert.equal((await me(kept.token)).status, 200, 'a session never ended is refused');
});
