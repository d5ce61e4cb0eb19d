import {
  OrderStatus,
  Role,
  isStaff,
  statusNameFor,
  type OrderRow,
  type OrderSortColumn,
  type OrderStatusNumber,
  type PublicOrderRow,
  type RoleNumber,
} from '@portal/contracts';
import type { StoredRow } from '../models/order-row.js';

/**
 * From a stored order to a list row (the spec §2 columns). Lists load only the row's fields (LIST_PROJECTION):
 * never `history`, the outbox, signatures or notes.
 */
export const ROW_FIELDS = [
  'orderId',
  'createdAt',
  'deliveryDate',
  'deliveryDay',
  'status',
  'deleted',
  'orderDef',
  'manifest.current.manifestNo',
  'user',
  ...[
    'pickupDate',
    'deliveryDate',
    'preferredDelivery',
    'pickupLN',
    'destinationLN',
    'driver',
    'weight',
    'orderType',
    'orderDef',
    'overnight',
    'vehicle',
    'status',
  ].map((f) => `data.order.${f}`),
  ...['pickupCompany', 'destCompany'].flatMap((c) =>
    ['Licensee', 'DBA', 'Street Address', 'City'].map((f) => `data.${c}.${f}`),
  ),
  'data.billing.manifest',
];
export const LIST_PROJECTION = Object.fromEntries(ROW_FIELDS.map((f) => [f, 1])) as Record<string, 1>;

/** Where each sortable column lives on the document (top-level where the list keys have it). */
export const SORT_PATHS: Record<OrderSortColumn, string> = {
  orderId: 'orderId',
  createdAt: 'createdAt',
  pickupDate: 'data.order.pickupDate',
  deliveryDate: 'deliveryDay',
  vendor: 'data.pickupCompany.Licensee',
  pickup: 'data.pickupCompany.City',
  destName: 'data.destCompany.Licensee',
  destination: 'data.destCompany.City',
  status: 'status',
  driver: 'data.order.driver.delivery',
  vehicle: 'data.order.vehicle.delivery',
  manifestNo: 'data.billing.manifest',
  boxCount: 'data.order.weight',
};
/** Columns whose path is a top-level key every order has: these sort with keyset paging; others with an offset. */
export const KEYSET_COLUMNS: ReadonlySet<OrderSortColumn> = new Set([
  'createdAt',
  'orderId',
  'deliveryDate',
  'status',
]);

type Any = Record<string, any>;
export type StoredOrder = Any & { _id: unknown; createdAt: Date };

const iso = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v as string);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
/**
 * How the lists word a company (orders.includeAddress, orders.includeDBA): its city, with the street address before
 * it when includeAddress is on (the column sorts by the city either way); its licensee, with "(DBA …)" after it
 * when includeDBA is on and the DBA differs.
 */
export interface RowView {
  includeAddress: boolean;
  includeDBA: boolean;
}
const PLAIN: RowView = { includeAddress: false, includeDBA: false };
const address = (c: Any | undefined, view: RowView): string =>
  [view.includeAddress && c?.['Street Address'], c?.City]
    .filter((s) => typeof s === 'string' && s.trim())
    .join(', ');
const nameOf = (c: Any, view: RowView): string => {
  const name = text(c.Licensee || c.DBA);
  const dba = text(c.DBA).trim();
  return view.includeDBA && c.Licensee && dba && dba !== text(c.Licensee).trim()
    ? `${name} (DBA ${dba})`
    : name;
};

/** A driver or vehicle slot: an id string ('' when none). */
const idOf = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * The order's drivers and vehicles as ids, pickup and delivery (`data.order.vehicle` is `{pickup, delivery}`; an
 * older order may hold one vehicle id as a string, which serves both legs). The list shows the delivery leg's,
 * else the pickup leg's; the screen turns ids into names.
 */
