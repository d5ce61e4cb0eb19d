import { defineConsumer, type Bus } from '@portal/service-kit';
import {
  STREAMS,
  orderSliceOf,
  Subjects,
  type DispatchSnapshotRequestedData,
  type OrderSnapshotItem,
} from '@portal/contracts';
import { Order, type OrderDoc } from '../models/order.js';
import { noticeOf } from './publishes.js';

/** Orders per page: an item is ~1.5 KB, pages stay far below NATS' 1 MB message limit. */
export const DISPATCH_PAGE = 200;
/** `asOf` this much before the first read: an event committed meanwhile is newer and wins (like accounts'). */
export const DISPATCH_MARGIN_MS = 5_000;
const FIELDS = { history: 0 } as const;

/** A stored order as a snapshot item: the notice's fields routing reads, and the facts. Pure. */
export function snapshotItemOf(doc: OrderDoc): OrderSnapshotItem {
  const n = noticeOf(doc, { appUrl: '', changedBy: { userId: '' } }, []);
  return { ...orderSliceOf(n), facts: n.facts! };
}

/**
 * Orders delivered on or after `fromDay` (deleted and cancelled ones too: the reader learns they left) as
 * `orders.snapshot.published.v1` pages, keyset by _id; an empty answer is one empty last page. Returns the pages.
 */
export async function publishOrdersSnapshot(
  bus: Pick<Bus, 'publish'>,
  req: DispatchSnapshotRequestedData,
): Promise<number> {
  const head = {
    requestId: req.requestId,
    requestedBy: req.requestedBy,
    ...(req.scope ? { scope: req.scope } : {}),
    asOf: new Date(Date.now() - DISPATCH_MARGIN_MS).toISOString(),
  };
  const filter = req.fromDay ? { deliveryDay: { $gte: req.fromDay } } : {};
  let page = 0;
  let after: unknown;
  for (;;) {
    const docs = await Order.find({ ...filter, ...(after ? { _id: { $gt: after } } : {}) }, FIELDS)
      .sort({ _id: 1 })
      .limit(DISPATCH_PAGE)
      .lean<OrderDoc[]>();
    const last = docs.length < DISPATCH_PAGE;
    await bus.publish(Subjects.ordersSnapshotPublished, {
      ...head,
      page,
      last,
      orders: docs.map(snapshotItemOf),
    });
    page++;
    if (last) return page;
    after = docs[docs.length - 1]!._id;
  }
}

/** routing.snapshot.requested.v1 wanting orders, of this instance's scope (CONSUMER_SUFFIX) → the pages. */
export const dispatchSnapshotConsumer = defineConsumer({
  durable: 'orders-dispatch-snapshot',
  stream: STREAMS.routing,
  subjects: [Subjects.dispatchSnapshotRequested],
  concurrency: 1,
  async handle(event, { app, log }) {
    const req = event.data;
    if ((req.scope ?? '') !== (app.env.CONSUMER_SUFFIX ?? '') || !req.want.includes('orders')) return;
    const pages = await publishOrdersSnapshot(app.bus, req);
    log.info({ requestId: req.requestId, by: req.requestedBy, pages }, 'orders snapshot published');
  },
});
