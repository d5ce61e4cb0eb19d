// The address the rate limits count on, and the failed-login limits: X-Forwarded-For is read only from the edge
// (TRUSTED_PROXIES) and only the hop the edge appended; failures are counted per address across accounts (password
// spraying) and per account across addresses. Real Redis (the limits' counters).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import problem from '../src/plugins/app/problem.js';
import redis from '../src/plugins/external/redis.js';
import rateLimit from '../src/plugins/app/rate-limit.js';
import { Problem } from '../src/index.js';
import { loadEnv } from '../src/env.js';
import { trustedProxies } from '../src/trusted-proxies.js';

test('trustedProxies: only the edge, only its own hop', () => {
  const trust = trustedProxies('127.0.0.1, 10.1.0.0/16, fd00::/8');
  assert.equal(trust('127.0.0.1', 0), true);
  assert.equal(trust('::ffff:127.0.0.1', 0), true);
  assert.equal(trust('10.1.200.3', 0), true);
  assert.equal(trust('fd00::5', 0), true);
  assert.equal(trust('10.2.0.1', 0), false, 'outside the range');
  assert.equal(trust('127.0.0.1', 1), false, 'a second hop is never trusted');
  assert.equal(trustedProxies('')('127.0.0.1', 0), false, 'empty: nobody');
  assert.throws(() => trustedProxies('edge.example.com'), /not an address/);
});

async function appWith(env: Record<string, string>) {
  const app = Fastify({ trustProxy: trustedProxies(env.TRUSTED_PROXIES ?? '127.0.0.1') });
  app.decorate('env', loadEnv(env) as never);
  app.decorate('serviceName', `kit-edge-${Date.now()}-${Math.random()}`);
  await app.register(problem);
  await app.register(redis);
  await app.register(rateLimit);
  return app;
}

test('X-Forwarded-For from a non-trusted address is ignored; from the edge only its appended hop counts', async () => {
  const app = await appWith({ TRUSTED_PROXIES: '127.0.0.1' });
  app.get('/api/ip', { config: { public: true } }, async (req) => ({ ip: req.ip }));
  const ip = async (remoteAddress: string, xff?: string) =>
    (
      await app.inject({
        url: '/api/ip',
        remoteAddress,
        headers: xff ? { 'x-forwarded-for': xff } : {},
      })
    ).json().ip;
  assert.equal(await ip('203.0.113.7', '198.51.100.1'), '203.0.113.7', 'a client cannot name its address');
  assert.equal(await ip('127.0.0.1', '203.0.113.7'), '203.0.113.7', 'the edge names the client');
  assert.equal(
    await ip('127.0.0.1', '198.51.100.1, 203.0.113.7'),
    '203.0.113.7',
    'what the client wrote before the edge appended its peer is ignored',
  );
  await app.close();
});

test('failed logins: one address spraying many accounts gets 429, right password or not; accounts too', async () => {
  const app = await appWith({
    RATE_LIMIT_FAIL_ADDRESS_MAX: '5',
    RATE_LIMIT_FAIL_ACCOUNT_MAX: '3',
    RATE_LIMIT_ACCOUNT_MAX: '1000',
  });
  const by = (r: { body?: unknown }) => (r.body as { email?: string }).email;
  app.post('/api/login', { config: { public: true, rateLimitBy: by, failureLimit: true } }, async (req) => {
    if ((req.body as { password?: string }).password !== 'right') throw new Problem(400, 'wrong');
    return { ok: true };
  });
  const run = `${Date.now()}${Math.random()}`;
  const addr = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { email: `${email}${run}`, password },
    });

  const sprayer = addr();
  const spray: number[] = [];
  for (let i = 0; i < 12; i++) spray.push((await login(`user${i}@x`, 'guess', sprayer)).statusCode);
  assert.deepEqual(spray, [...Array(5).fill(400), ...Array(7).fill(429)], 'per address, across accounts');
  const held = await login('someone@x', 'right', sprayer);
  assert.equal(held.statusCode, 429, 'the address is held even for a right password');
  assert.ok(Number(held.headers['retry-after']) > 0);
  assert.match(held.json().message, /^Too many requests\. Please try again in \d+ minutes?\./);
  assert.equal((await login('someone@x', 'right', addr())).statusCode, 200, 'other addresses are not held');

  // one account guessed from many addresses
  const guesses: number[] = [];
  for (let i = 0; i < 5; i++) guesses.push((await login('victim@x', 'guess', addr())).statusCode);
  assert.deepEqual(guesses, [400, 400, 400, 429, 429], 'per account, across addresses');
  // many right sign-ins from one address (an office) are never held
  const office = addr();
  for (let i = 0; i < 20; i++) assert.equal((await login(`staff${i}@x`, 'right', office)).statusCode, 200);
  await app.close();
});

test("failureLimit 'every': every answer counts per address across accounts (forgot-password)", async () => {
  const app = await appWith({ RATE_LIMIT_FAIL_ADDRESS_MAX: '4', RATE_LIMIT_ACCOUNT_MAX: '1000' });
  const by = (r: { body?: unknown }) => (r.body as { email?: string }).email;
  app.post('/api/forgot', { config: { public: true, rateLimitBy: by, failureLimit: 'every' } }, async () => ({
    emailSent: true,
  }));
  const from = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const ask = (i: number, remoteAddress = from) =>
    app.inject({
      method: 'POST',
      url: '/api/forgot',
      remoteAddress,
      payload: { email: `f${i}${Math.random()}@x` },
    });
  const codes: number[] = [];
  for (let i = 0; i < 7; i++) codes.push((await ask(i)).statusCode);
  assert.deepEqual(codes, [200, 200, 200, 200, 429, 429, 429]);
  assert.equal((await ask(9, '192.0.2.77')).statusCode, 200, 'another address is not held');
  await app.close();
});