export function legsOf(o: Any) {
  const v = o.vehicle;
  const vehicle = v && typeof v === 'object' ? v : { pickup: v, delivery: v };
  return {
    pickupDriver: idOf(o.driver?.pickup),
    deliveryDriver: idOf(o.driver?.delivery),
    pickupVehicle: idOf(vehicle.pickup),
    deliveryVehicle: idOf(vehicle.delivery),
  };
}

/**
 * Manifest No. (orders §2): the manifest's number — the billing manifest number the order form and the bulk upload
 * write, else the number read from (or typed for) the uploaded manifest — never the uploaded file's name.
 */
export function manifestNumberOf(doc: Any): string {
  const billing = doc.data?.billing?.manifest;
  const upload = doc.manifest?.current?.manifestNo;
  return String(billing || upload || '').trim();
}

/** The status this caller may see: an Exception is Order Approved to anyone but staff (spec §4). */
export function shownStatus(status: number, role: RoleNumber): OrderStatusNumber {
  const s = (Number.isInteger(status) && status >= 0 && status <= 8 ? status : 0) as OrderStatusNumber;
  return !isStaff(role) && s === OrderStatus.exception ? OrderStatus.approved : s;
}

/** A value at a dotted path (the sort columns). */
export function valueAt(doc: Any, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Any)[k] : undefined), doc);
}

export function toOrderRow(doc: StoredOrder, role: RoleNumber, view: RowView = PLAIN): OrderRow {
  const o: Any = doc.data?.order ?? {};
  const p: Any = doc.data?.pickupCompany ?? {};
  const d: Any = doc.data?.destCompany ?? {};
  const status = shownStatus(Number(doc.status ?? o.status ?? 0), role);
  const legs = legsOf(o);
  return {
    id: String(doc._id),
    orderId: text(doc.orderId),
    createdAt: iso(doc.createdAt) ?? new Date(0).toISOString(),
    pickupDate: iso(o.pickupDate),
    deliveryDate: iso(o.deliveryDate ?? doc.deliveryDate),
    preferredDelivery: iso(o.preferredDelivery),
    vendor: nameOf(p, view),
    pickup: address(p, view),
    destName: nameOf(d, view),
    destination: address(d, view),
    pickupLN: text(o.pickupLN),
    destinationLN: text(o.destinationLN),
    status,
    statusName: statusNameFor(status, role),
    driver: legs.deliveryDriver || legs.pickupDriver,
    vehicle: legs.deliveryVehicle || legs.pickupVehicle,
    ...legs,
    pickupDriverChange: iso(o.driver?.pickupChange),
    manifestNo: manifestNumberOf(doc),
    boxCount: text(o.weight || '1'),
    overnight: o.overnight === true || o.overnight === 'true',
    orderType: text(o.orderType),
    orderDef: doc.orderDef === 'int' || o.orderDef === 'int' ? 'int' : 'ext',
    deleted: [0, 1, 2].includes(doc.deleted) ? doc.deleted : 0,
  };
}

/** The public weekly view: no ids, licences, drivers, vehicles or manifests; an Exception reads Order Approved. */
export function toPublicRow(doc: StoredOrder, view: RowView = PLAIN): PublicOrderRow {
  const r = toOrderRow(doc, Role.User, view); // the least privileged view
  return {
    orderId: r.orderId,
    deliveryDate: r.deliveryDate,
    preferredDelivery: r.preferredDelivery,
    vendor: r.vendor,
    destName: r.destName,
    destination: r.destination,
    status: r.status as PublicOrderRow['status'],
    statusName: r.statusName,
    boxCount: r.boxCount,
    overnight: r.overnight,
  };
}

/* The list row of an order (models/order-row.ts): pure, shared by the service and the bench's seed. */

/** Top-level values a row keeps: what the lists' scopes and residual filters name. */
const TOP = [
  'createdAt',
  'user',
  'deleted',
  'status',
  'orderDef',
  'pickupKey',
  'destKey',
  'companyKeys',
  'deliveryDay',
  'deliveryWeek',
  'createdMonth',
] as const;
const SHOWN = ROW_FIELDS.filter((f) => f !== 'createdAt');

