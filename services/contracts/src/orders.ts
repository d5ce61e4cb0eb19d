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
