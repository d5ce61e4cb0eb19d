import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { assertUsesIndex, waitFor } from '../testing/index.js';
import { defineWorker, queuePrefix, type PortalApp } from '../src/index.js';
import { JOB_ROWS, JOB_ROWS_MODEL, rowId } from '../src/plugins/app/job-rows.js';
import { buildThingApp } from './fixtures/thing-service.js';
import { freePort, ownServer } from './fixtures/own-server.js';

/**
 * Nothing durable lives only in Redis: a durable worker's jobs are rows in the service's database, queued again
 * when a Redis WITHOUT persistence restarts empty under them (mid-retry and mid-outage), handled once each, never
 * revived once done; the service's own recoveries (app.jobs.onRecover) run again on the reconnect. Its own
 * redis-server on a free port (the stack's Redis is never touched).
 */
let port: number;
let redis: ReturnType<typeof ownServer>;
let app: PortalApp;
let failing = true; // the outside system (an SMTP server) is down
const handled: string[] = [];
const tries = new Map<string, number>();
const recovered: string[] = [];
const worker = defineWorker<{ name: string }>({
  queue: 'kitrows-mail',
  durable: true,
  attempts: 1000,
  backoff: () => 300,
  async handle(job) {
    tries.set(job.data.name, (tries.get(job.data.name) ?? 0) + 1);
    if (failing) throw new Error('smtp down');
    handled.push(job.data.name);
  },
});
const count = (name: string) => handled.filter((n) => n === name).length;
const restartRedis = async () => {
  await redis.stop();
  await redis.start();
};

before(async () => {
  port = await freePort();
  redis = ownServer(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    port,
  );
  await redis.start();
  app = await buildThingApp(
    `kitrows${randomUUID().slice(0, 6)}`,
    { workers: [worker], models: false },
    { REDIS_URL: `redis://127.0.0.1:${port}` },
  );
  app.jobs.onRecover((why) => void recovered.push(why));
  await app.ready();
});
after(async () => {
  await app.mongo.collection(JOB_ROWS).deleteMany({ queue: 'kitrows-mail' });
  await app.close();
  await redis.stop();
});

test('the rows are made by the migration with an index serving the lookup of a job by _id', async () => {
  const model = app.mongo.models[JOB_ROWS_MODEL];
  assert.ok(model, 'a durable worker registers _jobs as a model of the connection');
  // on the stack: FerretDB pushes the equality down and PostgreSQL plans an index scan (on MongoDB: IXSCAN)
  await assertUsesIndex(model, { _id: rowId(queuePrefix(app.env, app.serviceName), 'kitrows-mail', 'x') });
});

test('jobs waiting on their retry schedule survive an empty Redis: each handled once when the outage ends', async () => {
  const names = ['a', 'b', 'c'].map((n) => `${n}-${randomUUID().slice(0, 6)}`);
  for (const name of names) await app.jobs.add('kitrows-mail', 'mail', { name });
  await waitFor(() => names.every((n) => (tries.get(n) ?? 0) >= 2), 15_000); // on the retry schedule
  await restartRedis(); // no persistence: every job and its schedule are gone from Redis
  // the service's own recovery ran again on the reconnect
  await waitFor(() => recovered.includes('redis reconnected'), 15_000);
  failing = false;
  await waitFor(() => names.every((n) => count(n) === 1), 20_000);
  await new Promise((r) => setTimeout(r, 1500)); // time for a wrong second copy
  for (const n of names) assert.equal(count(n), 1, `${n} handled ${count(n)} times`);
  const rows = await app.mongo
    .collection(JOB_ROWS)
    .find({ queue: 'kitrows-mail', 'data.name': { $in: names } })
    .toArray();
  assert.deepEqual(
    rows.map((r) => r.state),
    ['done', 'done', 'done'],
  );
});

test('a job requested while Redis is down is accepted (its row) and handled once Redis is back', async () => {
  failing = false;
  const name = `down-${randomUUID().slice(0, 6)}`;
  await redis.stop();
  try {
    const id = await app.jobs.add('kitrows-mail', 'mail', { name }); // waits out its patience, then keeps the row
    assert.ok(id);
    const row = await app.mongo
      .collection(JOB_ROWS)
      .findOne({ _id: rowId(queuePrefix(app.env, app.serviceName), 'kitrows-mail', id) as never });
    assert.equal(row?.state, 'queued');
  } finally {
    await redis.start();
  }
  await waitFor(() => count(name) === 1, 20_000);
});

test('a job already done is not queued again (a redelivered event), nor revived by a recovery', async () => {
  failing = false;
  const name = `once-${randomUUID().slice(0, 6)}`;
  const jobId = `evt-${name}`;
  await app.jobs.add('kitrows-mail', 'mail', { name }, { jobId });
  await waitFor(() => count(name) === 1, 10_000);
  await waitFor(async () => {
    const r = await app.mongo
      .collection(JOB_ROWS)
      .findOne({ _id: rowId(queuePrefix(app.env, app.serviceName), 'kitrows-mail', jobId) as never });
    return r?.state === 'done';
  }, 5000);
  await restartRedis();
  await app.jobs.add('kitrows-mail', 'mail', { name }, { jobId }); // the same event again
  await app.jobs.recover();
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(count(name), 1);
});
