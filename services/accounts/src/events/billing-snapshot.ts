import { answerSnapshots } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { publishSnapshot } from './snapshot.js';

/**
 * billing.snapshot.requested.v1 wanting users, of this instance's scope (the kit's answer) → the users as
 * `accounts.snapshot.published.v1` pages naming `requestedBy: 'billing'` (orders' reader skips them).
 */
export const billingSnapshotRequests = answerSnapshots({
  durable: 'accounts-billing-snapshot',
  stream: STREAMS.billing,
  subject: Subjects.billingSnapshotRequested,
  label: 'snapshot sent',
  answer: (bus, req) =>
    req.want.includes('users')
      ? publishSnapshot(bus, {
          requestId: req.requestId,
          requestedBy: 'billing',
          want: ['users'],
          ...(req.scope ? { scope: req.scope } : {}),
        })
      : null,
});
