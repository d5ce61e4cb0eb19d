import { buildService, type Env } from '@portal/service-kit';
import { reportsRoutes } from './routes/reports.js';
import { consumers } from './events/index.js';
import './models/report-run.js';

/** Reports (and, next, reconciliation and the accounting compare). Owns `portal_billing` and the BILLING stream. */
export async function buildApp(overrides?: Partial<Env> & Record<string, unknown>) {
  return buildService(
    {
      name: 'billing',
      domain: 'billing',
      routes: [reportsRoutes],
      // its stream and (next) outbox on NATS; no object store or mail yet: ready without MinIO or SMTP
      backends: ['mongo', 'nats', 'redis'],
      consumers,
    },
    overrides,
  );
}
