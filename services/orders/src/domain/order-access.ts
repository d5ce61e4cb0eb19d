import mongoose from 'mongoose';
import { Messages, OrderMessages, Role, isStaff, type RoleNumber } from '@portal/contracts';
import { Problem, type AuthUser } from '@portal/service-kit';
import { memberByEmail, memberOf, type MemberView } from '../readmodels/members.js';
import { Order, type OrderDoc } from '../models/order.js';

/**
 * Who is calling and what they may reach: staff (0, 1) every order; a vendor or receiver the
 * orders whose pickupKey or destKey is one of their company's licence keys; a driver the orders naming them as
 * pickup or delivery driver. Anything else reads as "Order not found" (404), so an id never tells whether another
 * company's order exists.
 */
export interface Caller {
  /** The token's subject: what the order's `user` and the ledger's `by.userId` hold. */
  userId: string;
  name: string;
  role: RoleNumber;
  companyKeys: string[];
  suspended: boolean;
  /** The ids a driver's orders name them by (fleet driver id, accounts id, token subject). */
  driverIds: string[];
  sameDayPickup: boolean;
  signature?: { name: string; image: string };
  /** The caller's bearer header, forwarded to routing's /routes/find. */
  authorization?: string;
}

/** The caller from the token and orders' members read model (readmodels/members.ts). */
export async function callerOf(user: AuthUser, authorization?: string): Promise<Caller> {
  const m: MemberView | null = (await memberOf(user.sub)) ?? (await memberByEmail(user.email));
  return {
    userId: user.sub,
    name: m?.name || user.name || user.email,
    role: user.role,
    companyKeys: m?.companyKeys ?? [],
    suspended: !!user.suspended || !!m?.suspended,
    driverIds: [m?.driverId, m?.userId, user.sub].filter((x): x is string => !!x),
    sameDayPickup: !!m?.sameDayPickup,
    ...(m?.signature ? { signature: m.signature } : {}),
    ...(authorization ? { authorization } : {}),
  };
}

/** Writes by a suspended account are refused with the spec's words (the kit refuses token-suspended ones too). */
export function assertActive(c: Caller): void {
  if (c.suspended) throw new Problem(403, OrderMessages.suspended);
}

export function mayRead(c: Caller, o: Pick<OrderDoc, 'pickupKey' | 'destKey' | 'driverIds'>): boolean {
  if (isStaff(c.role)) return true;
  if (c.role === Role.Driver) return o.driverIds.some((d) => d && c.driverIds.includes(d));
  return c.companyKeys.includes(o.pickupKey) || c.companyKeys.includes(o.destKey);
}

/** May the caller change this order at all? Staff; the placing company (outgoing, pickupKey); its drivers. */
export function mayWrite(c: Caller, o: Pick<OrderDoc, 'pickupKey' | 'destKey' | 'driverIds'>): boolean {
  if (isStaff(c.role) || c.role === Role.Driver) return mayRead(c, o);
  return c.companyKeys.includes(o.pickupKey);
}

/** The stored order by id (database id or the human orderId), or null. */
export async function findOrder(id: string, opts: { history?: boolean } = {}): Promise<OrderDoc | null> {
  const filter = mongoose.isObjectIdOrHexString(id) ? { _id: id } : { orderId: id };
  const q = Order.findOne(filter);
  if (!opts.history) q.select({ history: 0, _outbox: 0 });
  else q.select({ _outbox: 0 });
  return q.lean<OrderDoc>();
}

/** The order the caller may read, else 404 "Order not found". */
export async function readableOrder(
  c: Caller,
  id: string,
  opts: { history?: boolean } = {},
): Promise<OrderDoc> {
  const o = await findOrder(id, opts);
  if (!o || !mayRead(c, o)) throw new Problem(404, OrderMessages.orderNotFound);
  return o;
}

/** The order the caller may change: 404 when unreadable, 403 when readable but not theirs to change. */
export async function writableOrder(c: Caller, id: string): Promise<OrderDoc> {
  const o = await readableOrder(c, id, { history: true });
  if (!mayWrite(c, o)) throw new Problem(403, Messages.forbidden);
  return o;
}
