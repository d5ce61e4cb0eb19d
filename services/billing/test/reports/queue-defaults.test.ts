import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { JOB_DEFAULTS, workerOptions } from '@portal/service-kit';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { dayBatches } from '../../src/domain/reports/read.js';
import { REPORTS_QUEUE } from '../../src/jobs/enqueue.js';
import { clearReports, projected, reportsEnv, seed } from './helpers.js';

// Orders §9: "the general queue helper defaults to size 100 with a progress check every 5 minutes". The report job
// is this portal's long queue job: it reads 100 orders per round trip (a cancel is noticed between two) and its
// worker checks running jobs every 5 minutes.
let app: FastifyInstance;
const DAY = '2026-06-08';
before(async () => {
  app = await startService(buildApp, reportsEnv('queuedefaults'));
  await clearReports();
  await seed(Array.from({ length: 250 }, (_, i) => projected(i, DAY)));
});
after(() => app?.close());

test('orders §9 queue helper: a report reads a day in batches of 100', async () => {
  const sizes: number[] = [];
  for await (const batch of dayBatches(DAY)) sizes.push(batch.length);
  assert.deepEqual(sizes, [100, 100, 50]);
});

test('orders §9 queue helper: the defaults are size 100 and a progress check every 5 minutes', () => {
  assert.deepEqual(JOB_DEFAULTS, { batch: 100, progressCheckMs: 300_000 });
  const opts = workerOptions({ queue: REPORTS_QUEUE, concurrency: 1, handle: () => undefined });
  assert.equal(opts.stalledInterval, 5 * 60_000);
  assert.equal(opts.concurrency, 1);
  assert.equal(
    workerOptions({ queue: 'x', progressCheckMs: 1000, handle: () => undefined }).stalledInterval,
    1000,
  );
});
