import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, type RoleNumber } from '@portal/contracts';
import { serviceBasics, tokenFor } from '@portal/service-kit/testing';
import { ReportRun } from '../../src/models/report-run.js';
import { buildApp } from '../../src/app.js';

import { POLICY } from '../policy/index.js';

// health, readiness, the route table against POLICY and the role × endpoint matrix (the kit's shared basics)
const app = serviceBasics(buildApp, POLICY, { MONGO_DB: 'portal_billing_test' });

before(async () => {
  await ReportRun.deleteMany({});
});
const call = async (role: RoleNumber, method: 'GET' | 'POST', url: string, payload?: object) =>
  app().inject({ method, url, headers: { authorization: `Bearer ${await tokenFor(role)}` }, payload });

test('an admin starts a timestamp report: 202 with the spec message and the recorded run', async () => {
  await ReportRun.deleteMany({}); // the role matrix's empty-body POSTs recorded runs
  const res = await call(Role.Admin, 'POST', '/api/reports/timestamp', {
    selectedDate: '2026-11-20',
    emails: ['books@test.portal'],
  });
  assert.equal(res.statusCode, 202);
  const body = res.json();
  assert.equal(body.message, 'Your report has started. You will receive an email when it is completed.');
  assert.deepEqual(
    { ...body.data.report, id: 'x', createdAt: 'x' },
    {
      id: 'x',
      kind: 'timestamp',
      state: 'queued',
      selectedDate: '2026-11-20',
      emails: ['books@test.portal'],
      createdAt: 'x',
    },
  );
});

test('each staff member lists only their own runs, newest first; the limit is a page size', async () => {
  await call(Role.SuperAdmin, 'POST', '/api/reports/timestamp', {});
  await call(Role.Admin, 'POST', '/api/reports/timestamp', { selectedDate: '2026-11-21' });
  const mine = (await call(Role.Admin, 'GET', '/api/reports')).json().data.reports;
  assert.deepEqual(
    mine.map((r: any) => r.selectedDate),
    ['2026-11-21', '2026-11-20'],
  );
  const su = (await call(Role.SuperAdmin, 'GET', '/api/reports')).json().data.reports;
  assert.equal(su.length, 1);
  assert.deepEqual(su[0].emails, ['superadmin@demo.portal'], 'mailed to the caller by default');
  assert.equal((await call(Role.Admin, 'GET', '/api/reports?limit=25')).json().data.reports.length, 2);
});

test('vendors and drivers are refused with the spec message and record nothing', async () => {
  const before = await ReportRun.countDocuments();
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    for (const [method, url] of [
      ['GET', '/api/reports'],
      ['POST', '/api/reports/timestamp'],
    ] as const) {
      const res = await call(role, method, url, method === 'POST' ? {} : undefined);
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().message, 'You do not have permission to do this.');
    }
  }
  assert.equal(await ReportRun.countDocuments(), before);
});

test('bad input is a 400 that says what is wrong, and nothing is recorded', async () => {
  const before = await ReportRun.countDocuments();
  const cases: [string, string, object | undefined, string][] = [
    ['GET', '/api/reports?limit=10', undefined, 'limit must be one of 25, 50, 100'],
    [
      'POST',
      '/api/reports/timestamp',
      { selectedDate: '20/11/2026' },
      'selectedDate must be a date (YYYY-MM-DD)',
    ],
    [
      'POST',
      '/api/reports/timestamp',
      { emails: ['not-an-email'] },
      'emails must be at most 10 valid email addresses',
    ],
    [
      'POST',
      '/api/reports/timestamp',
      { emails: Array.from({ length: 11 }, (_, i) => `a${i}@x.com`) },
      'emails must be at most 10 valid email addresses',
    ],
  ];
  for (const [method, url, payload, message] of cases) {
    const res = await call(Role.Admin, method as 'GET', url, payload);
    assert.equal(res.statusCode, 400, url);
    assert.equal(res.json().message, message);
  }
  assert.equal(await ReportRun.countDocuments(), before);
});
