import { STREAMS, Subjects, orderStateOf } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyOrder, readOrder } from '../readmodels/orders.js';

/**
 * Every order event that carries `facts` → routing's orders read model (readmodels/orders.ts). The read model keeps
 * the highest facts.version, so redeliveries, out-of-order events and snapshot overlaps change nothing. Every event
 * of one write (a custody step and its status notices share one version) carries the order's whole state in
 * `facts.order`, so whichever arrives first brings the copy up to date. An older custody event without it names
 * only the order: its facts are applied over the notice fields held, marked partial, so the notice of the same
 * write still applies. An event without facts (published before issue 14) is skipped: the snapshot brings those.
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
    const by = 'step' in d ? d.by.userId : d.changedBy.userId;
    const state = orderStateOf(d);
    if (state) {
      await applyOrder({ ...state, facts: d.facts }, by);
      return;
    }
    const cur = await readOrder(d.id);
    if (!cur) return; // unknown order: its created event or the snapshot brings it whole
    await applyOrder({ ...cur, facts: d.facts }, by, { partial: true });
  },
});
