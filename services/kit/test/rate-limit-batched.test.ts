// The rate limits counted locally and added to Redis in batches (rate-limit-store.ts): below a limit a request
// costs no Redis round trip; one instance alone is exact; two instances of a service share one limit within the
// stated tolerance (2 × 10 % of it). Real Redis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import problem from '../src/plugins/app/problem.js';
import redis from '../src/plugins/external/redis.js';
import rateLimit from '../src/plugins/app/rate-limit.js';
import { LOCAL_SHARE, SYNC_MS } from '../src/plugins/app/rate-limit-store.js';
import { loadEnv } from '../src/env.js';

/** One instance of a service `name` (the limit's namespace) with a public read route limited to `max`. */
async function instance(name: string, max: number) {
  const app = Fastify();
  app.decorate('env', loadEnv({ RATE_LIMIT_READ_MAX: String(max), RATE_LIMIT_WINDOW_MS: '60000' }) as never);
  app.decorate('serviceName', name);
  await app.register(problem);
  await app.register(redis);
  await app.register(rateLimit);
  app.get('/api/open', { config: { public: true } }, async () => ({ ok: true }));
  await app.ready();
  // what the limit asks Redis (one call = one round trip)
  const r = app.redis as unknown as { portalRateAdd: (...a: unknown[]) => Promise<unknown> };
  const real = r.portalRateAdd.bind(r);
  const calls = { n: 0 };
  r.portalRateAdd = (...a: unknown[]) => {
    calls.n++;
    return real(...a);
  };
  return { app, calls };
}
const get = (app: FastifyInstance) =>
  app.inject({ method: 'GET', url: '/api/open', remoteAddress: '198.51.100.7' }).then((r) => r.statusCode);
const name = () => `kit-rl-batch-${Date.now()}-${Math.random().toString(36).slice(2)}`;

test('one instance: exact at its limit, and far fewer Redis round trips than requests below it', async () => {
  const { app, calls } = await instance(name(), 200);
  try {
    const codes: number[] = [];
    for (let i = 0; i < 150; i++) codes.push(await get(app));
    assert.equal(codes.filter((c) => c === 200).length, 150, 'below the limit');
    assert.ok(calls.n < 40, `${calls.n} Redis round trips for 150 requests`);
    for (let i = 0; i < 60; i++) codes.push(await get(app));
    assert.equal(codes.filter((c) => c === 200).length, 200, 'exactly the limit passes');
    assert.equal(codes.at(-1), 429);
  } finally {
    await app.close();
  }
});

test('two instances of one service share the limit: within 2 × LOCAL_SHARE of it, then every answer is 429', async () => {
  const svc = name();
  const max = 100;
  const a = await instance(svc, max);
  const b = await instance(svc, max);
  try {
    let passed = 0;
    // interleaved, both busy: each answers from its own count between the batches
    for (let i = 0; i < 100; i++) {
      const [x, y] = await Promise.all([get(a.app), get(b.app)]);
      passed += Number(x === 200) + Number(y === 200);
    }
    assert.ok(passed >= max, `${passed} passed: the limit is never tighter than set`);
    assert.ok(passed <= max * (1 + 2 * LOCAL_SHARE), `${passed} passed of a limit of ${max}`);
    // once the batches are in, both instances refuse
    await new Promise((r) => setTimeout(r, SYNC_MS * 3));
    assert.equal(await get(a.app), 429);
    assert.equal(await get(b.app), 429);
  } finally {
    await a.app.close();
    await b.app.close();
  }
});
