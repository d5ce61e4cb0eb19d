import { Type } from 'typebox';
import { buildService, type Env } from '@portal/service-kit';
import { ReportRun } from './models/report-run.js';
import { OrderProjection, NameModel } from './readmodels/order-projection.js';
import { MemberModel } from './readmodels/member.js';
import { DayStats, DayVersion } from './models/day-stats.js';
import { VendorMonthVersion } from './models/month-versions.js';
import { projectionPart } from './parts/projection.js';
import { reconPart } from './parts/recon.js';
import { reportsPart } from './parts/reports.js';
import { dashboardsPart } from './parts/dashboards.js';

/**
 * Billing, joined from four parts (parts/*.ts): the order projection fed by events, reconciliation with
 * invoices and the accounting compare, report jobs, and dashboards. Owns `portal_billing` and the BILLING stream.
 */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  const parts = [projectionPart, reconPart, reportsPart, dashboardsPart].map((part) => part());
  return buildService(
    {
      name: 'billing',
      domain: 'billing',
      routes: parts.flatMap((p) => p.routes),
      // its stream, outbox and consumers on NATS; report jobs on Redis; report files in the object store
      backends: ['mongo', 'nats', 'redis', 's3'],
      models: [
        ReportRun,
        OrderProjection,
        NameModel,
        MemberModel,
        DayStats,
        DayVersion,
        VendorMonthVersion,
        ...parts.flatMap((p) => p.models ?? []),
      ],
      consumers: parts.flatMap((p) => p.consumers ?? []),
      env: Type.Object(Object.assign({}, ...parts.map((p) => p.env ?? {}))),
    },
    overrides,
  );
}
