import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { ReportRun } from '../../src/models/report-run.js';
import { reportRunsQuery } from '../../src/domain/reports.js';
import { buildApp } from '../../src/app.js';

// The caller's runs, exactly as the domain asks for them, come through an index (docs/DATA.md §2-3).
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, { MONGO_DB: 'portal_billing_test' });
  await ReportRun.create({ requestedBy: 'index-probe', kind: 'timestamp' });
});
after(async () => {
  await ReportRun.deleteMany({ requestedBy: 'index-probe' });
  await app.close();
});

test("the caller's report runs use an index", async () => {
  const { filter, sort } = reportRunsQuery('index-probe');
  await assertUsesIndex(ReportRun, filter, sort);
});
