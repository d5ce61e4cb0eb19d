import {
  PAGE_SIZES,
  type OrderList,
  type OrderPage,
  type OrderStatusNumber,
  type OrderView,
} from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/**
 * mfe-orders' calls (services/orders GET /orders: staff and vendors; a vendor gets their own company's orders;
 * keyset pages). The answer's shape is @portal/contracts' OrderList (types only here: no schema code ships).
 */
export type OrderRow = OrderView;
export type { OrderPage };

export interface OrderFilter {
  /** The UTC month the list covers, 'YYYY-MM' (the service's default: this month). */
  month?: string;
  status?: OrderStatusNumber;
}

export const ORDERS_KEY = ['orders', 'list'] as const;

/** The largest page the service allows: the table pages on the client, Load more fetches the next 100. */
const FETCH_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1]!;

export function listOrders(api: ApiClient, filter: OrderFilter, cursor?: string | null): Promise<OrderPage> {
  const q = new URLSearchParams({ limit: String(FETCH_SIZE) });
  if (filter.month) q.set('month', filter.month);
  if (filter.status !== undefined) q.set('status', String(filter.status));
  if (cursor) q.set('cursor', cursor);
  return api.get<OrderList>(`/api/orders?${q}`).then((r) => r.data);
}
