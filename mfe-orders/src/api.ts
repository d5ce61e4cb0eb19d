import { PAGE_SIZES, type OrderStatusNumber } from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/**
 * mfe-orders' calls and their answers (services/orders GET /orders: staff and vendors; a vendor gets their own
 * company's orders; keyset pages). The shapes mirror services/orders/src/schemas.ts; test/orders-list.test.ts
 * checks every fake answer against that schema, so the copy cannot drift. They move to @portal/contracts when
 * orders' shapes do.
 */
export interface OrderRow {
  id: string;
  companyKey: string;
  status: OrderStatusNumber;
  /** The status as this caller may see it (orders §4: an Exception reads "Order Approved" to vendors). */
  statusName: string;
  orderType: string;
  createdAt: string;
}

export interface OrderPage {
  orders: OrderRow[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
}

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
  return api.get<{ data: OrderPage }>(`/api/orders?${q}`).then((r) => r.data);
}
