import type { OrderFacts, OrderSlice } from '@portal/contracts';
import { applyIfNewer, orderFactsConsumer } from '@portal/service-kit';
import { NameModel, OrderProjection, fromStored, toStored, type ProjectedOrder } from './order-projection.js';
import { projectedOf, vendorNameId } from './order.js';
import { bumpDays } from '../models/day-stats.js';
import { bumpVendorMonths } from '../models/month-versions.js';

/**
 * The projection's writes (written ONLY here and by the consumers of this folder). An order applies by the kit's
 * version rule (applyIfNewer: only a higher facts.version than the stored one, so redeliveries, out-of-order events
 * and snapshot overlaps change nothing). `partial`: the notice fields are the held ones, not the write's (an older
 * custody event named only the order); the whole state of that same version still applies over such a copy.
 */
export async function applyOrder(
  n: OrderSlice,
  facts: OrderFacts,
  opts: { partial?: boolean } = {},
): Promise<boolean> {
  const { _id, createdAt: _c, ...fields } = projectedOf(n, facts);
  // the stored shape (order-projection.ts): keys top-level, the rest one JSON text; createdAt kept as stored
  const { _id: _i, ...stored } = toStored({ _id, ...fields });
  // the vendor first: once the order is visible, its vendor's name is too
  if (n.pickupLN) await noteVendor(n.pickupLN, n.vendorName, fields.updatedAt);
  const { written, before } = await applyIfNewer<{ deliveryDay?: string; vendorMonth?: string }>(
    OrderProjection,
    _id,
    facts.version,
    stored,
    {
      partial: opts.partial,
      // the creation time is known only from version 1 (the created event); facts carry no createdAt
      insert: { createdAt: facts.version === 1 ? fields.updatedAt : '' },
    },
  );
  // after the write, the old and the new delivery day's summary (models/day-stats.ts) and vendor-month's recon rows
  // (models/month-versions.ts) are out of date
  if (written)
    await Promise.all([
      bumpDays([before?.deliveryDay, fields.deliveryDay]),
      bumpVendorMonths([before?.vendorMonth, fields.vendorMonth]),
    ]);
  return written;
}

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
 * orders.order.*.v1 with facts → the projection (the kit's orderFactsConsumer: the whole state of the write, or an
 * older custody event's facts over the notice fields held, marked partial; a custody step of an order billing does
 * not hold yet is skipped: the snapshot brings it).
 */
export const projectionOrdersConsumer = orderFactsConsumer({
  durable: 'billing-projection-orders',
  apply: (state, facts, { partial }) => applyOrder(state, facts, { partial }),
  held: async (id, facts) => {
    const doc = await OrderProjection.findById(id).lean();
    const cur = doc ? fromStored(doc) : null;
    return cur && cur.version < facts.version ? sliceOfStored(cur) : null;
  },
});

/** Vendor names seen by this process (id → name): an order event writes the name only when it changed. */
const vendorsSeen = new Map<string, string>();

/** Every order's pickup licence → `vendor:<LN>` named by its vendorName; registered false unless accounts said so. */
export async function noteVendor(licence: string, name: string, at: string): Promise<void> {
  const _id = vendorNameId(licence);
  if (vendorsSeen.get(_id) === name) return;
  await NameModel.updateOne(
    { _id },
    {
      $set: { kind: 'vendor', ...(name ? { name } : {}), updatedAt: at },
      $setOnInsert: { registered: false },
    },
    { upsert: true },
  );
  vendorsSeen.set(_id, name);
}

/** A route or driver name (`route:<id>`, `driver:<id>`). */
export async function applyName(
  kind: 'route' | 'driver',
  id: string,
  name: string,
  deleted: boolean,
  at: string,
): Promise<void> {
  await NameModel.updateOne(
    { _id: `${kind}:${id}` },
    { $set: { kind, name, deleted, updatedAt: at } },
    { upsert: true },
  );
}

/** A company user's licences → their vendors are registered (the name stays what orders said, if any). */
export async function registerVendors(companyKeys: string[], at: string): Promise<void> {
  for (const key of companyKeys) {
    const _id = vendorNameId(key);
    await NameModel.updateOne(
      { _id },
      { $set: { kind: 'vendor', registered: true, updatedAt: at }, $setOnInsert: { name: '' } },
      { upsert: true },
    );
    vendorsSeen.delete(_id);
  }
}

/** For tests: forget the vendor names this process has seen. */
export const forgetVendors = () => vendorsSeen.clear();
