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

/**
 * From a stored order to a list row (the spec §2 columns). Lists load only the row's fields (LIST_PROJECTION):
 * never `history`, the outbox, signatures or notes.
 */
const ROW_FIELDS = [
  'orderId',
  'createdAt',
  'deliveryDate',
  'deliveryDay',
  'status',
  'deleted',
  'orderDef',
  'manifest.file',
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
  vehicle: 'data.order.vehicle',
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
const address = (c: Any | undefined): string =>
  [c?.['Street Address'], c?.City].filter((s) => typeof s === 'string' && s.trim()).join(', ');

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

export function toOrderRow(doc: StoredOrder, role: RoleNumber): OrderRow {
  const o: Any = doc.data?.order ?? {};
  const p: Any = doc.data?.pickupCompany ?? {};
  const d: Any = doc.data?.destCompany ?? {};
  const status = shownStatus(Number(doc.status ?? o.status ?? 0), role);
  return {
    id: String(doc._id),
    orderId: text(doc.orderId),
    createdAt: iso(doc.createdAt) ?? new Date(0).toISOString(),
    pickupDate: iso(o.pickupDate),
    deliveryDate: iso(o.deliveryDate ?? doc.deliveryDate),
    preferredDelivery: iso(o.preferredDelivery),
    vendor: text(p.Licensee || p.DBA),
    pickup: address(p),
    destName: text(d.Licensee || d.DBA),
    destination: address(d),
    pickupLN: text(o.pickupLN),
    destinationLN: text(o.destinationLN),
    status,
    statusName: statusNameFor(status, role),
    driver: text(o.driver?.delivery || o.driver?.pickup),
    vehicle: text(o.vehicle),
    manifestNo: text(doc.data?.billing?.manifest ?? doc.manifest?.file),
    boxCount: text(o.weight || '1'),
    overnight: o.overnight === true || o.overnight === 'true',
    orderType: text(o.orderType),
    orderDef: doc.orderDef === 'int' || o.orderDef === 'int' ? 'int' : 'ext',
    deleted: [0, 1, 2].includes(doc.deleted) ? doc.deleted : 0,
  };
}

/** The public weekly view: no ids, licences, drivers, vehicles or manifests; an Exception reads Order Approved. */
export function toPublicRow(doc: StoredOrder): PublicOrderRow {
  const r = toOrderRow(doc, Role.User); // the least privileged view
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
