import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Messages } from '@portal/contracts';
import problem from '../src/plugins/app/problem.js';
import auth from '../src/plugins/app/auth.js';
import redis from '../src/plugins/external/redis.js';
import userState, { userStateStore, verifiedKey } from '../src/plugins/app/user-state.js';
import { USER_STATE_CHANNEL, UserStateCache } from '../src/plugins/app/user-state-cache.js';
import { loadEnv } from '../src/env.js';
import { cacheFigures } from '../src/cache-stats.js';
import { throwawayUser, waitFor, type ThrowawayUser } from '../testing/index.js';

/**
 * The auth hook's copy of the user state: an authenticated request costs no Redis round trip, yet a change is refused
 * on the very next request: written through a store in this process (its own Redis connection, as a test or accounts
 * writes), every copy here is dropped before the write returns; written by another process, the copy is dropped when
 * its announcement arrives over pub/sub.
 */
let app: FastifyInstance;
let other: Redis;
let writer: ReturnType<typeof userStateStore>;
let user: ThrowawayUser;

async function build() {
  const a = Fastify();
  a.decorate('env', loadEnv() as never);
  await a.register(problem);
  await a.register(redis);
  await a.register(userState);
  await a.register(auth);
  a.get('/api/data', async (req) => ({ suspended: req.user.suspended }));
  a.post('/api/data', async () => ({ ok: true }));
  await a.ready();
  return a;
}
const call = (method: 'GET' | 'POST', token: string) =>
  app.inject({
    method,
    url: '/api/data',
    headers: { authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
const sidOf = (token: string) =>
  String(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid);
/** The subscription is confirmed a moment after the connection: until then every read goes to Redis. */
const cacheLive = async () => {
  const probe = await user.token();
  await waitFor(
    async () => {
      await call('GET', probe);
      return (cacheFigures()['kit.user-state']?.hits ?? 0) > 0;
    },
    5000,
    20,
  );
};

before(async () => {
  app = await build();
  other = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6390', { maxRetriesPerRequest: 2 });
  writer = userStateStore(other, () => undefined);
  user = await throwawayUser('kit-state-cache');
  await writer.setVerified(user.sub, true);
  await cacheLive();
});
after(async () => {
  if (user) {
    await writer.setSuspended(user.sub, false).catch(() => undefined);
    await writer.setVerified(user.sub, false).catch(() => undefined);
    await user.remove();
  }
  await app?.close();
  other?.disconnect();
});

test('a read is served from the copy: a write that bypasses the store is not seen, an announced one at once', async () => {
  const token = await user.token();
  assert.equal((await call('GET', token)).statusCode, 200);
  // straight to Redis, as an operator's redis-cli would: no announcement, so the copy still answers
  await other.del(verifiedKey(user.sub));
  assert.equal((await call('GET', token)).statusCode, 200, 'the copy answered without a Redis read');
  await other.set(verifiedKey(user.sub), '1');
  // the same through the store: announced, so the copy is gone before the next request
  await writer.setVerified(user.sub, false);
  const res = await call('GET', token);
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().message, Messages.underReview);
  await writer.setVerified(user.sub, true);
  assert.equal((await call('GET', token)).statusCode, 200);
});

test('a logout through another store: the cached token of that session is refused on the next request', async () => {
  const token = await user.token();
  const kept = await user.token(); // another session of the same user
  assert.equal((await call('GET', token)).statusCode, 200);
  assert.equal((await call('GET', kept)).statusCode, 200);
  await writer.endSession(sidOf(token));
  const res = await call('GET', token);
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().message, Messages.tokenInvalid);
  assert.equal((await call('GET', kept)).statusCode, 200, 'the other session goes on');
});

test('a suspension and a revocation through another store apply to the next request of a cached token', async () => {
  const token = await user.token();
  assert.equal((await call('POST', token)).statusCode, 200);
  await writer.setSuspended(user.sub, true);
  const write = await call('POST', token);
  assert.equal(write.statusCode, 403);
  assert.equal(write.json().message, Messages.suspended);
  assert.equal((await call('GET', token)).json().suspended, true, 'reads see the suspension too');
  await writer.setSuspended(user.sub, false);
  assert.equal((await call('POST', token)).statusCode, 200);
  // a password change: every token issued before now is refused (iat < nbf; one second later)
  await new Promise((r) => setTimeout(r, 1100));
  await writer.revokeBefore(user.sub);
  assert.equal((await call('GET', token)).statusCode, 401);
});

test('another process: its raw write plus announcement (as its store sends it) drops the copy on arrival', async () => {
  const token = await user.token();
  assert.equal((await call('POST', token)).statusCode, 200);
  await other.set(`portal:suspended:${user.sub}`, '1');
  assert.equal((await call('POST', token)).statusCode, 200, 'not announced yet: the copy answers');
  // within 2 s, far inside the copy's 30 s life: the announcement dropped it, not its age
  await other.publish(USER_STATE_CHANNEL, JSON.stringify({ subs: [user.sub] }));
  await waitFor(async () => (await call('POST', token)).statusCode === 403, 2000, 1);
  await writer.setSuspended(user.sub, false);
  assert.equal((await call('POST', token)).statusCode, 200);
});

test('the copy: unused until the subscription is live, a read overtaken by a change is not kept, bounded ttl', () => {
  const cache = new UserStateCache<{ v: number }>(50);
  const g0 = cache.generation();
  cache.set('u', 's', { v: 1 }, g0);
  assert.equal(cache.get('u', 's'), undefined, 'not live: nothing kept, nothing served');
  cache.setLive(true);
  const g1 = cache.generation();
  cache.drop({ subs: ['someone-else'] });
  cache.set('u', 's', { v: 1 }, g1);
  assert.equal(cache.get('u', 's'), undefined, 'a change landed while the read was in flight');
  cache.set('u', 's', { v: 2 }, cache.generation());
  assert.deepEqual(cache.get('u', 's'), { v: 2 });
  cache.drop({ sids: ['s'] });
  assert.equal(cache.get('u', 's'), undefined, 'dropped by its session');
  cache.set('u', 's', { v: 3 }, cache.generation());
  cache.setLive(false);
  assert.equal(cache.get('u', 's'), undefined, 'the subscription lost: every copy dropped');
  cache.setLive(true);
  cache.set('u', '', { v: 4 }, cache.generation());
  const until = Date.now() + 60;
  while (Date.now() < until); // past the ttl
  assert.equal(cache.get('u'), undefined);
});
