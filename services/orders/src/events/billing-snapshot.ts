import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { publishOrdersSnapshot } from './dispatch-snapshot.js';

/**
 * billing.snapshot.requested.v1 wanting orders, of this instance's scope (CONSUMER_SUFFIX, as dispatch-snapshot.ts)
 * → every order (no fromDay: billing reconciles any period; deleted and cancelled too) as
 * `orders.snapshot.published.v1` pages naming `requestedBy: 'billing'` (routing's reader skips them).
 */
export const billingSnapshotConsumer = defineConsumer({
  durable: 'orders-billing-snapshot',
  stream: STREAMS.billing,
  subjects: [Subjects.billingSnapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '') || !req.want.includes('orders')) return;
    const pages = await publishOrdersSnapshot(app.bus, {
      requestId: req.requestId,
      requestedBy: 'billing',
      want: ['orders'],
      ...(req.scope ? { scope: req.scope } : {}),
    });
    log.info({ requestId: req.requestId, by: 'billing', pages }, 'orders snapshot published');
  },
});
