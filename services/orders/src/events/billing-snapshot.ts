import { answerSnapshots } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { publishOrdersSnapshot } from './dispatch-snapshot.js';

/**
 * billing.snapshot.requested.v1 wanting orders, of this instance's scope (the kit's answer) → every order (no
 * fromDay: billing reconciles any period; deleted and cancelled too) as `orders.snapshot.published.v1` pages naming
 * `requestedBy: 'billing'` (routing's reader skips them).
 */
export const billingSnapshotConsumer = answerSnapshots({
  durable: 'orders-billing-snapshot',
  stream: STREAMS.billing,
  subject: Subjects.billingSnapshotRequested,
  label: 'orders snapshot published',
  answer: (bus, req) =>
    req.want.includes('orders')
      ? publishOrdersSnapshot(bus, {
          requestId: req.requestId,
          requestedBy: 'billing',
          want: ['orders'],
          ...(req.scope ? { scope: req.scope } : {}),
        })
      : null,
});
