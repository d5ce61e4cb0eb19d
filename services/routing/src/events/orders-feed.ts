import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyOrder, readOrder } from '../readmodels/orders.js';

/**
 * Every order event that carries `facts` → routing's orders read model (readmodels/orders.ts). The read model keeps
 * the highest facts.version, so redeliveries, out-of-order events and snapshot overlaps change nothing. An event
 * without facts (published before issue 14) is skipped: the snapshot brings those orders.
 */
export const ORDER_SUBJECTS = [
  Subjects.orderCreated,
  Subjects.orderUpdated,
  Subjects.orderStatusChanged,
  Subjects.orderCancelled,
  Subjects.orderDeleted,
  Subjects.orderUndeleted,
  Subjects.orderDateUnmet,
] as const;

export const ordersFeedConsumer = defineConsumer({
  durable: 'routing-orders-feed',
  stream: STREAMS.orders,
  subjects: [...ORDER_SUBJECTS, Subjects.orderCustody],
  concurrency: 1,
  async handle(event) {
    const d = event.data;
    if (!d.facts) return;
    if ('step' in d) {
      // the custody event names only the order; the rest of the notice comes from the stored copy
      const cur = await readOrder(d.id);
      if (!cur) return; // unknown order: its created event or the snapshot brings it whole
      await applyOrder({ ...cur, facts: d.facts }, d.by.userId);
      return;
    }
    await applyOrder(d, d.changedBy.userId);
  },
});
