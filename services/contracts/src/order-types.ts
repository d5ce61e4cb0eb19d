import type { OrderManifest } from './custody.js';
import {
  BILLING_METHODS,
  CANCEL_REASONS,
  Deleted,
  ORDER_DEFS,
  type OrderStatusNumber,
  type OrderType,
  type PickupType,
} from './orders.js';

// The single order (part A): the stored and served shape and the calls' bodies and answers, as plain
// TypeScript types (their JSON Schemas are order-schemas.ts).

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
  /** Fleet vehicle ids of the pickup and delivery legs (the weekly driver schedule sets them: orders' fixorders). */
  vehicle?: { pickup?: string; delivery?: string };
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
  /** The delivery rides an overnight route row (set by the service from routing's rows; the lists show date + 1). */
  overnight?: boolean;
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

/** One ledger entry: hash = sha256 of the canonical JSON of the entry without `hash`, chained by prevHash. */
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
  manifest?: OrderManifest;
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
  order: {
    data: OrderDataInput & { order: OrderCoreInput };
    source?: OrderSource;
    /** Staff only: a status past the initial ones at create, the reason recorded in the ledger. */
    override?: { reason: string };
  };
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
  /** /orders/update: the custody gate is advisory and the write went through with items missing (a toast). */
  warning?: string;
}
export interface OrderHistoryAnswer {
  data: { orderId: string; entries: OrderHistoryEntry[] };
}
/**
 * GET /orders/:id/history/verify: the chain recomputed and compared with its signed checkpoints (orders'
 * domain/ledger-anchor.ts); brokenAt = seq of the first entry that does not verify or differs from its checkpoint.
 */
export interface OrderHistoryVerifyAnswer {
  ok: boolean;
  entries: number;
  brokenAt?: number;
  /** Entries 1..anchored are covered by a signed checkpoint (0: none yet). */
  anchored?: number;
  /** When the newest signed checkpoint was made. */
  anchoredAt?: string;
  /** Checkpoints refused (a bad signature or an unknown key). */
  refused?: number;
  /** The verdict in words. */
  message?: string;
}
