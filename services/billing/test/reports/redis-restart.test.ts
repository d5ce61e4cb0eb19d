import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import {
  markVerified,
  ownRedis,
  startService,
  subOf,
  tokenFor,
  waitFor,
  type OwnRedis,
} from '@portal/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { REPORTS_QUEUE } from '../../src/jobs/enqueue.js';
import { ReportRun } from '../../src/models/report-run.js';
import { caller, clearReports, reportsEnv } from './helpers.js';

/**
 * Billing's reports under a Redis that restarts EMPTY (its own redis-server, no persistence): a schedule's job
 * scheduler comes back without a billing restart (it used to be registered only when the schedule was created), and
 * a run Redis forgot is queued again from its row and completes (it used to stay "queued" forever).
 */
let app: FastifyInstance;
let redis: OwnRedis;
const call = caller(() => app);
const scheduler = async (id: string) =>
  (await app.jobs.queue(REPORTS_QUEUE)).getJobScheduler(`schedule-${id}`);

before(async () => {
  redis = await ownRedis();
  await markVerified(subOf(await tokenFor(Role.Admin)), true, redis.url); // accounts' marker, in this Redis
  app = await startService(buildApp, { ...reportsEnv('redis-restart'), REDIS_URL: redis.url });
  await clearReports();
});
after(async () => {
  await clearReports();
  await app?.close();
  await redis?.stop();
});

test('a Redis that restarted empty gets back every report schedule and every unfinished run', async () => {
  const res = await call(Role.Admin, 'POST', '/api/reports/schedules', { kind: 'status', every: 'weekly' });
  assert.equal(res.statusCode, 201, res.body);
  const id = res.json().data.schedule.id as string;
  assert.ok(await scheduler(id));
  // a run recorded as queued whose job Redis does not hold (lost with it)
  const run = await ReportRun.create({
    requestedBy: subOf(await tokenFor(Role.Admin)),
    kind: 'status',
    title: 'lost with Redis',
    from: '2020-01-06',
    to: '2020-01-06',
    state: 'queued',
    attempt: 1,
  });

  await redis.restart();
  await markVerified(subOf(await tokenFor(Role.Admin)), true, redis.url);
  const js = await waitFor(() => scheduler(id), 15_000, 250);
  assert.equal(js.pattern, '0 6 * * 1');
  await waitFor(
    async () => (await ReportRun.findById(run._id).lean<{ state: string }>())?.state === 'done',
    60_000,
    500,
  );
  // listed with its next run again
  const list = (await call(Role.Admin, 'GET', '/api/reports/schedules')).json();
  assert.ok(list.data.schedules[0].nextRunAt, JSON.stringify(list));
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  for (const s of await queue.getJobSchedulers()) await queue.removeJobScheduler(s.key);
});
