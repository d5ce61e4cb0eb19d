import { Deleted, OrderStatus } from '@portal/contracts';
import {
  DispatchMessages as DM,
  InTransitReasons,
  type InTransitAnswer,
  type InTransitBody,
  type InTransitSkipReason,
} from '@portal/contracts/dispatch';
import { Problem } from '@portal/service-kit';
import { assertActive, readableOrder, type Caller } from './order-access.js';
import { updateOrder, type WriteDeps } from './order-write.js';
import type { OrderDoc } from '../models/order.js';

/**
 * "Set to In Transit" on a route header (orders §2, §4, §8): the road goes Approved → Picked Up → In Transit, so
 * approved and picked-up orders move; orders already delivered or rejected only when the user confirmed the spec's
 * "already delivered" question (`reopen`); an order not approved yet (Received), cancelled or deleted never moves,
 * nor one already in transit. Each move is the ordinary update (updateOrder: the caller's field rights and
 * transitions, the driver's signature, version + 1, ledger, events), so nothing here bypasses the order's rules.
 * Answers what moved and, per skipped order, why: the browser tells the user how many were skipped and why.
 */
const MOVES: number[] = [OrderStatus.approved, OrderStatus.pickedUp];
const DONE: number[] = [
  OrderStatus.delivered,
  OrderStatus.exception,
  OrderStatus.fullRejection,
  OrderStatus.partialRejection,
];

/** Why an order does not move (null: it moves). Pure. */
export function skipReason(
  o: Pick<OrderDoc, 'deleted' | 'data'>,
  reopen: boolean,
): InTransitSkipReason | null {
  const s = o.data.order.status;
  if (o.deleted !== Deleted.no || s === OrderStatus.cancelled) return 'cancelled';
  if (s === OrderStatus.received) return 'notApproved';
  if (s === OrderStatus.inTransit) return 'alreadyInTransit';
  if (DONE.includes(s)) return reopen ? null : 'done';
  return MOVES.includes(s) ? null : 'notApproved';
}

/** "2 orders out of 5 were set to In Transit; 3 skipped: 2 not approved yet (G-1, G-2), 1 already …". */
export function transitMessage(moved: number, skipped: InTransitAnswer['data']['skipped'], total: number) {
  const text = DM.inTransitDone(moved, total);
  if (!skipped.length) return text;
  const groups = new Map<InTransitSkipReason, string[]>();
  for (const s of skipped) groups.set(s.reason, [...(groups.get(s.reason) ?? []), s.orderId]);
  const parts = [...groups].map(([r, ids]) => `${ids.length} ${InTransitReasons[r]} (${ids.join(', ')})`);
  return `${text}; ${skipped.length} skipped: ${parts.join('; ')}`;
}

export async function setInTransit(
  c: Caller,
  body: InTransitBody,
  deps: WriteDeps,
): Promise<InTransitAnswer> {
  assertActive(c);
  const ids = [...new Set(body.ids.map((i) => i.trim()).filter(Boolean))];
  const moved: string[] = [];
  const skipped: InTransitAnswer['data']['skipped'] = [];
  // another tenant's or an unknown id reads as not found, before any write: the call is never half done
  const orders: OrderDoc[] = [];
  for (const id of ids) orders.push(await readableOrder(c, id));
  for (const o of orders) {
    const reason = skipReason(o, !!body.reopen);
    if (reason) {
      skipped.push({ id: String(o._id), orderId: o.orderId, reason });
      continue;
    }
    try {
      await updateOrder(
        c,
        {
          id: String(o._id),
          version: o.version,
          data: { order: { status: OrderStatus.inTransit } },
          source: 'schedule',
        },
        deps,
      );
      moved.push(o.orderId);
    } catch (err) {
      if (!(err instanceof Problem) || err.status >= 500) throw err;
      skipped.push({ id: String(o._id), orderId: o.orderId, reason: 'failed', detail: err.message });
    }
  }
  return {
    message: transitMessage(moved.length, skipped, ids.length),
    data: { moved, skipped, total: ids.length },
  };
}
