import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { ReportList, ReportStarted } from '@portal/contracts/billing';
import { serviceBasics } from '@portal/service-kit/testing';
import { Value } from 'typebox/value';
import { ReportRun } from '../../src/models/report-run.js';
import { buildApp } from '../../src/app.js';
import { POLICY } from '../policy/index.js';
import { caller, reportsEnv } from '../reports/helpers.js';

// health, readiness, the route table against POLICY and the role × endpoint matrix (the kit's shared basics), then
// the spec's call POST /reports/timestamp and the caller's own list. Own database and queue prefix (the running
// billing's worker never takes these jobs).
const app = serviceBasics(buildApp, POLICY, reportsEnv('routes'));
const call = caller(app);

before(async () => {
  await ReportRun.deleteMany({});
});

test('an admin starts a timestamp report: 202 with the spec message and the queued run', async () => {
  await ReportRun.deleteMany({}); // the role matrix's empty-body POSTs recorded runs
  const res = await call(Role.Admin, 'POST', '/api/reports/timestamp', {
    selectedDate: '2026-11-20',
    emails: ['books@test.portal'],
  });
  assert.equal(res.statusCode, 202);
  const body = res.json();
  assert.ok(Value.Check(ReportStarted, body));
  assert.equal(body.message, 'Your report has started. You will receive an email when it is completed.');
  assert.deepEqual(
    { ...body.data.report, id: 'x', createdAt: 'x' },
    {
      id: 'x',
      kind: 'timestamp',
      state: 'queued',
      title: 'Timestamp report 2026-11-20',
      selectedDate: '2026-11-20',
      from: '2026-11-20',
      to: '2026-11-20',
      emails: ['books@test.portal'],
      createdAt: 'x',
      progress: 0,
    },
  );
});

test('each staff member lists only their own runs, newest first; the limit is a page size', async () => {
  await call(Role.SuperAdmin, 'POST', '/api/reports/timestamp', {});
  await call(Role.Admin, 'POST', '/api/reports/timestamp', { selectedDate: '2026-11-21' });
  const list = (await call(Role.Admin, 'GET', '/api/reports')).json();
  assert.ok(Value.Check(ReportList, list));
  assert.deepEqual(
    list.data.reports.map((r: any) => r.selectedDate),
    ['2026-11-21', '2026-11-20'],
  );
  const su = (await call(Role.SuperAdmin, 'GET', '/api/reports')).json().data.reports;
  assert.equal(su.length, 1, 'a super admin too sees only their own');
  assert.deepEqual(su[0].emails, ['superadmin@demo.portal'], 'mailed to the caller by default');
  assert.equal((await call(Role.Admin, 'GET', '/api/reports?limit=25')).json().data.reports.length, 2);
  const bad = await call(Role.Admin, 'GET', '/api/reports?limit=10');
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().message, 'limit must be one of 25, 50, 100');
});
