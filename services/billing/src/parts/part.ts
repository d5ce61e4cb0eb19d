import type { TProperties } from 'typebox';
import type { ConsumerDef, RoutePlugin } from '@portal/service-kit';

/**
 * One part of billing (each part owns its files, so parts change without touching each other): its route
 * plugins, outbox models, consumers and extra env vars. app.ts joins the parts; a part never edits another's files.
 *   projection  the order projection and name tables fed by events and snapshots (models/order-projection.ts)
 *   recon       billing reconciliation, invoices, the accounting compare, the print stamp
 *   reports     report jobs (BullMQ), files in the object store, scheduled reports
 *   dashboards  the operations dashboard and a vendor's own
 */
export interface Part {
  routes: RoutePlugin[];
  models?: unknown[];
  consumers?: ConsumerDef<any>[];
  env?: TProperties;
}
