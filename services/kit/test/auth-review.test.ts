import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { Messages } from '@portal/contracts';
import problem from '../src/plugins/app/problem.js';
import auth from '../src/plugins/app/auth.js';
import redis from '../src/plugins/external/redis.js';
import userState from '../src/plugins/app/user-state.js';
import { loadEnv } from '../src/env.js';
import { throwawayUser, tokenFor, type ThrowawayUser } from '../testing/index.js';

/**
 * Staff review, decided once in the kit's auth: a real Keycloak user without the "verified" marker in the user
 * state is under review, and every route refuses it (403, the under-review message) unless the route opts in.
 */
let app: FastifyInstance;
let user: ThrowawayUser;
let token: string;

async function build(store = true) {
  const a = Fastify();
  a.decorate('env', loadEnv() as never);
  await a.register(problem);
  if (store) {
    await a.register(redis);
    await a.register(userState);
  }
  await a.register(auth);
  a.get('/api/data', async (req) => ({ verified: req.user.verified }));
  a.post('/api/data', async () => ({ ok: true }));
  a.get('/api/me', { config: { allowUnverified: true } }, async (req) => ({ verified: req.user.verified }));
  a.post('/api/me', { config: { allowUnverified: true } }, async () => ({ ok: true }));
  a.post('/api/out', { config: { allowUnverified: true, allowSuspended: true } }, async () => ({ ok: 1 }));
  await a.ready();
  return a;
}
const call = (a: FastifyInstance, method: 'GET' | 'POST', url: string, t = token) =>
  a.inject({
    method,
    url,
    headers: { authorization: `Bearer ${t}` },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

before(async () => {
  app = await build();
  user = await throwawayUser('kit-review');
  token = await user.token();
});
after(async () => {
  await app.userState.setSuspended(user.sub, false);
  await app.userState.setVerified(user.sub, false);
  await app.close();
  await user.remove();
});

test('under review: every route refuses with 403 and the under-review message, opted-in routes answer', async () => {
  for (const method of ['GET', 'POST'] as const) {
    const res = await call(app, method, '/api/data');
    assert.equal(res.statusCode, 403, `${method} /api/data`);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.equal(res.json().message, Messages.underReview);
  }
  const me = await call(app, 'GET', '/api/me');
  assert.equal(me.statusCode, 200);
  assert.equal(me.json().verified, false);
  assert.equal((await call(app, 'POST', '/api/me')).statusCode, 200);
});

test('staff verify: the marker lets the user in on the next request; taking it away locks them out again', async () => {
  await app.userState.setVerified(user.sub, true);
  const res = await call(app, 'GET', '/api/data');
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().verified, true);
  assert.equal((await call(app, 'POST', '/api/data')).statusCode, 200);
  await app.userState.setVerified(user.sub, false);
  assert.equal((await call(app, 'GET', '/api/data')).json().message, Messages.underReview);
});

test('suspended (never verified too): reads pass, writes get the suspension message, not the review one', async () => {
  await app.userState.setSuspended(user.sub, true);
  try {
    assert.equal((await call(app, 'GET', '/api/data')).statusCode, 200);
    const write = await call(app, 'POST', '/api/data');
    assert.equal(write.statusCode, 403);
    assert.equal(write.json().message, Messages.suspended);
    assert.equal((await call(app, 'POST', '/api/out')).statusCode, 200);
  } finally {
    await app.userState.setSuspended(user.sub, false);
  }
});

test('fail closed: no user-state store, no verification (a demo user too)', async () => {
  const bare = await build(false);
  try {
    const res = await call(bare, 'GET', '/api/data', await tokenFor(1));
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, Messages.underReview);
  } finally {
    await bare.close();
  }
});

test('the state store unreachable with nothing known of the user: 503, not a pass and not "under review"', async () => {
  const a = Fastify();
  a.decorate('env', loadEnv() as never);
  a.decorate('userState', {
    read: async () => ({ sessionEnded: false, unknown: true }),
  } as never);
  await a.register(problem);
  await a.register(auth);
  a.get('/api/data', async () => ({ ok: true }));
  a.get('/api/me', { config: { allowUnverified: true } }, async () => ({ ok: true }));
  try {
    const res = await call(a, 'GET', '/api/data');
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().message, Messages.serviceUnavailable);
    assert.equal((await call(a, 'GET', '/api/me')).statusCode, 200);
  } finally {
    await a.close();
  }
});

test('the route table says which routes a user under review may call', () => {
  const table = app.routeTable();
  assert.equal(table.find((r) => r.method === 'GET' && r.url === '/api/me')?.allowUnverified, true);
  assert.equal(table.find((r) => r.method === 'GET' && r.url === '/api/data')?.allowUnverified, false);
  assert.equal(table.find((r) => r.url === '/api/out')?.allowSuspended, true);
});

test('a kept verdict is the whole token’s: another payload under the same signature is refused', async () => {
  assert.equal((await call(app, 'GET', '/api/me')).statusCode, 200); // the verdict is kept now
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, email: 'someone.else@example.com' })).toString(
    'base64url',
  );
  const res = await call(app, 'GET', '/api/me', `${header}.${forged}.${signature}`);
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().message, Messages.tokenInvalid);
  assert.equal((await call(app, 'GET', '/api/me')).statusCode, 200); // the real one still passes
});