/** The displayed fields of an order (the list projection's paths) as a nested object. */
function project(doc: Any): Any {
  const out: Any = {};
  for (const path of SHOWN) {
    const keys = path.split('.');
    let v: unknown = doc;
    for (const k of keys) v = v && typeof v === 'object' ? (v as Any)[k] : undefined;
    if (v === undefined) continue;
    let at = out;
    for (const k of keys.slice(0, -1)) at = at[k] ??= {};
    at[keys[keys.length - 1]!] = v;
  }
  return out;
}

/**
 * Where each sortable column lives on a list row: a top-level value (FerretDB, patched, sorts by top-level fields in
 * PostgreSQL, so a page decodes only its rows: deploy/local/ferretdb-pushdown.patch). The values are the ones the
 * orders' SORT_PATHS name, shown as the list shows them (a vendor without a Licensee sorts by its DBA).
 */
export const ROW_SORT: Record<OrderSortColumn, string> = {
  orderId: 'orderId',
  createdAt: 'createdAt',
  pickupDate: 'pickupDate',
  deliveryDate: 'deliveryDay',
  vendor: 'vendor',
  pickup: 'pickupCity',
  destName: 'destName',
  destination: 'destCity',
  status: 'status',
  driver: 'driver',
  vehicle: 'vehicle',
  manifestNo: 'manifestNo',
  boxCount: 'boxCount',
};

/** The sort values of an order (ROW_SORT's fields but the list keys): strings, a date or null, a number. */
function sortValues(doc: Any): Any {
  const o: Any = doc.data?.order ?? {};
  const p: Any = doc.data?.pickupCompany ?? {};
  const d: Any = doc.data?.destCompany ?? {};
  const date = (v: unknown) => (iso(v) ? new Date(iso(v)!) : null);
  const weight = o.weight ?? '1';
  const legs = legsOf(o);
  return {
    orderId: text(doc.orderId),
    pickupDate: date(o.pickupDate),
    vendor: text(p.Licensee || p.DBA),
    pickupCity: text(p.City),
    destName: text(d.Licensee || d.DBA),
    destCity: text(d.City),
    driver: legs.deliveryDriver || legs.pickupDriver,
    vehicle: legs.deliveryVehicle || legs.pickupVehicle,
    manifestNo: manifestNumberOf(doc),
    boxCount: weight !== '' && Number.isFinite(Number(weight)) ? Number(weight) : text(weight),
  };
}

/** An order document (with its list keys) → its list row. */
export function rowOf(doc: Any): StoredRow {
  const row: Any = { _id: doc._id, v: Number(doc.version ?? 0) };
  for (const k of TOP) if (doc[k] !== undefined) row[k] = doc[k];
  // the driver keys as scalars (a btree never matches an array's element): the pickup driver, and the delivery
  // driver only when it is another one, so a driver's two scopes never read the same row
  const [pickup, delivery] = Array.isArray(doc.driverIds) ? (doc.driverIds as unknown[]).map(String) : [];
  if (pickup) row.driverPickup = pickup;
  if (delivery && delivery !== pickup) row.driverDelivery = delivery;
  Object.assign(row, sortValues(doc));
  // one value (each array element costs FerretDB a decode): a leading space before every token, so " word" finds a
  // token that starts with the word
  row.tok = Array.isArray(doc.searchTokens) ? ` ${doc.searchTokens.join(' ')}` : '';
  row.r = JSON.stringify(project(doc));
  return row as StoredRow;
}

/** A row read back → the stored order's list fields (what toOrderRow and the sort read). */
export function storedOf(row: StoredRow): StoredOrder {
  return { ...JSON.parse(row.r), _id: row._id, createdAt: row.createdAt } as StoredOrder;
}
