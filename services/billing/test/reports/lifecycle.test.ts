import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { BillingMessages } from '@portal/contracts/billing';
import { startService } from '@portal/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { ReportRun } from '../../src/models/report-run.js';
import { jobFaults } from '../../src/jobs/reports.js';
import { REPORTS_QUEUE } from '../../src/jobs/enqueue.js';
import { caller, clearReports, projected, reportsEnv, seed, waitForRun } from './helpers.js';

// A run's life: progress to 100, cancel stopping a big run at its next batch, a failure said in the spec's words
// and retried, bad input refused with nothing written or queued, and whose runs a caller may see.
let app: FastifyInstance;
const call = caller(() => app);
const BIG_DAY = '2026-05-04';

before(async () => {
  app = await startService(buildApp, reportsEnv('lifecycle'));
  await clearReports();
  await seed(Array.from({ length: 3000 }, (_, i) => projected(i, BIG_DAY)));
});
after(() => app?.close());

const queued = async () => {
  const c = await (await app.jobs.queue(REPORTS_QUEUE)).getJobCounts();
  return Object.values(c).reduce((a, b) => a + b, 0);
};

test('a running report shows progress, stops at its next batch once cancelled, and keeps no files', async () => {
  jobFaults.batchDelayMs = 300;
  try {
    const res = await call(Role.Admin, 'POST', '/api/reports/run', {
      kind: 'status',
      from: BIG_DAY,
      to: BIG_DAY,
    });
    const id = res.json().data.report.id;
    const seen = await waitForRun(call, Role.Admin, id, ['running']);
    assert.equal(seen.state, 'running');
    let mid = 0;
    for (let i = 0; i < 300 && !mid; i++) {
      const p = (await call(Role.Admin, 'GET', `/api/reports/${id}`)).json().data.report.progress;
      if (p > 0 && p < 100) mid = p;
      else await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(mid > 0 && mid < 100, 'progress between 0 and 100 while running');
    const cancel = await call(Role.Admin, 'POST', `/api/reports/${id}/cancel`);
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.json().data.report.state, 'cancelled');
    const job = await (await app.jobs.queue(REPORTS_QUEUE)).getJob(`${id}-1`);
    let result: unknown;
    for (let i = 0; i < 300 && result === undefined; i++) {
      await new Promise((r) => setTimeout(r, 200));
      result =
        (await job!.getState()) === 'completed'
          ? (await (await app.jobs.queue(REPORTS_QUEUE)).getJob(`${id}-1`))?.returnvalue
          : undefined;
    }
    assert.equal(result, 'cancelled', 'the job stopped itself');
    const after = (await call(Role.Admin, 'GET', `/api/reports/${id}`)).json().data.report;
    assert.equal(after.state, 'cancelled');
    assert.ok(after.progress < 100);
    assert.equal(after.files, undefined);
    const again = await call(Role.Admin, 'POST', `/api/reports/${id}/cancel`);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'This report is cancelled and can no longer be cancelled.');
  } finally {
    jobFaults.batchDelayMs = 0;
  }
});

test('a finished run reached 100; a done run cannot be cancelled or retried', async () => {
  const res = await call(Role.Admin, 'POST', '/api/reports/run', {
    kind: 'deliveries',
    from: BIG_DAY,
    to: BIG_DAY,
  });
  const r = await waitForRun(call, Role.Admin, res.json().data.report.id, ['done', 'failed']);
  assert.equal(r.state, 'done');
  assert.equal(r.progress, 100);
  assert.equal(r.rows, 1);
  assert.ok(r.finishedAt);
  assert.equal((await call(Role.Admin, 'POST', `/api/reports/${r.id}/cancel`)).statusCode, 409);
  const retry = await call(Role.Admin, 'POST', `/api/reports/${r.id}/retry`);
  assert.equal(retry.statusCode, 409);
  assert.equal(
    retry.json().message,
    'This report is done; only a failed or cancelled report can be retried.',
  );
});

test('a failure (after its retries) says why in the spec words; retry runs it again to done', async () => {
  jobFaults.failRuns = 2; // both BullMQ attempts
  const res = await call(Role.Admin, 'POST', '/api/reports/run', {
    kind: 'rejections',
    from: BIG_DAY,
    to: BIG_DAY,
  });
  const id = res.json().data.report.id;
  const failed = await waitForRun(call, Role.Admin, id, ['failed', 'done']);
  assert.equal(failed.state, 'failed');
  assert.equal(failed.error, 'Failed to generate report: the order store did not answer');
  assert.equal(jobFaults.failRuns, 0, 'tried twice');
  const retry = await call(Role.Admin, 'POST', `/api/reports/${id}/retry`);
  assert.equal(retry.statusCode, 202);
  assert.equal(retry.json().data.report.state, 'queued');
  assert.equal(retry.json().data.report.error, undefined);
  const done = await waitForRun(call, Role.Admin, id, ['done', 'failed']);
  assert.equal(done.state, 'done');
  assert.equal(done.emptyText, 'No orders in this range');
});

