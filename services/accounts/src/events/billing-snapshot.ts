import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { publishSnapshot } from './snapshot.js';

/**
 * billing.snapshot.requested.v1 wanting users, of this instance's scope (CONSUMER_SUFFIX) → the users as
 * `accounts.snapshot.published.v1` pages naming `requestedBy: 'billing'` (orders' reader skips them).
 */
export const billingSnapshotRequests = defineConsumer({
  durable: 'accounts-billing-snapshot',
  stream: STREAMS.billing,
  subjects: [Subjects.billingSnapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '') || !req.want.includes('users')) return;
    const sent = await publishSnapshot(app.bus, {
      requestId: req.requestId,
      requestedBy: 'billing',
      want: ['users'],
      ...(req.scope ? { scope: req.scope } : {}),
    });
    log.info({ requestId: req.requestId, by: 'billing', pages: sent }, 'snapshot sent');
  },
});
