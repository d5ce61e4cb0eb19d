import { OrderStatus, needsDateApproved } from '@portal/contracts';
import type { OrderDoc } from '../models/order.js';
import type { OrderConfig } from './config.js';
import { diff, type Change } from './ledger.js';
import type { Caller } from './order-access.js';

/**
 * orders.autoApprove ("New orders are approved at once"): an order created Received is approved right after its
 * creation, as staff approve one on the form — status Order Approved, the approved pickup and delivery dates the
 * preferred ones where none is set, dateApproved stamped — in its own write with its own ledger entry ('status',
 * action of any status move) and events (updated + status-changed, so the approval mail and the read models follow
 * like any approval). An internal order (already approved by the type rules) or one staff created past Received is
 * left as it is.
 */
export function autoApproval(
  created: OrderDoc,
  config: Pick<OrderConfig, 'autoApprove'>,
  now: Date,
): { data: OrderDoc['data']; changes: Change[] } | null {
  const o = created.data.order;
  if (!config.autoApprove || (o.status ?? OrderStatus.received) !== OrderStatus.received) return null;
  const data = { ...created.data, order: approvedNow(o, now) };
  return { data, changes: diff(created.data, data, 'data') };
}

/** The order approved now: Order Approved, the approved dates the preferred ones where none is set, dateApproved. */
export function approvedNow<O extends OrderDoc['data']['order']>(o: O, now: Date): O {
  const next = { ...o, status: OrderStatus.approved };
  if (!o.pickupDate && o.preferredPickup) next.pickupDate = o.preferredPickup;
  if (!o.deliveryDate && o.preferredDelivery) next.deliveryDate = o.preferredDelivery;
  if (needsDateApproved(next.status, next.dateApproved)) next.dateApproved = now.toISOString();
  return next;
}

/** Who the ledger names for the approval: the switch acting for the creator (so the entry says why). */
export const autoApprover = (c: Caller): Caller => ({ ...c, name: `${c.name} (auto-approve)` });
