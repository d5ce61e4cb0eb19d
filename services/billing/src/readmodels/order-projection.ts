import mongoose, { Schema } from 'mongoose';
import { licenceKey, type OrderBillingFacts, type OrderSlice } from '@portal/contracts';

/**
 * Billing's copy of orders ("Billing keeps its own read model of orders fed by events"): one document per
 * order, written ONLY by the projection part (store.ts applyOrder, from order events and snapshot pages), read by reconciliation,
 * reports and dashboards. A write applies only when its `version` is higher than the stored one (events may arrive
 * out of order; a snapshot may overlap the stream).
 *
 * FerretDB pushes down only top-level equality (ARCHITECTURE): every read reaches the database with one of the
 * equality keys below, each narrowing it to about 1,000 rows or fewer at 100,000 orders over 200 vendors:
 *   vendorMonth  `${pickupLN}|${YYYY-MM}`   one vendor's month (reconciliation, invoices, a vendor's dashboard)
 *   deliveryDay  YYYY-MM-DD                 one day (timestamp report; a range is read day by day)
 *   month        YYYY-MM                    one month of every vendor (reports stream it with a keyset on _id)
 * The delivery day is data.order.deliveryDate, else preferredDelivery ('' when neither: such an order is in no
 * period).
 */
export interface ProjectedOrder extends Omit<
  OrderSlice,
  'id' | 'preferredDelivery' | 'deliveryDate' | 'pickupDate'
> {
  _id: string;
  deliveryDay: string;
  month: string;
  vendorMonth: string;
  /** The delivery day's ISO week's Monday (YYYY-MM-DD): "orders by status this week". */
  week: string;
  route: string;
  pickupRoute: string;
  pickupDriver: string;
  deliveryDriver: string;
  /** Who may see it besides staff (orders' companyKeys): a vendor's dashboard filters on its own. */
  companyKeys: string[];
  /** 0 live, 1 deleted, 2 cancelled. */
  deleted: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  billing: OrderBillingFacts;
}

/**
 * The STORED shape (FerretDB decodes every returned value itself, so a document of ~45 values costs ~3× one of a few
 * values plus one JSON text; measured 276 orders by deliveryDay: 243 ms full vs 71–82 ms slim): the equality keys
 * and the version rule's fields stay top-level (indexes unchanged), `createdAt` too (known only at the insert: a
 * later `$set` must not touch it), and every other field is one JSON text `r`. Read it back ONLY through
 * `fromStored` (a document without `r`, the old full shape, is returned as is).
 */
export const TOP_KEYS = ['_id', 'vendorMonth', 'deliveryDay', 'month', 'week', 'version', 'deleted'] as const;
export type StoredOrder = Pick<ProjectedOrder, (typeof TOP_KEYS)[number]> & { createdAt?: string; r: string };
/** For `.select()`: every stored field (a projection is not pushed down; it only keeps old-shape extras out). */
export const STORED_FIELDS = `${TOP_KEYS.join(' ')} createdAt r`;

/** ProjectedOrder → the stored document (createdAt left out: the insert sets it). Pure. */
export function toStored(p: Omit<ProjectedOrder, 'createdAt'> & { createdAt?: string }): StoredOrder {
  const { _id, vendorMonth, deliveryDay, month, week, version, deleted, createdAt, ...rest } = p;
  return {
    _id,
    vendorMonth,
    deliveryDay,
    month,
    week,
    version,
    deleted,
    ...(createdAt !== undefined ? { createdAt } : {}),
    r: JSON.stringify(rest),
  };
}

/** What the old schema's defaults filled in for a field the projection left undefined (JSON drops undefined). */
const DEFAULTS = {
  orderId: '',
  status: 0,
  orderType: '',
  orderDef: 'ext',
  pickupLN: '',
  destinationLN: '',
  vendorName: '',
  destName: '',
  route: '',
  pickupRoute: '',
  pickupDriver: '',
  deliveryDriver: '',
  updatedAt: '',
};

/** A stored document (slim, or the old full shape) → the ProjectedOrder readers get (defaults filled). Pure. */
export function fromStored(doc: unknown): ProjectedOrder {
  const d = doc as Partial<StoredOrder> & Record<string, unknown>;
  if (typeof d.r !== 'string') return d as unknown as ProjectedOrder;
  const out = {
    ...DEFAULTS,
    companyKeys: [],
    createdAt: d.createdAt ?? '',
    ...(JSON.parse(d.r) as object),
  } as Record<string, unknown>;
  for (const k of TOP_KEYS) if (d[k] !== undefined) out[k] = d[k];
  return out as unknown as ProjectedOrder;
}

const schema = new Schema(
  {
    _id: { type: String, required: true },
    vendorMonth: { type: String, default: '' },
    deliveryDay: { type: String, default: '' },
    month: { type: String, default: '' },
    week: { type: String, default: '' },
    version: { type: Number, default: 0 },
    deleted: { type: Number, default: 0 },
    createdAt: { type: String, default: '' },
    r: { type: String, required: true },
    /** Written from an older custody event, with the notice fields held (store.ts applyOrder). */
    partial: { type: Boolean, default: false },
  },
  { minimize: false, versionKey: false },
);
schema.index({ vendorMonth: 1, _id: 1 });
schema.index({ deliveryDay: 1, _id: 1 });
schema.index({ month: 1, _id: 1 });
schema.index({ week: 1 });

export const OrderProjection = mongoose.model('BillingOrder', schema, 'orders_projection');

/**
 * Names billing shows but does not own (routes from routing, drivers from fleet, vendors' accounts from accounts),
 * kept by the projection part from events and snapshot pages. `_id` is `${kind}:${id}`: `route:<routeId>`,
 * `driver:<driverId>`, `vendor:<licenceNumber>` (a vendor with a registered account: `registered` true).
 */
export interface NameEntry {
  _id: string;
  kind: 'route' | 'driver' | 'vendor';
  name: string;
  registered?: boolean;
  deleted?: boolean;
  updatedAt: string;
}
const nameSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    name: { type: String, default: '' },
    registered: { type: Boolean },
    deleted: { type: Boolean },
    updatedAt: { type: String, default: '' },
  },
  { versionKey: false },
);
nameSchema.index({ kind: 1 });
export const NameModel = mongoose.model('BillingName', nameSchema, 'names');

/**
 * YYYY-MM-DD → the keys above. Pure. The vendor part of `vendorMonth` is the normalised licence (contracts
 * `licenceKey`: no spaces, upper case), the same key a company user's companyKeys and the reconciliation's lookup use,
 * so an order whose licence was typed as 'c10-0000513-lic ' still meets its vendor.
 */
export function periodKeys(pickupLN: string, deliveryDay: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(deliveryDay)) return { month: '', vendorMonth: '', week: '' };
  const month = deliveryDay.slice(0, 7);
  const d = new Date(`${deliveryDay}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return { month, vendorMonth: `${licenceKey(pickupLN)}|${month}`, week: monday.toISOString().slice(0, 10) };
}
