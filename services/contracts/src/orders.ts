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

// ---------------------------------------------------------------------------------------------------------------------
// The single order (issue 12, part A). Plain TypeScript types for the stored/served shape, plain JSON Schema (`as
// const`) for the request bodies the service validates: the browser imports both without the TypeBox runtime.

/** A licence record as copied onto the order (orders §3: data.pickupCompany / data.destCompany). */
export interface LicenceCopy {
  Licensee?: string;
  DBA?: string;
  'License #'?: string;
  'Street Address'?: string;
  City?: string;
  Zip?: string;
  emails?: string[];
}

/** A signature (orders §3): name and image from the signer's profile plus a date; the customer's carries emails/tags. */
export interface OrderSignature {
  name?: string;
  image?: string;
  date?: string;
  userId?: string;
  emails?: string[];
  tags?: string[];
}

export interface OrderStamp {
  time: string;
  user: string;
}

export type OrderDef = keyof typeof ORDER_DEFS;
export type BillingMethod = (typeof BILLING_METHODS)[number];
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** data.order (orders §3). Dates are ISO strings (date-time; the form sets noon of the chosen day). */
export interface OrderCore {
  orderDef: OrderDef;
  orderType: OrderType;
  status: OrderStatusNumber;
  pickupLN: string;
  destinationLN: string;
  preferredDelivery: string;
  preferredPickup?: string;
  /** Approved pickup / delivery dates (staff). */
  pickupDate?: string;
  deliveryDate?: string;
  dropoffDate?: string;
  dateApproved?: string;
  pickupType?: PickupType;
  pickupRoute?: string;
  route?: string;
  driver?: { pickup?: string; delivery?: string; pickupChange?: string };
  /** Box count as a string, default '1'. */
  weight?: string;
  notes?: string;
  billingNotes?: string;
  /** Rejection reason code 1–8 (REJECTION_REASONS). */
  rejected?: number;
  rejectedText?: string;
  rejectedDate?: string;
  exception?: string;
  cashReturn?: boolean;
  checkedin?: OrderStamp | null;
  checkedout?: OrderStamp | null;
  signature?: {
    pickup?: OrderSignature;
    driver?: OrderSignature;
    customer?: OrderSignature;
    dropoff?: OrderSignature;
  };
  /** Per-day flags keyed YY-MM-DD. */
  paper?: Record<string, boolean>;
  showAllRoutes?: boolean;
  showAllRoutesPickup?: boolean;
}

export interface OrderBilling {
  invoice?: string;
  amount?: number | string;
  /** Derived text (billingMethodText): 'Cash 12', 'Check 88', 'Net Terms', 'Samples'. */
  method?: string;
  methodSelect?: BillingMethod | '';
  methodSelectId?: string;
  manifest?: string;
  gpsinvoice?: string;
}

export interface OrderData {
  order: OrderCore;
  pickupCompany: LicenceCopy;
  destCompany: LicenceCopy;
  billing: OrderBilling;
  recon?: { date?: string; user?: string };
}

