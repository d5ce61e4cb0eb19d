import type { OrderFacts, OrderSlice } from '@portal/contracts';
import { NameModel, OrderProjection, toStored } from '../../models/order-projection.js';
import { projectedOf, vendorNameId } from './order.js';
import { bumpDays } from '../../models/day-stats.js';

/**
 * The projection's writes (written ONLY here: events/projection-*.ts call these). An order applies only when its
 * facts.version is higher than the stored one: a conditional update by _id, else an insert (a duplicate key means a
 * newer-or-equal version is stored: ignored). Redeliveries, out-of-order events and snapshot overlaps change nothing.
 * `partial`: the notice fields are the held ones, not the write's (an older custody event named only the order); the
 * whole state of that same version still applies over such a copy.
 */
export async function applyOrder(
  n: OrderSlice,
  facts: OrderFacts,
  opts: { partial?: boolean } = {},
): Promise<boolean> {
  const partial = !!opts.partial;
  const { _id, createdAt: _c, ...fields } = projectedOf(n, facts);
  // the stored shape (models/order-projection.ts): keys top-level, the rest one JSON text; createdAt kept as stored
  const { _id: _i, ...stored } = toStored({ _id, ...fields });
  // the vendor first: once the order is visible, its vendor's name is too
  if (n.pickupLN) await noteVendor(n.pickupLN, n.vendorName, fields.updatedAt);
  const older = { version: { $lt: facts.version } };
  const before = await OrderProjection.findOneAndUpdate(
    { _id, ...(partial ? older : { $or: [older, { version: facts.version, partial: true }] }) },
    { $set: { ...stored, partial } },
    { upsert: false, returnDocument: 'before' },
  ).lean();
  let written = !!before;
  if (!before) {
    try {
      // the creation time is known only from version 1 (the created event); facts carry no createdAt
      await OrderProjection.create({
        _id,
        ...stored,
        partial,
        createdAt: facts.version === 1 ? fields.updatedAt : '',
      });
      written = true;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
  }
  // the dashboards' day summaries: after the write, the old and the new delivery day (models/day-stats.ts)
  if (written) await bumpDays([(before as { deliveryDay?: string } | null)?.deliveryDay, fields.deliveryDay]);
  return written;
}

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
