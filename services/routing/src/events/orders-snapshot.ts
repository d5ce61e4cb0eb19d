import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyOrder } from '../readmodels/orders.js';
import { REQUESTED_BY, markFilled, noteAnswered } from '../readmodels/feed.js';

/** orders.snapshot.published.v1 pages answering routing's request (readmodels/feed.ts) → the orders read model. */
export const ordersSnapshotConsumer = defineConsumer({
  durable: 'routing-orders-snapshot',
  stream: STREAMS.orders,
  subjects: [Subjects.ordersSnapshotPublished],
  concurrency: 1,
  async handle(event, { app, log }) {
    const p = event.data;
    if (p.requestedBy !== REQUESTED_BY || (p.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '')) return;
    noteAnswered(p.requestId);
    for (const o of p.orders) await applyOrder(o);
    if (!p.last) return;
    await markFilled('orders', new Date(p.asOf), p.requestId);
    log.info({ requestId: p.requestId, pages: p.page + 1 }, 'orders snapshot applied');
  },
});
