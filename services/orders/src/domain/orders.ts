import mongoose from 'mongoose';
import {
  DEFAULT_PAGE_SIZE,
  Deleted,
  Messages,
  OrderStatus,
  isStaff,
  statusNameFor,
  type OrderStatusNumber,
  type OrderView,
  type RoleNumber,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Order, type OrderDoc } from '../models/order.js';
import type { OrderListQuery } from '../schemas.js';

export interface Caller {
  role: RoleNumber;
  /** The caller's company from the members read model (vendors); undefined when unknown or staff. */
  companyKey?: string;
}

/** The period key stored on each order: its UTC month. */
export const periodOf = (d: Date) => d.toISOString().slice(0, 7);

/** Keyset cursor: the last row's (createdAt, _id), opaque to the browser. */
export function encodeCursor(o: { createdAt: Date; _id: mongoose.Types.ObjectId }): string {
  return Buffer.from(`${o.createdAt.getTime()}.${String(o._id)}`).toString('base64url');
}
export function decodeCursor(cursor: string): { createdAt: Date; id: mongoose.Types.ObjectId } {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  if (!/^\d{1,15}$/.test(ms ?? '') || !mongoose.isObjectIdOrHexString(id))
    throw new Problem(400, 'cursor is not valid');
  return { createdAt: new Date(Number(ms)), id: new mongoose.Types.ObjectId(id) };
}

/** Vendors never see the Exception status: to them it is Order Approved (orders spec §4), in the filter too. */
function statusFilter(status: number, role: RoleNumber) {
  const hidden = [OrderStatus.approved, OrderStatus.exception] as number[];
  return !isStaff(role) && hidden.includes(status) ? { $in: hidden } : status;
}

/**
 * Which orders a caller's list holds, as a query (pure: unit-tested without a database). Staff see every company,
 * one company or one month at a time; a vendor sees their own company's only; anyone else nothing (the route
 * refuses drivers). Every branch starts with a top-level equality that narrows the rows (companyKey or createdMonth).
 * Returns null when the caller can see nothing.
 */
export function orderListQuery(caller: Caller, q: OrderListQuery, now = new Date()) {
  let filter: Record<string, unknown>;
  if (isStaff(caller.role)) {
    filter = q.company ? { companyKey: q.company } : { createdMonth: q.month ?? periodOf(now) };
    if (q.company && q.month) filter.createdMonth = q.month;
  } else {
    if (!caller.companyKey) return null;
    if (q.company && q.company !== caller.companyKey) throw new Problem(403, Messages.forbidden);
    filter = { companyKey: caller.companyKey, ...(q.month ? { createdMonth: q.month } : {}) };
  }
  filter.deleted = Deleted.no;
  if (q.status !== undefined) filter.status = statusFilter(q.status, caller.role);
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    filter.$or = [{ createdAt: { $lt: c.createdAt } }, { createdAt: c.createdAt, _id: { $lt: c.id } }];
  }
  return { filter, sort: { createdAt: -1, _id: -1 } as const, limit: q.limit ?? DEFAULT_PAGE_SIZE };
}

export function toOrderView(o: OrderDoc, role: RoleNumber): OrderView {
  const status = o.status as OrderStatusNumber;
  const shown = !isStaff(role) && status === OrderStatus.exception ? OrderStatus.approved : status;
  return {
    id: String(o._id),
    companyKey: o.companyKey ?? o.pickupKey,
    status: shown,
    statusName: statusNameFor(status, role),
    orderType: o.data?.order?.orderType ?? (o as { orderType?: string }).orderType ?? '',
    createdAt: o.createdAt.toISOString(),
  };
}

/** One page of the caller's list and the cursor of the next (null on the last page). */
export async function listOrders(caller: Caller, q: OrderListQuery) {
  const query = orderListQuery(caller, q);
  if (!query) return { orders: [], nextCursor: null };
  const rows = await Order.find(query.filter)
    .sort(query.sort)
    .limit(query.limit + 1)
    .lean<OrderDoc[]>();
  const page = rows.slice(0, query.limit);
  const nextCursor = rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null;
  return { orders: page.map((o) => toOrderView(o, caller.role)), nextCursor };
}
