/**
 * One part of billing (each part owns its files, so parts change without touching each other): its route
 * plugins, outbox models, consumers and extra env vars — the kit's ServicePart. app.ts joins the parts.
 *   projection  the order projection and name tables fed by events and snapshots
 *   recon       billing reconciliation, invoices, the accounting compare, the print stamp
 *   reports     report jobs (BullMQ), files in the object store, scheduled reports
 *   dashboards  the operations dashboard and a vendor's own
 */
export type { ServicePart as Part } from '@portal/service-kit';