test('bad input: 400 in the billing words, nothing written, nothing queued', async () => {
  const runs = await ReportRun.countDocuments();
  const jobs = await queued();
  const eleven = Array.from({ length: 11 }, (_, i) => `a${i}@x.com`);
  const cases: [string, object, string][] = [
    ['/api/reports/timestamp', { selectedDate: '20/11/2026' }, BillingMessages.badDate],
    ['/api/reports/timestamp', { selectedDate: '2026-02-30' }, BillingMessages.badDate],
    ['/api/reports/timestamp', { emails: ['not-an-email'] }, 'not-an-email is not a valid email address.'],
    ['/api/reports/timestamp', { emails: eleven }, 'Please enter at most 10 email addresses.'],
    ['/api/orders/signaturereport', { from: '2026-03-10', to: '2026-03-01' }, BillingMessages.badRange],
    [
      '/api/reports/run',
      { kind: 'status', from: '2025-01-01', to: '2026-01-02' },
      BillingMessages.rangeTooLong,
    ],
    ['/api/reports/run', { kind: 'status', from: 'yesterday' }, BillingMessages.badDate],
    [
      '/api/reports/run',
      { kind: 'payroll' },
      'kind must be one of timestamp, signature, status, deliveries, rejections',
    ],
    ['/api/reports/schedules', { kind: 'status', every: 'daily' }, 'every must be weekly or monthly'],
    [
      '/api/reports/schedules',
      { kind: 'status', every: 'weekly', emails: ['x@'] },
      'x@ is not a valid email address.',
    ],
  ];
  for (const [url, payload, message] of cases) {
    const res = await call(Role.Admin, 'POST', url, payload);
    assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(payload)}`);
    assert.equal(res.json().message, message);
  }
  const dl = await call(Role.Admin, 'GET', '/api/reports/000000000000000000000000/download?format=pdf');
  assert.equal(dl.statusCode, 400);
  assert.equal(await ReportRun.countDocuments(), runs);
  assert.equal(await queued(), jobs);
});

test("role × tenant: another staff member's run is a 404; vendors and drivers are refused", async () => {
  const res = await call(Role.SuperAdmin, 'POST', '/api/reports/run', {
    kind: 'rejections',
    from: BIG_DAY,
    to: BIG_DAY,
  });
  const id = res.json().data.report.id;
  await waitForRun(call, Role.SuperAdmin, id, ['done']);
  const dl = await call(Role.SuperAdmin, 'GET', `/api/reports/${id}/download?format=xlsx`);
  assert.equal(dl.statusCode, 200, dl.body);
  // on the portal's own address (the edge's /files/), never the object store's: it opens from any machine
  const { url } = dl.json().data as { url: string };
  assert.ok(url.startsWith(`${String(app.env.S3_PUBLIC_URL)}/`), url);
  assert.ok(!url.includes(`${String(app.env.S3_ENDPOINT)}:${String(app.env.S3_PORT)}`), url);
  assert.match(url, /X-Amz-Expires=300&/);
  assert.match(url, /response-content-disposition=attachment/);
  const file = await fetch(url);
  assert.equal(file.status, 200);
  assert.match(file.headers.get('content-disposition') ?? '', /^attachment/);
  for (const [method, url] of [
    ['GET', `/api/reports/${id}`],
    ['POST', `/api/reports/${id}/cancel`],
    ['POST', `/api/reports/${id}/retry`],
    ['GET', `/api/reports/${id}/download?format=csv`],
  ] as const) {
    const r = await call(Role.Admin, method, url);
    assert.equal(r.statusCode, 404, url);
    assert.equal(r.json().message, 'Report not found.');
  }
  const mine = (await call(Role.Admin, 'GET', '/api/reports')).json().data.reports;
  assert.ok(
    mine.length > 0 && !mine.some((r: any) => r.id === id),
    "the admin's list has only the admin's runs",
  );
  const runs = await ReportRun.countDocuments();
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    for (const [method, url] of [
      ['GET', '/api/reports'],
      ['GET', `/api/reports/${id}`],
      ['GET', `/api/reports/${id}/download?format=csv`],
      ['POST', '/api/reports/run'],
      ['POST', '/api/orders/signaturereport'],
      ['POST', `/api/reports/${id}/cancel`],
      ['GET', '/api/reports/schedules'],
    ] as const) {
      const r = await call(role, method, url, method === 'POST' ? { kind: 'status' } : undefined);
      assert.equal(r.statusCode, 403, `${role} ${url}`);
      assert.equal(r.json().message, 'You do not have permission to do this.');
    }
  }
  assert.equal(await ReportRun.countDocuments(), runs);
});
