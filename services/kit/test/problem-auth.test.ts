import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import mongoose from 'mongoose';
import { Type } from 'typebox';
import { Messages } from '@portal/contracts';
import problem from '../src/plugins/app/problem.js';
import auth, { acceptedTestClient, claimProblem } from '../src/plugins/app/auth.js';
import redis from '../src/plugins/external/redis.js';
import rateLimit from '../src/plugins/app/rate-limit.js';
import { Problem } from '../src/index.js';
import { loadEnv } from '../src/env.js';
import { testClient } from '../testing/tokens.js';

/** Problem + auth plugins on a bare instance (no infrastructure): token-less and error paths. */
async function bare(env: Record<string, string> = {}) {
  const app = Fastify({ ajv: { customOptions: { keywords: ['errorMessage'], verbose: true } } });
  app.decorate('env', loadEnv(env) as never);
  await app.register(problem);
  await app.register(auth);
  const body = Type.Object({
    email: Type.String({ minLength: 3, errorMessage: 'Email is required!' }),
    n: Type.Optional(Type.Integer()),
  });
  app.post('/open', { config: { public: true }, schema: { body } }, async () => ({ ok: true }));
  app.get('/closed', { config: { roles: [0] } }, async () => ({ ok: true }));
  app.get('/teapot', { config: { public: true } }, async () => {
    throw new Problem(418, 'short and stout');
  });
  app.get('/boom', { config: { public: true } }, async () => {
    throw new Error('secret internals');
  });
  app.get('/mongoose', { config: { public: true } }, async () => {
    const M =
      mongoose.models.KitUnit ??
      mongoose.model(
        'KitUnit',
        new mongoose.Schema({ name: { type: String, required: [true, 'Name please'] } }),
      );
    await new M({}).validate();
  });
  return app;
}

test('missing and garbage tokens → 401 problem with the token message', async () => {
  const app = await bare();
  for (const headers of [{}, { authorization: 'Bearer not.a.jwt' }]) {
    const res = await app.inject({ method: 'GET', url: '/closed', headers });
    assert.equal(res.statusCode, 401);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.deepEqual(res.json(), {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: Messages.tokenInvalid,
      message: Messages.tokenInvalid,
      error: Messages.tokenInvalid,
    });
  }
  await app.close();
});

test('schema errors → 400 with the property errorMessage, else AJV text', async () => {
  const app = await bare();
  const missing = await app.inject({ method: 'POST', url: '/open', payload: { n: 1 } });
  assert.equal(missing.statusCode, 400);
  assert.equal(missing.json().message, 'Email is required!');
  const short = await app.inject({ method: 'POST', url: '/open', payload: { email: 'a' } });
  assert.equal(short.json().detail, 'Email is required!');
  const wrongType = await app.inject({ method: 'POST', url: '/open', payload: { email: 'abc', n: 'x' } });
  assert.equal(wrongType.statusCode, 400);
  assert.match(wrongType.json().detail, /must be integer/);
  const notJson = await app.inject({
    method: 'POST',
    url: '/open',
    headers: { 'content-type': 'application/json' },
    payload: '{',
  });
  assert.equal(notJson.statusCode, 400);
  await app.close();
});

test('Problem, mongoose validation, unknown errors and 404', async () => {
  const app = await bare();
  const tea = await app.inject('/teapot');
  assert.equal(tea.statusCode, 418);
  assert.equal(tea.json().error, 'short and stout');
  const boom = await app.inject('/boom');
  assert.equal(boom.statusCode, 500);
  assert.equal(boom.json().detail, 'Internal Server Error');
  assert.doesNotMatch(boom.body, /secret/);
  const mv = await app.inject('/mongoose');
  assert.equal(mv.statusCode, 400);
  assert.equal(mv.json().detail, 'Name please');
  const nf = await app.inject('/nowhere');
  assert.equal(nf.statusCode, 404);
  assert.equal(nf.json().detail, Messages.notFound);
  await app.close();
});

test('routeTable lists method, url, public and roles', async () => {
  const app = await bare();
  await app.ready();
  const table = app.routeTable();
  assert.deepEqual(
    table.find((r) => r.url === '/closed'),
    {
      method: 'GET',
      url: '/closed',
      public: false,
      roles: [0],
      allowUnverified: false,
      allowSuspended: false,
    },
  );
  assert.equal(table.find((r) => r.url === '/open')?.public, true);
  assert.ok(!table.some((r) => r.method === 'HEAD'));
  await app.close();
});

test('env is validated at build', () => {
  assert.throws(() => loadEnv({ S3_PORT: 'abc' }), /invalid environment/);
  assert.equal(loadEnv({ S3_PORT: '9200' }).S3_PORT, 9200);
});

