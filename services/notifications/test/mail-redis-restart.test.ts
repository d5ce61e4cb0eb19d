import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { JOB_ROWS_COLLECTION } from '@portal/service-kit';
import { ownRedis, waitFor, type OwnRedis } from '@portal/service-kit/testing';
import { pinRequested, resetRequested } from './accounts-events.js';
import { publishAsAccounts, runTag, startApp } from './helpers.js';
import { freePort, smtpSink } from './sink.js';

/**
 * Mails waiting on their retry schedule during an SMTP outage, and Redis restarting EMPTY meanwhile (this test's own
 * redis-server, no persistence): every mail still arrives once when SMTP is back. They were lost silently before
 * (7 of 7, nothing in the failed list): the queue lived only in Redis. Now each mail is a row in notifications'
 * database until sent, queued again when Redis comes back. Production schedule's shape, 200 ms base, 1 s cap.
 */
const tag = runTag();
let port: number;
let sink: ReturnType<typeof smtpSink>;
let redis: OwnRedis;
let app: FastifyInstance;

before(async () => {
  port = await freePort();
  sink = smtpSink(port); // not listening yet: SMTP is down
  redis = await ownRedis();
  app = await startApp({
    SMTP_PORT: port,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: `portal-notifications-${tag}`,
    MAIL_BACKOFF_BASE_MS: 200,
    MAIL_BACKOFF_CAP_MS: 1000,
    MAIL_RETRY_FOR_MS: 120_000,
  });
});
after(async () => {
  await app.mongo.collection(JOB_ROWS_COLLECTION).deleteMany({ 'data.email': { $regex: tag } });
  await app.close();
  await redis.stop();
  await sink.stop();
});

test('SMTP down, Redis restarts empty, SMTP back: every mail on its retry schedule arrives once', async () => {
  const to = Array.from({ length: 7 }, (_, i) => `rr${i}-${tag}@test.portal`);
  const in30 = new Date(Date.now() + 30 * 60_000);
  for (const [i, email] of to.entries())
    await publishAsAccounts(
      app,
      i % 2 ? resetRequested(email, `31415${i}`, in30) : pinRequested(email, `27182${i}`, 'signup', in30),
    );
  // every mail tried and waiting for its next try
  const rows = app.mongo.collection(JOB_ROWS_COLLECTION);
  await waitFor(
    async () => (await rows.countDocuments({ 'data.email': { $in: to }, state: 'queued' })) === to.length,
    20_000,
    200,
  );
  await new Promise((r) => setTimeout(r, 1500));

  await redis.restart(); // every job and its schedule gone from Redis
  await new Promise((r) => setTimeout(r, 1500)); // still down a moment after
  await sink.start();
  await waitFor(() => to.every((a) => sink.to(a).length > 0), 30_000, 200);
  await new Promise((r) => setTimeout(r, 3000)); // time for a wrong second copy
  for (const a of to) assert.equal(sink.to(a).length, 1, `${a}: ${sink.to(a).length} mails`);
  assert.equal(await rows.countDocuments({ 'data.email': { $in: to }, state: 'done' }), to.length);
});
