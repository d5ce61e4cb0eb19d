import { answerSnapshots, keysetAfter, keysetPages, pageHead } from '@portal/service-kit';
import type { Bus, SnapshotRequest } from '@portal/service-kit';
import { STREAMS, orderSliceOf, Subjects, type OrderSnapshotItem } from '@portal/contracts';
import { Order, type OrderDoc } from '../models/order.js';
import { noticeOf } from '../domain/order-events/publishes.js';

/** Orders per page: an item is ~1.5 KB, pages stay far below NATS' 1 MB message limit. */
export const DISPATCH_PAGE = 200;
const FIELDS = { history: 0 } as const;

/** A stored order as a snapshot item: the notice's fields routing reads, and the facts. Pure. */
export function snapshotItemOf(doc: OrderDoc): OrderSnapshotItem {
  const n = noticeOf(doc, { appUrl: '', changedBy: { userId: '' } }, []);
  return { ...orderSliceOf(n), facts: n.facts! };
}

/**
 * Orders delivered on or after `fromDay` (deleted and cancelled ones too: the reader learns they left) as
 * `orders.snapshot.published.v1` pages, keyset by _id (the kit's keysetPages); an empty answer is one empty last
 * page. Returns the pages.
 */
export async function publishOrdersSnapshot(
  bus: Pick<Bus, 'publish'>,
  req: SnapshotRequest,
): Promise<number> {
  const head = pageHead(req);
  const filter = req.fromDay ? { deliveryDay: { $gte: req.fromDay } } : {};
  return keysetPages(
    (key, limit) =>
      Order.find(keysetAfter(filter, key), FIELDS).sort({ _id: 1 }).limit(limit).lean<OrderDoc[]>(),
    DISPATCH_PAGE,
    async (docs, page, last) => {
      await bus.publish(Subjects.ordersSnapshotPublished, {
        ...head,
        page,
        last,
        orders: docs.map(snapshotItemOf),
      });
    },
  );
}

/**
 * Orders' answer to every reader's snapshot request (the kit's answerSnapshots, of this instance's scope): routing
 * asks for the orders delivered from `fromDay`; billing for every order (no fromDay: it reconciles any period). Each
 * reader's pages name it (`requestedBy`), so the other skips them.
 */
export const snapshotAnswers = answerSnapshots({
  label: 'orders snapshot published',
  has: ['orders'],
  answer: publishOrdersSnapshot,
  requests: [
    {
      durable: 'orders-dispatch-snapshot',
      stream: STREAMS.routing,
      subject: Subjects.dispatchSnapshotRequested,
    },
    {
      durable: 'orders-billing-snapshot',
      stream: STREAMS.billing,
      subject: Subjects.billingSnapshotRequested,
    },
  ],
});
