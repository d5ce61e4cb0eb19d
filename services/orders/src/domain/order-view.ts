import type { Order as OrderDto, OrderHistoryEntry } from '@portal/contracts';
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
