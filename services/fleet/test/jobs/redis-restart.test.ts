import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ownRedis, startService, waitFor, type OwnRedis } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { SWEEP_EVERY_MS, SWEEP_QUEUE } from '../../src/jobs/service-due-sweep.js';
import { TEST_ENV } from '../helpers.js';

/**
 * The hourly service-due sweep is a BullMQ job scheduler: a Redis that restarts EMPTY (this test's own redis-server,
 * no persistence) gets it back at once, without a fleet restart (it used to be registered only at start).
 */
let app: FastifyInstance;
let redis: OwnRedis;
before(async () => {
  redis = await ownRedis();
  app = await startService(buildApp, {
    ...TEST_ENV,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'portal-fleet-redis-restart',
  });
});
after(async () => {
  await app?.close();
  await redis?.stop();
});

const hourly = async () => (await app.jobs.queue(SWEEP_QUEUE)).getJobScheduler('hourly');

test('the hourly sweep is scheduled at start and again after Redis restarted empty', async () => {
  const first = await waitFor(hourly, 10_000, 200);
  assert.equal(Number(first.every), SWEEP_EVERY_MS);
  await redis.restart();
  const again = await waitFor(hourly, 15_000, 200);
  assert.equal(Number(again.every), SWEEP_EVERY_MS);
});
