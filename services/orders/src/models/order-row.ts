import mongoose, { Schema } from 'mongoose';

/**
 * The list row of an order: what the five lists read instead of the order document. FerretDB
 * decodes every row PostgreSQL returns, at a cost that grows with the row's number of values (measured on
 * portal_bench_orders: 974 full orders 1.9–2.9 s, the same 974 as 16-value rows 0.45–0.54 s). Our FerretDB patch
 * (deploy/local/ferretdb-pushdown.patch) lets PostgreSQL sort by a top-level field, compare ranges and match an
 * anchored prefix, so a list page decodes only the rows it shows. A row holds the top-level keys the lists filter on
 * (the same values as the order's, listKeysOf, but the drivers: `driverPickup` and `driverDelivery`, the latter only
 * when another driver than the pickup's, scalars where the order's `driverIds` is an array), one top-level value per
 * sortable column (ROW_SORT), `tok` (the search tokens as one text, each after a space: a word is matched as ` word`)
 * and `r` (the displayed fields as one JSON text). `v` is the order's version: a row is never replaced by an older
 * one (domain/lists-store.ts).
 */
const orderRowSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    v: { type: Number, default: 0 },
    createdAt: { type: Date },
    user: { type: String },
    deleted: { type: Number },
    status: { type: Number },
    orderDef: { type: String },
    pickupKey: { type: String },
    destKey: { type: String },
    companyKeys: { type: [String], default: undefined },
    deliveryDay: { type: String },
    deliveryWeek: { type: String },
    createdMonth: { type: String },
    driverPickup: { type: String },
    driverDelivery: { type: String },
    tok: { type: String, default: '' },
    orderId: { type: String },
    pickupDate: { type: Date },
    vendor: { type: String },
    pickupCity: { type: String },
    destName: { type: String },
    destCity: { type: String },
    driver: { type: String },
    vehicle: { type: String },
    manifestNo: { type: String },
    boxCount: { type: Schema.Types.Mixed },
    r: { type: String, default: '{}' },
  },
  { versionKey: false, minimize: false, collection: 'order_rows' },
);
// the orders' list indexes without the search tokens (prefixes are matched among a scope's rows; the whole-token
// search of all history stays on the orders collection): each leading field gets its GIN serving index
for (const fields of [
  { pickupKey: 1, createdAt: -1, _id: -1 },
  { destKey: 1, createdAt: -1, _id: -1 },
  { companyKeys: 1, createdAt: -1, _id: -1 },
  { deliveryWeek: 1, status: 1, createdAt: -1, _id: -1 },
  { deliveryDay: 1, createdAt: -1, _id: -1 },
  { createdMonth: 1, createdAt: -1, _id: -1 },
] as Record<string, 1 | -1>[])
  orderRowSchema.index(fields);

/**
 * The sorted pages of a scope that grows with the portal (a delivery week: ~10,000 rows at 1,000,000 orders; a
 * day: ~1,400; a created month: ~45,000), as (scope key, sort column) pairs: the admin's week view by its default
 * and most used columns, the date range's days, all history's months newest first. MongoDB reads each page from
 * its index {key: 1, column: -1, _id: -1}; the local FerretDB (deploy/local/ferretdb-limit.patch) from a btree on
 * the key and the column's sort expressions, which the kit's migration makes for the pairs `ferretdbOrderedIndexes`
 * names (services/kit/src/backends/ferretdb/ordered-indexes.ts). Every pair is one more index written on every
 * row's insert: only pages a list reads.
 */
export const ROW_PAGE_INDEXES: [key: string, sort: string][] = [
  ['deliveryWeek', 'createdAt'],
  ['deliveryWeek', 'vendor'],
  ['deliveryWeek', 'orderId'],
  ['deliveryWeek', 'status'],
  ['deliveryWeek', 'deliveryDay'],
  ['deliveryDay', 'createdAt'],
  ['deliveryDay', 'orderId'],
  ['createdMonth', 'createdAt'],
  // the driver's list (lists-query.ts driverRowScopes): the order's two driver keys, scalars
  ['driverPickup', 'createdAt'],
  ['driverDelivery', 'createdAt'],
];
const declared = new Set(orderRowSchema.indexes().map(([fields]) => JSON.stringify(fields)));
for (const [key, sort] of ROW_PAGE_INDEXES) {
  const fields = { [key]: 1, [sort]: -1, _id: -1 } as const;
  if (!declared.has(JSON.stringify(fields))) orderRowSchema.index(fields);
}
orderRowSchema.static('ferretdbOrderedIndexes', () => ROW_PAGE_INDEXES.map(([key, sort]) => ({ key, sort })));
// No GIN on status: a few values over all history (one of them ~5 % of it at 1,000,000 orders), and PostgreSQL
// ANDed its bitmap with a company's to trim ~700 rows, reading ~50,000 entries (outgoing at 1M: 17.8 ms, 2.0 without).
// A week's status filter reads its page from the (deliveryWeek, status) btree or the week's rows.
orderRowSchema.static('ferretdbNoGin', () => ['status']);
// A company's week (the public weekly view) in one GIN over both: its 7 rows found inside the index, not its ~1,500
// rows of all history read and filtered (1M orders: 6.2 -> 0.2 ms); the company alone is served by it as well.
orderRowSchema.static('ferretdbGinGroups', () => [['companyKeys', 'deliveryWeek']]);

export const OrderRowModel = mongoose.model('OrderListRow', orderRowSchema);

/** One marker per database: `{_id: 'rows', version}` once every order had its row (the start-up backfill). */
const metaSchema = new Schema({ _id: String, version: Number, at: Date }, { versionKey: false });
export const OrderRowsMeta = mongoose.model('OrderRowsMeta', metaSchema, 'order_rows_meta');

export interface StoredRow {
  _id: mongoose.Types.ObjectId;
  v: number;
  createdAt?: Date;
  tok: string;
  r: string;
  [key: string]: unknown;
}
