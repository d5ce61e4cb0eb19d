import { answerSnapshots } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { publishFleetSnapshot } from './dispatch-snapshot.js';

/**
 * billing.snapshot.requested.v1 wanting drivers, of this instance's scope (the kit's answer) → the live drivers as
 * `fleet.snapshot.published.v1` pages naming `requestedBy: 'billing'` (routing's reader skips them).
 */
export const billingSnapshotConsumer = answerSnapshots({
  durable: 'fleet-billing-snapshot',
  stream: STREAMS.billing,
  subject: Subjects.billingSnapshotRequested,
  label: 'fleet snapshot published',
  answer: (bus, req) =>
    req.want.includes('drivers')
      ? publishFleetSnapshot(bus, {
          requestId: req.requestId,
          requestedBy: 'billing',
          want: ['drivers'],
          ...(req.scope ? { scope: req.scope } : {}),
        })
      : null,
});
