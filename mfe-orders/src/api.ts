import type {
  DestinationAnswer,
  Order,
  OrderAnswer,
  OrderDataInput,
  OrderHistoryAnswer,
  OrderHistoryVerifyAnswer,
  OrderCoreInput,
} from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/**
 * mfe-orders' single-order calls (orders §7; services/orders). Types from @portal/contracts only: no schema code
 * ships. The list calls are in lists/list-api.ts, the bulk upload's in bulk/bulk-api.ts.
 */
export const ORDERS_KEY = ['orders'] as const;
export const orderKey = (id: string) => ['orders', 'one', id] as const;
export const historyKey = (id: string) => ['orders', 'history', id] as const;
const enc = encodeURIComponent;

export const getOrder = (api: ApiClient, id: string) =>
  api.get<OrderAnswer>(`/api/orders/${enc(id)}`).then((r) => r.data.order);

export const createOrder = (api: ApiClient, data: OrderDataInput & { order: OrderCoreInput }) =>
  api.post<OrderAnswer>('/api/orders/create', { order: { data, source: 'form' } }).then((r) => r.data.order);

export const updateOrder = (api: ApiClient, o: Pick<Order, 'id' | 'version'>, data: OrderDataInput) =>
  api
    .post<OrderAnswer>('/api/orders/update', {
      order: { id: o.id, version: o.version, data, source: 'form' },
    })
    .then((r) => ({ order: r.data.order, warning: r.warning }));

/** Delete / undelete from a list row carry no version (the row has none): the service applies them as they come. */
type Target = Pick<Order, 'id'> & { version?: number };

export const deleteOrder = (api: ApiClient, o: Target) =>
  api
    .post<OrderAnswer>('/api/orders/delete', { order: { id: o.id, version: o.version } })
    .then((r) => r.data.order);

export const undeleteOrder = (api: ApiClient, o: Target) =>
  api
    .post<OrderAnswer>('/api/orders/undelete', { order: { id: o.id, version: o.version } })
    .then((r) => r.data.order);

export const cancelOrder = (api: ApiClient, o: Pick<Order, 'id' | 'version'>, cancelReason: string) =>
  api
    .post<OrderAnswer>('/api/orders/cancel', { order: { id: o.id, version: o.version, cancelReason } })
    .then((r) => r.data.order);

export const orderHistory = (api: ApiClient, id: string) =>
  api.get<OrderHistoryAnswer>(`/api/orders/${enc(id)}/history`).then((r) => r.data.entries);

export const verifyHistory = (api: ApiClient, id: string) =>
  api.get<OrderHistoryVerifyAnswer>(`/api/orders/${enc(id)}/history/verify`);

/**
 * A destination as the order form shows it (orders' GET /api/orders/destination): the licence's record as the order
 * will copy it (address, city, zip; null when not listed) and the days an order may be delivered to its zip, from
 * the same function orders' validation runs (contracts orderDeliveryDays), so the form and the service agree.
 */
export const getDestination = (api: ApiClient, q: { licence: string } | { zip: string }) =>
  api
    .get<DestinationAnswer>(`/api/orders/destination?${new URLSearchParams(q).toString()}`)
    .then((r) => r.data);

export const destinationDaysKey = (zip: string) => ['orders', 'destination', 'days', zip] as const;

/** The delivery days of a zip (a typed zip, or the destination licence's), and which of them deliver overnight. */
export const findDeliveryDays = (api: ApiClient, zip: string): Promise<DeliveryDays> =>
  getDestination(api, { zip }).then(({ days, overnightDays }) => ({ days, overnightDays }));
export type DeliveryDays = Pick<DestinationAnswer['data'], 'days' | 'overnightDays'>;