const kcBase = () => process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
async function kcToken(form: Record<string, string>) {
  const res = await fetch(
    `${kcBase()}/realms/${process.env.KEYCLOAK_REALM ?? 'portal'}/protocol/openid-connect/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    },
  );
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as { access_token: string; id_token?: string };
}

test('claims: only a Bearer access token of the portal client, for a verified email, with sub/iat/exp', () => {
  const ok = { typ: 'Bearer', azp: 'portal-web', sub: 's', iat: 1, exp: 2, email_verified: true };
  assert.equal(claimProblem(ok, 'portal-web'), undefined);
  assert.match(claimProblem({ ...ok, typ: 'ID' }, 'portal-web')!, /typ/);
  assert.match(claimProblem({ ...ok, typ: 'Refresh' }, 'portal-web')!, /typ/);
  assert.match(claimProblem({ ...ok, azp: 'portal-services' }, 'portal-web')!, /azp/);
  assert.match(claimProblem({ ...ok, email_verified: false }, 'portal-web')!, /verified/);
  assert.match(claimProblem({ ...ok, sub: undefined }, 'portal-web')!, /sub/);
  // the local and CI realm's test client only where it is configured; never the empty name
  const tests = { ...ok, azp: 'portal-tests' };
  assert.match(claimProblem(tests, 'portal-web')!, /azp/);
  assert.equal(claimProblem(tests, 'portal-web', 'portal-tests'), undefined);
  assert.match(claimProblem({ ...ok, azp: '' }, 'portal-web', '')!, /azp/);
  assert.match(claimProblem({ ...ok, azp: undefined }, 'portal-web', '')!, /azp/);
});

test('production accepts no test client, whatever KEYCLOAK_TEST_CLIENT_ID says', () => {
  assert.equal(acceptedTestClient({ PORTAL_ENV: 'production', KEYCLOAK_TEST_CLIENT_ID: 'portal-tests' }), '');
  assert.equal(
    acceptedTestClient({ PORTAL_ENV: 'development', KEYCLOAK_TEST_CLIENT_ID: 'portal-tests' }),
    'portal-tests',
  );
  assert.equal(loadEnv({ KEYCLOAK_TEST_CLIENT_ID: '' }).KEYCLOAK_TEST_CLIENT_ID, '');
});

test('real tokens: the access token passes; its ID token, the service account and alg none are 401', async () => {
  const app = await bare({ KEYCLOAK_TEST_CLIENT_ID: testClient().client_id });
  const pw = await kcToken({
    grant_type: 'password',
    ...testClient(),
    username: 'driver@demo.portal',
    password: 'Portal!2345',
    scope: 'openid',
  });
  const sa = await kcToken({
    grant_type: 'client_credentials',
    client_id: process.env.KEYCLOAK_SERVICE_CLIENT_ID ?? 'portal-services',
    client_secret: process.env.KEYCLOAK_SERVICE_CLIENT_SECRET ?? 'portal-services-secret',
  });
  // a bare app has no user-state store: nobody is verified there, so the route opts in to reach the handler
  app.get('/mine', { config: { allowUnverified: true } }, async (req) => ({ role: req.user.role }));
  const get = (t: string) =>
    app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${t}` } });
  const access = await get(pw.access_token);
  assert.equal(access.statusCode, 200);
  assert.equal(access.json().role, 2);
  assert.equal((await get(pw.id_token!)).statusCode, 401);
  assert.equal((await get(sa.access_token)).statusCode, 401);
  const [, body] = pw.access_token.split('.');
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${body}.`;
  assert.equal((await get(none)).statusCode, 401);
  // the verified result is cached per token: a repeat costs far less than the first verification
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < 200; i++) await get(pw.access_token);
  const perCall = Number(process.hrtime.bigint() - t0) / 200 / 1000;
  assert.ok(perCall < 2000, `${perCall} µs per cached call`);
  await app.close();
  // where no test client is configured (production), the same token is no key
  const strict = await bare({ KEYCLOAK_TEST_CLIENT_ID: '' });
  strict.get('/mine', { config: { allowUnverified: true } }, async (req) => ({ role: req.user.role }));
  const refused = await strict.inject({
    method: 'GET',
    url: '/mine',
    headers: { authorization: `Bearer ${pw.access_token}` },
  });
  assert.equal(refused.statusCode, 401);
  await strict.close();
});

test('public /api routes: 429 problem+json with Retry-After, keyed by address and account', async () => {
  const env = loadEnv({ RATE_LIMIT_ACCOUNT_MAX: '3', RATE_LIMIT_MAX: '4' });
  const app = Fastify({ trustProxy: true });
  app.decorate('env', env as never);
  app.decorate('serviceName', 'kit-test');
  await app.register(problem);
  await app.register(redis);
  await app.register(rateLimit);
  const by = (r: { body?: unknown }) => (r.body as { email?: string }).email;
  app.post('/api/login', { config: { public: true, rateLimitBy: by } }, async () => ({ ok: true }));
  app.post('/api/open', { config: { public: true } }, async () => ({ ok: true }));
  app.get('/healthz', { config: { public: true } }, async () => ({ ok: true }));
  const run = `${Date.now()}-${Math.random()}`;
  const login = (email: string, ip = '192.0.2.1') =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { email: `${email}${run}` },
    });
  for (let i = 0; i < 3; i++) assert.equal((await login('a')).statusCode, 200);
  const limited = await login('a');
  assert.equal(limited.statusCode, 429);
  assert.ok(Number(limited.headers['retry-after']) > 0);
  assert.match(limited.headers['content-type'] as string, /application\/problem\+json/);
  assert.equal(limited.json().status, 429);
  assert.match(limited.json().message, /^Too many requests\. Please try again in/);
  assert.equal((await login('b')).statusCode, 200, 'another account from the same address');
  assert.equal((await login('a', '192.0.2.99')).statusCode, 200, 'the same account from another address');
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const open = () => app.inject({ method: 'POST', url: '/api/open', remoteAddress: ip });
  for (let i = 0; i < 4; i++) assert.equal((await open()).statusCode, 200);
  assert.equal((await open()).statusCode, 429);
  for (let i = 0; i < 10; i++) assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
  await app.close();
});
