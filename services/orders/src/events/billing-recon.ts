import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { applyReconStamp } from '../domain/recon.js';

/** billing.recon.stamped.v1 → data.recon and a ledger entry on each named order orders holds (domain/recon.ts). */
export const billingReconConsumer = defineConsumer({
  durable: 'orders-billing-recon',
  stream: STREAMS.billing,
  subjects: [Subjects.reconStamped],
  concurrency: 1,
  async handle(event, { app, log }) {
    const s = event.data;
    const stamped = await applyReconStamp(s, app.env.APP_URL);
    log.info({ stampId: s.stampId, named: s.orderIds.length, stamped }, 'reconciliation stamped');
  },
});
