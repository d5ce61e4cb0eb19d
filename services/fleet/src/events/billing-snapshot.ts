import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { publishFleetSnapshot } from './dispatch-snapshot.js';

/**
 * billing.snapshot.requested.v1 wanting drivers, of this instance's scope (CONSUMER_SUFFIX) → the live drivers as
 * `fleet.snapshot.published.v1` pages naming `requestedBy: 'billing'` (routing's reader skips them).
 */
export const billingSnapshotConsumer = defineConsumer({
  durable: 'fleet-billing-snapshot',
  stream: STREAMS.billing,
  subjects: [Subjects.billingSnapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '') || !req.want.includes('drivers')) return;
    const pages = await publishFleetSnapshot(app.bus, {
      requestId: req.requestId,
      requestedBy: 'billing',
      want: ['drivers'],
      ...(req.scope ? { scope: req.scope } : {}),
    });
    log.info({ requestId: req.requestId, by: 'billing', pages }, 'fleet snapshot published');
  },
});
