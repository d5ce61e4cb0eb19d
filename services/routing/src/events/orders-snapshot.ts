import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { ReadOrderModel, applyOrder } from '../readmodels/orders.js';
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
    // one read for the page's known versions: only newer orders (or a partial copy's own version) are applied (a
    // start-up snapshot is mostly known)
    const known = new Map(
      (
        await ReadOrderModel.find(
          { _id: { $in: p.orders.map((o) => o.id) } },
          { version: 1, partial: 1 },
        ).lean()
      ).map((d) => [String(d._id), Number(d.version) - (d.partial ? 0.5 : 0)]),
    );
    for (const o of p.orders) if ((known.get(o.id) ?? 0) < o.facts.version) await applyOrder(o);
    if (!p.last) return;
    await markFilled('orders', new Date(p.asOf), p.requestId);
    log.info({ requestId: p.requestId, pages: p.page + 1 }, 'orders snapshot applied');
  },
});
