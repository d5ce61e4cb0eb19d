import {
  OrderStatus,
  canSeeOrderStatusFields,
  type Order as OrderDto,
  type OrderHistoryEntry,
  type RoleNumber,
} from '@portal/contracts';
import type { OrderDoc } from '../models/order.js';

/** The stored order as the calls answer it (contracts' Order): string id and dates, no outbox, history on request. */
export function toOrderDto(o: OrderDoc, opts: { history?: boolean } = {}): OrderDto {
  const { _id, history, createdAt, lastUpdated, ...rest } = o as OrderDoc & {
    _outbox?: unknown;
    _outboxPending?: unknown;
    __v?: unknown;
  };
  const clean = { ...rest } as Record<string, unknown>;
  for (const k of ['_outbox', '_outboxPending', '_outboxParked', '__v', 'companyKey']) delete clean[k];
  return {
    ...(clean as unknown as OrderDto),
    id: String(_id),
    createdAt: new Date(createdAt).toISOString(),
    lastUpdated: new Date(lastUpdated).toISOString(),
    ...(opts.history ? { history: (history ?? []) as OrderHistoryEntry[] } : {}),
  };
}

/**
 * What a vendor or receiver sees of an order (orders §4, §6): an Exception reads as Approved and its notes and the
 * signatures (status fields, visible to 0, 1, 2) are left out. Staff and drivers see the order as stored.
 */
export function forViewer(o: OrderDto, role: RoleNumber): OrderDto {
  if (canSeeOrderStatusFields(role)) return o;
  const { exception: _e, signature: _s, ...order } = o.data.order;
  const shown = o.status === OrderStatus.exception ? OrderStatus.approved : o.status;
  const status = shown as typeof o.data.order.status;
  return { ...o, status, data: { ...o.data, order: { ...order, status } } };
}
