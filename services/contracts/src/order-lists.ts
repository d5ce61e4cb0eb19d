import type { Static } from 'typebox';

/**
 * The order lists (orders spec §2 "Order list screens", §6, §7): services/orders serves them
 * (GET/POST /api/orders, /orders/userorders, /orders/ordersrange, /orders/ordersrangeforuser, GET /orders/public),
 * mfe-orders renders them. Plain JSON Schema `as const` like orders.ts: the service's response schemas, types
 * only in the browser.
 */

/** Which list: admin (staff), outgoing (pickups of the caller's company), incoming (deliveries to it), placed
 * (its orders, one month from the chosen week), driver (orders the caller drives). */
export const ORDER_LIST_KINDS = ['admin', 'outgoing', 'incoming', 'placed', 'driver'] as const;
export type OrderListKind = (typeof ORDER_LIST_KINDS)[number];

/** The sortable columns (spec §2), as the `sort` parameter names them. */
export const ORDER_SORT_COLUMNS = [
  'orderId',
  'createdAt',
  'pickupDate',
  'deliveryDate',
  'vendor',
  'pickup',
  'destName',
  'destination',
  'status',
  'driver',
  'vehicle',
  'manifestNo',
  'boxCount',
] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** Spec §9: order history default window (days), driver list limits (mobile, desktop). */
export const ORDER_HISTORY_DAYS = 40;
export const DRIVER_LIST_LIMITS = [200, 300] as const;
/** Order Def filter values (shown only when config orders.isInternalDist). */
export const ORDER_DEF_FILTERS = ['all', 'int', 'ext'] as const;

/**
 * The list parameters (query of GET /api/orders, or `where` of POST /api/orders). Every list is narrowed on the
 * server by a key stored on each order; what a caller may narrow by depends on the list:
 * - admin (roles 0, 1): `week` (a Monday, default this week) or `from`/`to` (days, at most 62) or `company`
 *   (a licence number); `all: true` (Show All History) lifts the 40-day window and needs `company` or `q`.
 * - outgoing / incoming / placed: the caller's company only; `week` optional (placed: one month from it).
 * - driver: the most recent `limit` (200 or 300) orders the caller drives.
 */
export interface OrderListParams {
  list?: OrderListKind;
  week?: string;
  from?: string;
  to?: string;
  company?: string;
  status?: number;
  /** Show Only Delivered: status ≥ 3 except cancelled (8). */
  delivered?: boolean;
  /** Show All History (admin): beyond the 40-day window. */
  all?: boolean;
  def?: (typeof ORDER_DEF_FILTERS)[number];
  /** Staff: deleted and cancelled orders shown too. */
  deleted?: boolean;
  /** Search: each word matches the start of a word of the order (ID, licence, names, city, zip, manifest). */
  q?: string;
  sort?: OrderSortColumn;
  dir?: 'asc' | 'desc';
  limit?: number;
  cursor?: string;
}

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;

/** One row of an order list: the columns of spec §2 (dates ISO; null when not set). */
export const OrderRow = {
  type: 'object',
  properties: {
    id: str,
    orderId: str,
    /** Date Placed. */
    createdAt: { type: 'string', format: 'date-time' },
    /** Approved Pickup Date / Approved Delivery Date. */
    pickupDate: strOrNull,
    deliveryDate: strOrNull,
    preferredDelivery: strOrNull,
    /** Vendor: the pickup company's name; Pickup: its address and city. */
    vendor: str,
    pickup: str,
    /** Dest. Name and Destination (address and city). */
    destName: str,
    destination: str,
    pickupLN: str,
    destinationLN: str,
    /** As this caller may see it: an Exception (4) is Order Approved (1) to non-admins. */
    status: { type: 'integer', enum: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
    statusName: str,
    /** The shown leg's ids (delivery, else pickup): the screen shows the fleet's names for them. */
    driver: str,
    vehicle: str,
    /** Both legs' driver and vehicle ids ('' when none). */
    pickupDriver: str,
    deliveryDriver: str,
    pickupVehicle: str,
    deliveryVehicle: str,
    /** data.order.driver.pickupChange: a pickup driver change within 24 hours (orders §2), marked red in the list. */
    pickupDriverChange: strOrNull,
    /** The manifest number (billing manifest, else the uploaded manifest's number), never its file name. */
    manifestNo: str,
    boxCount: str,
    /** Overnight delivery: the list shows a clock and the delivery date plus one day. */
    overnight: { type: 'boolean' },
    orderType: str,
    orderDef: { type: 'string', enum: ['int', 'ext'] },
    /** 0 not deleted, 1 deleted, 2 cancelled. */
    deleted: { type: 'integer', enum: [0, 1, 2] },
  },
  required: [
    'id',
    'orderId',
    'createdAt',
    'pickupDate',
    'deliveryDate',
    'preferredDelivery',
    'vendor',
    'pickup',
    'destName',
    'destination',
    'pickupLN',
    'destinationLN',
    'status',
    'statusName',
    'driver',
    'vehicle',
    'manifestNo',
    'boxCount',
    'overnight',
    'orderType',
    'orderDef',
    'deleted',
  ],
  additionalProperties: false,
} as const;
export type OrderRow = Static<typeof OrderRow>;

/** The answer of every list call: one page, the next page's cursor (null on the last) and the narrowed count. */
export const OrderRowPage = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        orders: { type: 'array', items: OrderRow },
        nextCursor: strOrNull,
        /** Rows of the whole list (all pages); null where a list is not counted (the driver's: its limit is the list). */
        total: { type: ['integer', 'null'] },
      },
      required: ['orders', 'nextCursor', 'total'],
      additionalProperties: false,
    },
  },
  required: ['data'],
  additionalProperties: false,
} as const;
export type OrderRowPage = Static<typeof OrderRowPage>;

/** The public weekly view (GET /api/orders/public?token=&week=, no login; the token is the company link's): only these columns. */
export const PublicOrderRow = {
  type: 'object',
  properties: {
    orderId: str,
    deliveryDate: strOrNull,
    preferredDelivery: strOrNull,
    vendor: str,
    destName: str,
    destination: str,
    status: { type: 'integer', enum: [0, 1, 2, 3, 5, 6, 7, 8] },
    statusName: str,
    boxCount: str,
    overnight: { type: 'boolean' },
  },
  required: [
    'orderId',
    'deliveryDate',
    'preferredDelivery',
    'vendor',
    'destName',
    'destination',
    'status',
    'statusName',
    'boxCount',
    'overnight',
  ],
  additionalProperties: false,
} as const;
export type PublicOrderRow = Static<typeof PublicOrderRow>;

export const PublicOrderWeek = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        /** The Monday of the week shown. */
        week: str,
        orders: { type: 'array', items: PublicOrderRow },
      },
      required: ['week', 'orders'],
      additionalProperties: false,
    },
  },
  required: ['data'],
  additionalProperties: false,
} as const;
export type PublicOrderWeek = Static<typeof PublicOrderWeek>;
