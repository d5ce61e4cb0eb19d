import { OrderStatus, type OrderSource } from '@portal/contracts';
import type { DriverAssignment, FixOrdersItem } from '@portal/contracts/dispatch';
import { Problem } from '@portal/service-kit';
import { Order, type OrderDoc } from '../models/order.js';
import { commit } from './order-write.js';
import { assertActive, findOrder, type Caller } from './order-access.js';
import { orderConfig } from './config.js';
import { weekOf } from './list-keys.js';
import { byCell, planOrder, type CellKey } from './fixorders.js';
import { updatedEvents } from './order-events/publishes.js';

/**
 * The weekly driver schedule written onto the week's orders (orders §7 fixorders; the plan per order is
 * fixorders.ts): each order whose plan changes goes through the order write path (order-write.ts `commit`: version
 * + 1, its list row, a ledger entry `schedule-assigned` with source `schedule`, and its `orders.order.updated.v1`
 * event, so routing's schedule, the lists and billing see the drivers). A lost race re-reads the order and plans
 * again (the form, a scan or the other path of fixorders may have written it meanwhile).
 */
export const FIX_ACTION = 'schedule-assigned';
const SOURCE: OrderSource = 'schedule';
const OPEN = [OrderStatus.received, OrderStatus.approved, OrderStatus.pickedUp, OrderStatus.inTransit];

export interface ApplyOpts {
  appUrl: string;
  only?: Set<CellKey>;
  cleared?: Map<CellKey, string>;
  now?: Date;
}

const nextMonday = (monday: string) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

/** The orders a week's schedule may touch: delivered that week, or the week after (a pickup this week). */
async function weekOrders(monday: string): Promise<OrderDoc[]> {
  return Order.find({
    deliveryWeek: { $in: [monday, nextMonday(monday)] },
    deleted: 0,
    status: { $in: OPEN },
  })
    .select({ history: 0, _outbox: 0 })
    .lean<OrderDoc[]>();
}

const itemOf = (o: OrderDoc, changed: boolean): FixOrdersItem => ({
  id: String(o._id),
  orderId: o.orderId,
  driver: { pickup: o.data.order.driver?.pickup, delivery: o.data.order.driver?.delivery },
  vehicle: { ...(o.data.order.vehicle ?? {}) },
  changed,
  ...(o.data.order.driver?.pickupChange ? { pickupChange: o.data.order.driver.pickupChange } : {}),
});

/** One order planned and written; null when the schedule does not touch it (now). */
async function fixOne(
  c: Caller,
  id: string,
  cells: Map<CellKey, DriverAssignment>,
  opts: ApplyOpts,
): Promise<FixOrdersItem | null> {
  for (let attempt = 0; ; attempt++) {
    const prev = await findOrder(id, { history: true });
    if (!prev) return null;
    const now = opts.now ?? new Date();
    const plan = planOrder(prev, cells, now, opts);
    if (!plan.changes.length) return plan.scheduled ? itemOf(prev, false) : null;
    const data = { ...prev.data, order: { ...prev.data.order, driver: plan.driver, vehicle: plan.vehicle } };
    const ctx = { appUrl: opts.appUrl, changedBy: { userId: c.userId, name: c.name } };
    const config = await orderConfig();
    try {
      const next = await commit(
        c,
        prev,
        {
          set: { data },
          action: FIX_ACTION,
          changes: plan.changes,
          source: SOURCE,
          events: (n) => updatedEvents(prev, n, ctx, config),
        },
        now,
      );
      return itemOf(next, true);
    } catch (err) {
      if (!(err instanceof Problem && err.status === 409) || attempt >= 2) throw err;
    }
  }
}

/**
 * The week's schedule (`rows`: contracts assignmentsOf) applied to every order of the week it touches. Answers the
 * scheduled orders (changed by this call or already in line), how many were written, and the orders that failed
 * (their message; the others are still written: each order is its own write).
 */
export async function applyWeek(
  c: Caller,
  week: string,
  rows: DriverAssignment[],
  opts: ApplyOpts,
): Promise<{ week: string; ordersToUpdate: FixOrdersItem[]; updated: number; failed: string[] }> {
  assertActive(c);
  const monday = weekOf(week);
  const cells = byCell(rows);
  const now = opts.now ?? new Date();
  const out: FixOrdersItem[] = [];
  const failed: string[] = [];
  for (const o of await weekOrders(monday)) {
    const plan = planOrder({ ...o, data: o.data }, cells, now, opts);
    if (!plan.scheduled && !plan.changes.length) continue;
    if (!plan.changes.length) {
      out.push(itemOf(o, false));
      continue;
    }
    try {
      const item = await fixOne(c, String(o._id), cells, { ...opts, now });
      if (item) out.push(item);
    } catch (err) {
      failed.push(`${o.orderId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { week: monday, ordersToUpdate: out, updated: out.filter((i) => i.changed).length, failed };
}
