/**
 * What billing will publish and consume, typed by the contracts' EventCatalogue once the subjects exist there:
 * - publishes `billing.report.completed.v1` (through the outbox on the ReportRun document) so notifications mails
 *   the result to the run's `emails` — no report content in the event, a pre-signed link to the object store;
 * - consumes `orders.order.*` into the order projection that reconciliation and the reports read.
 * Nothing is published yet: a run is recorded as queued until the report job lands.
 */
export const consumers = [];
