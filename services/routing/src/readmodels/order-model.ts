import mongoose, { Schema } from 'mongoose';
import type { OrderFacts, OrderSlice } from '@portal/contracts';

/**
 * Routing's copy of orders (a read model): one document per order, the OrderNotice fields routing shows plus
 * the order's `facts`, fed by every `orders.order.*.v1` event that carries facts (orders.ts ordersFeedConsumer) and by
 * `orders.snapshot.published.v1` pages (feed.ts). A write applies only when its facts.version is
 * higher than the stored one (events may arrive out of order, a snapshot may overlap the stream), so the stored
 * document is always the newest state seen. `days` holds the delivery day and the pickup day: ordersOfDay reads it.
 */
export interface ReadOrder extends OrderSlice {
  /** The delivery day (deliveryDate, else preferredDelivery) and the pickup day ('' when none). */
  deliveryDay: string;
  pickupDay: string;
  facts: OrderFacts;
}

const schema = new Schema(
  {
    _id: { type: String, required: true },
    orderId: { type: String, default: '' },
    status: { type: Number, default: 0 },
    orderType: { type: String, default: '' },
    orderDef: { type: String, default: 'ext' },
    pickupLN: { type: String, default: '' },
    destinationLN: { type: String, default: '' },
    vendorName: { type: String, default: '' },
    destName: { type: String, default: '' },
    preferredDelivery: { type: String },
    deliveryDate: { type: String },
    pickupDate: { type: String },
    deliveryDay: { type: String, default: '' },
    pickupDay: { type: String, default: '' },
    days: { type: [String], default: [] },
    deleted: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
    /** Written from an event that named only the order (an older custody event): a whole state of the same version
     * (its status notice) still applies over it. */
    partial: { type: Boolean, default: false },
    facts: { type: Schema.Types.Mixed, required: true },
    /** When routing applied it (the feed's freshness: feed.ts). */
    appliedAt: { type: Date, default: () => new Date() },
  },
  { minimize: false, versionKey: false },
);
schema.index({ days: 1, deleted: 1 });
schema.index({ appliedAt: -1 });

export const ReadOrderModel = mongoose.model('RoutingReadOrder', schema, 'read_orders');

/**
 * What the day caches catch up from (order-days.ts catchUp): one line per applied change (kept CHANGES_KEEP_MS) and one counter
 * document bumped with each. FerretDB pushes down equality only, so a range over the big `read_orders` scans it
 * whole (2.5 s for 2,000 orders); the counter is read by _id, and only when it moved is the small log scanned.
 */
const changeSchema = new Schema(
  // v: the rank of the version written (order-days.ts rankOf); days: the order's days before and after the write
  { id: String, at: Date, v: Number, days: { type: [String], default: undefined } },
  { versionKey: false },
);
export const ReadOrderChange = mongoose.model('RoutingReadOrderChange', changeSchema, 'read_order_changes');
const seqSchema = new Schema({ _id: String, n: Number }, { versionKey: false });
export const ReadOrderSeq = mongoose.model('RoutingReadOrderSeq', seqSchema, 'read_order_seq');
export const CHANGES_KEEP_MS = 10 * 60_000;
export async function logChange(id: string, v: number, days: string[]): Promise<void> {
  await ReadOrderChange.create({ id, at: new Date(), v, days });
  await ReadOrderSeq.updateOne({ _id: 'orders' }, { $inc: { n: 1 } }, { upsert: true });
}
