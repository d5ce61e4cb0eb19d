import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { ReportRun } from '../../src/models/report-run.js';
import { ReportSchedule } from '../../src/models/report-schedule.js';
import { OrderProjection } from '../../src/readmodels/order-projection.js';
import { reportRunsQuery } from '../../src/domain/reports/runs.js';
import { schedulesQuery } from '../../src/domain/reports/schedules.js';
import { buildApp } from '../../src/app.js';
import { reportsEnv } from '../reports/helpers.js';

// The reports' queries, exactly as the domain asks for them, come through an index (docs/DATA.md §2-3).
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, reportsEnv('indexes'));
  await ReportRun.create({ requestedBy: 'index-probe', kind: 'timestamp' });
  await ReportSchedule.create({ owner: 'index-probe', kind: 'status', every: 'weekly' });
});
after(async () => {
  await ReportRun.deleteMany({ requestedBy: 'index-probe' });
  await ReportSchedule.deleteMany({ owner: 'index-probe' });
  await app.close();
});

test("the caller's report runs use an index", async () => {
  const { filter, sort } = reportRunsQuery('index-probe');
  await assertUsesIndex(ReportRun, filter, sort);
});

test("the caller's schedules use an index", async () => {
  const { filter, sort } = schedulesQuery('index-probe');
  await assertUsesIndex(ReportSchedule, filter, sort);
});

test("a report's day read uses an index", async () => {
  await assertUsesIndex(OrderProjection, { deliveryDay: '2026-03-02' }, { _id: 1 });
});
