import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { markVerified, subOf, tokenFor, waitFor } from '../testing/index.js';
import { defineWorker, type PortalApp } from '../src/index.js';
import { buildThingApp } from './fixtures/thing-service.js';
import { freePort, ownServer } from './fixtures/own-server.js';

/**
 * A Redis restart under a running service: a job queued during a short blip is accepted once Redis is back
 * (not a 500), the worker picks up again by itself; a longer outage is a clear 503 problem, never a 500.
 * Its own redis-server on a free port, no persistence.
 */
let port: number;
let redis: ReturnType<typeof ownServer>;
let app: PortalApp;
let token: string;
const done: string[] = [];
const worker = defineWorker<{ name: string }>({
  queue: 'kitblip-jobs',
  async handle(job) {
    done.push(job.data.name);
  },
});

before(async () => {
  port = await freePort();
  redis = ownServer(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    port,
  );
  await redis.start();
  token = await tokenFor(4);
  // the demo user is verified: its marker in this test's own Redis, as accounts would have written it
  await markVerified(subOf(token), true, `redis://127.0.0.1:${port}`);
  app = await buildThingApp(
    'kitblip',
    { workers: [worker], models: false },
    { REDIS_URL: `redis://127.0.0.1:${port}` },
  );
  await app.ready();
});
after(async () => {
  await app.close();
  await redis.stop();
});

const queue = (name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { authorization: `Bearer ${token}` },
    payload: { queue: 'kitblip-jobs', data: { name } },
  });

test('a job queued during a short Redis restart is accepted when Redis is back, and processed', async () => {
  const first = await queue('before');
  assert.equal(first.statusCode, 202);
  await waitFor(() => done.includes('before'), 10_000);

  await redis.stop();
  const pending = queue('during'); // Redis is down now
  await new Promise((r) => setTimeout(r, 1500));
  await redis.start();
  const res = await pending;
  assert.equal(res.statusCode, 202, res.body);
  await waitFor(() => done.includes('during'), 15_000);
});

test('a Redis outage longer than the patience is a 503 problem, not a 500', async () => {
  await redis.stop();
  try {
    const res = await queue('lost');
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.headers['content-type'] as string, /application\/problem\+json/);
    assert.equal(res.json().message, 'The service is temporarily unavailable. Please try again shortly.');
  } finally {
    await redis.start();
  }
  await waitFor(async () => (await queue('after')).statusCode === 202, 10_000, 500);
  await waitFor(() => done.includes('after'), 15_000);
});