/** Where a change came from (the ledger's `source`). */
export const ORDER_SOURCES = ['form', 'list', 'bulk', 'schedule', 'api', 'job'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** One ledger entry (issue 12): hash = sha256 of the canonical JSON of the entry without `hash`, chained by prevHash. */
export interface OrderHistoryEntry {
  seq: number;
  at: string;
  by: { userId: string; name: string; role: number };
  source: OrderSource;
  /** created | updated | status | cancelled | deleted | undeleted | picked-up | … */
  action: string;
  changes: { path: string; from?: unknown; to?: unknown }[];
  prevHash: string;
  hash: string;
}
/** prevHash of the first entry. */
export const LEDGER_GENESIS = '0'.repeat(64);

/** The order as GET /api/orders/:id serves it (orders §3 plus version and the list keys). */
export interface Order {
  id: string;
  /** Human id, unique, e.g. "G-104233". */
  orderId: string;
  createdAt: string;
  lastUpdated: string;
  createdBy: string;
  updatedBy: string;
  /** The creator's userId. */
  user: string;
  deliveryDate?: string;
  deleted: DeletedFlag;
  isPickup: boolean;
  dateSubmitted?: string;
  cancelReason?: string;
  /** +1 per write; the update body carries it back (optimistic concurrency). */
  version: number;
  data: OrderData;
  manifest?: { file?: string; signed?: { filename: string }[] };
  history?: OrderHistoryEntry[];
  // list keys (services/orders src/domain/list-keys.ts)
  pickupKey: string;
  destKey: string;
  companyKeys: string[];
  status: number;
  deliveryDay: string;
  deliveryWeek: string;
  createdMonth: string;
  driverIds: string[];
  orderDef: string;
  searchTokens: string[];
}
export type DeletedFlag = (typeof Deleted)[keyof typeof Deleted];

/** What a caller sends for data.order: every field optional on update (a merge patch over the stored order). */
export type OrderCoreInput = Partial<OrderCore>;
export interface OrderDataInput {
  order?: OrderCoreInput;
  pickupCompany?: LicenceCopy;
  destCompany?: LicenceCopy;
  billing?: OrderBilling;
}

/** POST /orders/create {order}. */
export interface OrderCreateBody {
  order: { data: OrderDataInput & { order: OrderCoreInput }; source?: OrderSource };
}
/** POST /orders/update {order}: id, the version read, and the fields to change. */
export interface OrderUpdateBody {
  order: { id: string; version: number; data: OrderDataInput; source?: OrderSource };
}
/** POST /orders/delete | /orders/undelete {order}. */
export interface OrderIdBody {
  order: { id: string; version?: number };
}
/** POST /orders/cancel {order}: reason defaults to Other. */
export interface OrderCancelBody {
  order: { id: string; version?: number; cancelReason?: string };
}
/** Every single-order call answers the order as stored. */
export interface OrderAnswer {
  data: { order: Order };
}
export interface OrderHistoryAnswer {
  data: { orderId: string; entries: OrderHistoryEntry[] };
}
/** GET /orders/:id/history/verify: the chain recomputed; brokenAt = seq of the first entry that does not verify. */
export interface OrderHistoryVerifyAnswer {
  ok: boolean;
  entries: number;
  brokenAt?: number;
}

const str = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
const dateStr = { type: 'string', maxLength: 40 } as const;
const licenceCopySchema = {
  type: 'object',
  properties: {
    Licensee: str(),
    DBA: str(),
    'License #': str(100),
    'Street Address': str(),
    City: str(100),
    Zip: str(20),
    emails: { type: 'array', items: str(), maxItems: 20 },
  },
  additionalProperties: false,
} as const;
const signatureSchema = {
  type: 'object',
  properties: {
    name: str(),
    image: str(400_000),
    date: dateStr,
    userId: str(),
    emails: { type: 'array', items: str(), maxItems: 20 },
    tags: { type: 'array', items: str(), maxItems: 200 },
  },
  additionalProperties: false,
} as const;
const stampSchema = {
  anyOf: [
    {
      type: 'object',
      properties: { time: dateStr, user: str() },
      required: ['time', 'user'],
      additionalProperties: false,
    },
    { type: 'null' },
  ],
} as const;

/** data.order as a body may carry it: every field optional (create's required ones are rules, with the spec's words). */
export const OrderCoreInputSchema = {
  type: 'object',
  properties: {
    orderDef: { type: 'string', enum: ['int', 'ext', ''] },
    orderType: { type: 'string', enum: ['', ...Object.keys(ORDER_TYPES)] },
    status: { type: 'integer', minimum: 0, maximum: 8 },
    pickupLN: str(100),
    destinationLN: str(100),
    preferredDelivery: dateStr,
    preferredPickup: dateStr,
    pickupDate: dateStr,
    deliveryDate: dateStr,
    dropoffDate: dateStr,
    dateApproved: dateStr,
    pickupType: { type: 'string', enum: ['', ...Object.keys(PICKUP_TYPES)] },
    pickupRoute: str(),
    route: str(),
    driver: {
      type: 'object',
      properties: { pickup: str(), delivery: str(), pickupChange: dateStr },
      additionalProperties: false,
    },
    weight: { type: 'string', pattern: '^\\d{0,6}$' },
    notes: str(4000),
    billingNotes: str(4000),
    rejected: { type: 'integer', minimum: 0, maximum: 8 },
    rejectedText: str(4000),
    rejectedDate: dateStr,
    exception: str(4000),
    cashReturn: { type: 'boolean' },
    checkedin: stampSchema,
    checkedout: stampSchema,
    signature: {
      type: 'object',
      properties: {
        pickup: signatureSchema,
        driver: signatureSchema,
        customer: signatureSchema,
        dropoff: signatureSchema,
      },
      additionalProperties: false,
    },
    paper: { type: 'object', additionalProperties: { type: 'boolean' }, maxProperties: 400 },
    showAllRoutes: { type: 'boolean' },
    showAllRoutesPickup: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export const OrderBillingSchema = {
  type: 'object',
  properties: {
    invoice: str(100),
    amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }] },
    method: str(100),
    methodSelect: { type: 'string', enum: ['', ...BILLING_METHODS] },
    methodSelectId: str(100),
    manifest: str(100),
    gpsinvoice: str(100),
  },
  additionalProperties: false,
} as const;

export const OrderDataInputSchema = {
  type: 'object',
  properties: {
    order: OrderCoreInputSchema,
    pickupCompany: licenceCopySchema,
    destCompany: licenceCopySchema,
    billing: OrderBillingSchema,
  },
  additionalProperties: false,
} as const;

const sourceSchema = { type: 'string', enum: [...ORDER_SOURCES] } as const;
const idSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const versionSchema = { type: 'integer', minimum: 0 } as const;

export const OrderCreateBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: { data: { ...OrderDataInputSchema, required: ['order'] }, source: sourceSchema },
      required: ['data'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

export const OrderUpdateBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: { id: idSchema, version: versionSchema, data: OrderDataInputSchema, source: sourceSchema },
      required: ['id', 'version', 'data'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

export const OrderIdBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: { id: idSchema, version: versionSchema },
      required: ['id'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

export const OrderCancelBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: {
        id: idSchema,
        version: versionSchema,
        cancelReason: { type: 'string', enum: [...CANCEL_REASONS] },
      },
      required: ['id'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;
