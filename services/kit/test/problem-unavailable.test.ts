import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import mongoose from 'mongoose';
import { Redis } from 'ioredis';
import problem from '../src/plugins/app/problem.js';
import { isBackendUnavailable, UNAVAILABLE_MESSAGE } from '../src/index.js';
import { freePort } from './fixtures/own-server.js';

/**
 * A backend that does not answer (the database, Redis) is a retryable 503 problem with Retry-After, not a bare 500
 * "Internal Server Error": the errors are the drivers' own, from a port where nothing listens (no infrastructure).
 */
const conns: mongoose.Connection[] = [];
after(async () => {
  for (const c of conns) await c.close().catch(() => undefined);
});

async function errorOf(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

async function appThrowing(err: unknown) {
  const app = Fastify();
  await app.register(problem);
  app.get('/x', async () => {
    throw err;
  });
  return app;
}

test('the database unreachable (server selection, buffering) and Redis offline answer 503 with Retry-After', async () => {
  const dead = await freePort();
  const selection = await errorOf(() =>
    mongoose.createConnection(`mongodb://127.0.0.1:${dead}/x`, { serverSelectionTimeoutMS: 300 }).asPromise(),
  );
  // a model on a connection that never came up: mongoose buffers, then gives up
  const idle = mongoose.createConnection();
  conns.push(idle);
  const M = idle.model('Unavailable', new mongoose.Schema({ n: Number }, { bufferTimeoutMS: 200 }));
  const buffering = await errorOf(() => M.findOne().exec());
  const redis = new Redis(dead, '127.0.0.1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', () => undefined);
  const offline = await errorOf(() => redis.get('k'));
  redis.disconnect();

  for (const err of [selection, buffering, offline]) {
    assert.ok(isBackendUnavailable(err), `${(err as Error).name}: ${(err as Error).message}`);
    const app = await appThrowing(err);
    const res = await app.inject({ url: '/x' });
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.equal(res.headers['retry-after'], '5');
    assert.equal(res.json().message, UNAVAILABLE_MESSAGE);
    assert.doesNotMatch(res.body, /127\.0\.0\.1|ECONNREFUSED/, 'no internals in the answer');
    await app.close();
  }
});

test('a refused query stays what it was: duplicate key 409, an unknown failure 500', async () => {
  const dup = Object.assign(new Error('E11000 duplicate key error'), {
    name: 'MongoServerError',
    code: 11000,
  });
  assert.equal((await (await appThrowing(dup)).inject({ url: '/x' })).statusCode, 409);
  const bug = new Error('cannot read properties of undefined');
  assert.equal(isBackendUnavailable(bug), false);
  const res = await (await appThrowing(bug)).inject({ url: '/x' });
  assert.equal(res.statusCode, 500);
  assert.equal(res.headers['retry-after'], undefined);
});
