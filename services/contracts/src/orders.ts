import type { Static } from 'typebox';

/** Order statuses 0–8 (orders §4). */
export const OrderStatus = {
  received: 0,
  approved: 1,
  inTransit: 2,
  delivered: 3,
  exception: 4,
  fullRejection: 5,
  partialRejection: 6,
  pickedUp: 7,
  cancelled: 8,
} as const;
export type OrderStatusNumber = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ORDER_STATUS_NAMES: Record<OrderStatusNumber, string> = {
  0: 'Order Received',
  1: 'Order Approved',
  2: 'In Transit',
  3: 'Delivered',
  4: 'Exception',
  5: 'Full Rejection',
  6: 'Partial Rejection',
  7: 'Order Picked Up',
  8: 'Order Cancelled',
};

/** Schedule sort order by status (orders §2 Schedule). */
export const SCHEDULE_STATUS_ORDER: OrderStatusNumber[] = [0, 1, 7, 2, 3, 4, 5, 6];

/** For non-admins an Exception is displayed as Order Approved (orders §4). */
export function statusNameFor(status: OrderStatusNumber, role: number): string {
  if (status === OrderStatus.exception && role > 1) return ORDER_STATUS_NAMES[OrderStatus.approved];
  return ORDER_STATUS_NAMES[status];
}

export const ORDER_TYPES = {
  layover: 'Pickup with Layover',
  dropoff: 'Dropoff with Layover',
  sameDay: 'Same Day',
  cash_return: 'Cash Return',
  rej_return: 'Rejection Return',
  cash_pickup: 'Cash Pickup',
  other_return: 'Other Return',
} as const;
export type OrderType = keyof typeof ORDER_TYPES;

export const PICKUP_TYPES = {
  layoverpickup: 'Layover Pickup',
  warehouse: 'Warehouse Pickup',
  regular: 'Same day pickups',
} as const;
export type PickupType = keyof typeof PICKUP_TYPES;

export const ORDER_DEFS = { int: 'Internal', ext: 'External' } as const;

export const CANCEL_REASONS = [
  'Vendor Cancelled',
  'Receiver Cancelled',
  'GPS Cancelled',
  'No Product',
  'Other',
] as const;
export const DEFAULT_CANCEL_REASON = 'Other';

export const REJECTION_REASONS: Record<number, string> = {
  1: 'Incorrect Quantity on the Manifest',
  2: 'Wrong Product on the Manifest',
  3: 'Missing Product on the Manifest',
  4: 'Missing Package Tags',
  5: 'Poor Product Quality',
  6: 'Terms Issue',
  7: "Receiver didn't purchase product",
  8: 'Other',
};

/** Soft delete flag (orders §2). */
export const Deleted = { no: 0, deleted: 1, canceled: 2 } as const;

export const BILLING_METHODS = ['net', 'check', 'cash', 'samples'] as const;

/**
 * GET /api/orders' answer (orders §7; services/orders serves it, mfe-orders reads it): one page of the caller's
 * orders, newest first, keyset-paged. Plain JSON Schema `as const`: the service hands it to Fastify as the response
 * schema, tests check fake answers against it (typebox/value), and the browser takes only the types (TypeBox's
 * Static, a type-only import), so no TypeBox runtime ships. The schema objects themselves do (Module Federation
 * shares contracts whole: about 0.5 KB gzipped with billing.ts's), the price of one definition for both sides.
 */
export const OrderView = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    companyKey: { type: 'string' },
    status: { type: 'integer', enum: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
    /** The status as this caller may see it (§4: an Exception reads "Order Approved" to vendors). */
    statusName: { type: 'string' },
    orderType: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'companyKey', 'status', 'statusName', 'orderType', 'createdAt'],
  additionalProperties: false,
} as const;
export type OrderView = Static<typeof OrderView>;

export const OrderList = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        orders: { type: 'array', items: OrderView },
        /** The next page's cursor (the `cursor` query); null on the last page. */
        nextCursor: { type: ['string', 'null'] },
      },
      required: ['orders', 'nextCursor'],
      additionalProperties: false,
    },
  },
  required: ['data'],
  additionalProperties: false,
} as const;
export type OrderList = Static<typeof OrderList>;
/** One page of orders: what `data` of GET /api/orders holds. */
export type OrderPage = OrderList['data'];
