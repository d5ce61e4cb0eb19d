import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { ReportScheduleList, ReportScheduled, lastWeek } from '@portal/contracts/billing';
import { startService } from '@portal/service-kit/testing';
import { Value } from 'typebox/value';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { REPORTS_QUEUE } from '../../src/jobs/enqueue.js';
import { ReportRun } from '../../src/models/report-run.js';
import { ReportSchedule } from '../../src/models/report-schedule.js';
import { caller, clearReports, reportsEnv, waitForRun } from './helpers.js';

// Scheduled reports: a BullMQ job scheduler per schedule (Mondays 06:00 UTC / the 1st), a firing makes a normal run
// for the owner, each schedule its owner's only.
let app: FastifyInstance;
const call = caller(() => app);
before(async () => {
  app = await startService(buildApp, reportsEnv('schedules'));
  await clearReports();
});
after(async () => {
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  for (const s of await queue.getJobSchedulers()) await queue.removeJobScheduler(s.key);
  await app?.close();
});

test('an admin schedules a weekly report: 201, a job scheduler on Mondays 06:00 UTC, listed with its next run', async () => {
  const res = await call(Role.Admin, 'POST', '/api/reports/schedules', {
    kind: 'status',
    every: 'weekly',
    emails: ['Books@Test.Portal', 'ops@test.portal'],
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.ok(Value.Check(ReportScheduled, res.json()));
  assert.equal(res.json().message, 'Your report is scheduled.');
  const schedule = res.json().data.schedule;
  assert.deepEqual(schedule.emails, ['books@test.portal', 'ops@test.portal']);
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  const js = await queue.getJobScheduler(`schedule-${schedule.id}`);
  assert.ok(js, 'job scheduler created');
  assert.equal(js.pattern, '0 6 * * 1');
  assert.equal(js.tz, 'UTC');
  const next = new Date(js.next!);
  assert.deepEqual([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()], [1, 6, 0]);
  const list = (await call(Role.Admin, 'GET', '/api/reports/schedules')).json();
  assert.ok(Value.Check(ReportScheduleList, list));
  assert.equal(list.data.schedules[0].id, schedule.id);
  assert.equal(list.data.schedules[0].nextRunAt, next.toISOString());

  const monthly = await call(Role.Admin, 'POST', '/api/reports/schedules', {
    kind: 'signature',
    every: 'monthly',
  });
  const m = await queue.getJobScheduler(`schedule-${monthly.json().data.schedule.id}`);
  assert.equal(m?.pattern, '0 6 1 * *');
  assert.deepEqual(monthly.json().data.schedule.emails, ['admin@demo.portal']);
});

test("a firing makes a normal run for the schedule's owner over last week", async () => {
  const [schedule] = (await call(Role.Admin, 'GET', '/api/reports/schedules'))
    .json()
    .data.schedules.filter((s: any) => s.every === 'weekly');
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  // what the scheduler adds when it fires (the same name and data), now instead of next Monday
  await queue.add('scheduled', { scheduleId: schedule.id });
  let run: any;
  for (let i = 0; i < 240 && !run; i++) {
    run = (await call(Role.Admin, 'GET', '/api/reports'))
      .json()
      .data.reports.find((r: any) => r.scheduleId === schedule.id);
    if (!run) await new Promise((r) => setTimeout(r, 500));
  }
  assert.ok(run, 'a run was made');
  const { from, to } = lastWeek();
  assert.deepEqual(
    [run.kind, run.from, run.to, run.emails],
    ['status', from, to, ['books@test.portal', 'ops@test.portal']],
  );
  const done = await waitForRun(call, Role.Admin, run.id, ['done', 'failed']);
  assert.equal(done.state, 'done');
});

test("another's schedule is a 404; deleting one's own removes its job scheduler", async () => {
  const schedules = (await call(Role.Admin, 'GET', '/api/reports/schedules')).json().data.schedules;
  assert.equal(
    (await call(Role.SuperAdmin, 'GET', '/api/reports/schedules')).json().data.schedules.length,
    0,
  );
  const other = await call(Role.SuperAdmin, 'DELETE', `/api/reports/schedules/${schedules[0].id}`);
  assert.equal(other.statusCode, 404);
  assert.equal(other.json().message, 'Scheduled report not found.');
  const queue = await app.jobs.queue(REPORTS_QUEUE);
  for (const s of schedules) {
    const res = await call(Role.Admin, 'DELETE', `/api/reports/schedules/${s.id}`);
    assert.equal(res.statusCode, 204);
    assert.equal(await queue.getJobScheduler(`schedule-${s.id}`), undefined);
  }
  assert.equal(await ReportSchedule.countDocuments(), 0);
  assert.equal(
    (await call(Role.Admin, 'DELETE', `/api/reports/schedules/${schedules[0].id}`)).statusCode,
    404,
  );
  const runs = await ReportRun.countDocuments();
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    const res = await call(role, 'POST', '/api/reports/schedules', { kind: 'status', every: 'weekly' });
    assert.equal(res.statusCode, 403);
  }
  assert.equal(await ReportSchedule.countDocuments(), 0);
  assert.equal(await ReportRun.countDocuments(), runs);
});
