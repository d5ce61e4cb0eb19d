import { STREAMS, Subjects, orderSliceOf, orderStateOf, type OrderSlice } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { OrderProjection, fromStored, type ProjectedOrder } from '../models/order-projection.js';
import { applyOrder } from '../domain/projection/store.js';
import { REQUESTED_BY, noteAnswered } from './projection-request.js';

/** Every order event that may carry `facts` (as routing's orders feed; the version rule makes them order-free). */
export const ORDER_SUBJECTS = [
  Subjects.orderCreated,
  Subjects.orderUpdated,
  Subjects.orderStatusChanged,
  Subjects.orderCancelled,
  Subjects.orderDeleted,
  Subjects.orderUndeleted,
  Subjects.orderDateUnmet,
] as const;

/** The stored projection's notice fields (an older custody event names only the order). */
const sliceOfStored = (d: ProjectedOrder): OrderSlice => ({
  id: d._id,
  orderId: d.orderId,
  status: d.status,
  orderType: d.orderType,
  orderDef: d.orderDef,
  pickupLN: d.pickupLN,
  destinationLN: d.destinationLN,
  vendorName: d.vendorName,
  destName: d.destName,
  ...(d.deliveryDay ? { deliveryDate: d.deliveryDay } : {}),
});

/**
 * orders.order.*.v1 with facts → the projection (domain/projection/store.ts). Every event of one write (a custody
 * step and its status notices share one version) carries the order's whole state in `facts.order`, so whichever
 * arrives first brings the projection up to date. An older custody event without it names only the order: its facts
 * are applied over the notice fields held, marked partial, so the notice of the same write still applies (a custody
 * step of an order billing does not hold yet is skipped then). An event without facts (before issue 14) is skipped:
 * the snapshot brings that order.
 */
export const projectionOrdersConsumer = defineConsumer({
  durable: 'billing-projection-orders',
  stream: STREAMS.orders,
  subjects: [...ORDER_SUBJECTS, Subjects.orderCustody],
  concurrency: 1,
  async handle(event) {
    const d = event.data;
    if (!d.facts) return;
    const state = orderStateOf(d);
    if (state) {
      await applyOrder(state, d.facts);
      return;
    }
    const doc = await OrderProjection.findById(d.id).lean();
    const cur = doc ? fromStored(doc) : null;
    if (cur && cur.version < d.facts.version)
      await applyOrder(sliceOfStored(cur), d.facts, { partial: true });
  },
});

/** orders.snapshot.published.v1 pages answering billing's request (of this scope) → the same writes. */
export const projectionOrdersSnapshotConsumer = defineConsumer({
  durable: 'billing-projection-orders-snapshot',
  stream: STREAMS.orders,
  subjects: [Subjects.ordersSnapshotPublished],
  concurrency: 1,
  async handle(event, { app, log }) {
    const p = event.data;
    if (p.requestedBy !== REQUESTED_BY || (p.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '')) return;
    noteAnswered(p.requestId);
    // the known versions; a partial copy counts a half below its version, so the whole state of it applies
    const known = new Map(
      (
        await OrderProjection.find(
          { _id: { $in: p.orders.map((o) => o.id) } },
          { version: 1, partial: 1 },
        ).lean<{ _id: string; version: number; partial?: boolean }[]>()
      ).map((d) => [String(d._id), Number(d.version) - (d.partial ? 0.5 : 0)]),
    );
    let applied = 0;
    for (const o of p.orders)
      if ((known.get(o.id) ?? 0) < o.facts.version && (await applyOrder(orderSliceOf(o), o.facts))) applied++;
    log.info({ requestId: p.requestId, page: p.page, applied, last: p.last }, 'orders snapshot page applied');
  },
});
