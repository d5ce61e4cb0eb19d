import mongoose, { Schema } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';
import {
  Deleted,
  OrderStatus,
  type Order as OrderDto,
  type OrderData,
  type OrderHistoryEntry,
} from '@portal/contracts';
import { orderListIndexes } from './order-indexes.js';

/**
 * An order (orders spec §3; the shape every part shares). `data` (order, companies, billing, recon) is kept as the
 * caller's JSON (Mixed): its rules live in contracts' order-rules.ts and domain/order-*.ts, and its dates stay ISO
 * strings, so the ledger's hashes over them never change on a round trip. Top level: identity, audit fields, the
 * soft-delete flag, `version` (+1 per write: the optimistic check of every update) and the list keys of
 * domain/list-keys.ts (B's `listKeysOf`, recomputed on every write; their indexes come from B's plugin).
 * `history` is the tamper-evident ledger (domain/ledger.ts), appended in the same conditional write as the change;
 * lists never project it.
 */
const orderSchema = new Schema(
  {
    orderId: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    createdBy: { type: String, default: '' },
    updatedBy: { type: String, default: '' },
    user: { type: String, default: '' },
    lastUpdated: { type: Date, default: () => new Date() },
    deliveryDate: { type: String, default: '' },
    deleted: { type: Number, enum: Object.values(Deleted), default: Deleted.no },
    isPickup: { type: Boolean, default: false },
    dateSubmitted: { type: String, default: '' },
    cancelReason: { type: String, default: '' },
    version: { type: Number, required: true, default: 1 },
    data: { type: Schema.Types.Mixed, required: true },
    manifest: { type: Schema.Types.Mixed, default: () => ({}) },
    history: { type: [Schema.Types.Mixed], default: [] },
    // list keys (always present: plain indexes, FerretDB keeps no sparse)
    pickupKey: { type: String, default: '' },
    destKey: { type: String, default: '' },
    companyKeys: { type: [String], default: [] },
    status: { type: Number, enum: Object.values(OrderStatus), default: OrderStatus.received },
    deliveryDay: { type: String, default: '' },
    deliveryWeek: { type: String, default: '' },
    createdMonth: { type: String, default: '' },
    driverIds: { type: [String], default: [] },
    orderDef: { type: String, default: 'ext' },
    searchTokens: { type: [String], default: [] },
  },
  { minimize: false },
);
orderSchema.index({ orderId: 1 }, { unique: true });
// the ledger's anchoring reads the orders written since its last run, in that order (domain/ledger-anchoring.ts);
// locally a btree on lastUpdated (the kit's range indexes): without it every run read the whole table
orderSchema.index({ lastUpdated: 1, _id: 1 });
orderSchema.static('ferretdbRangeIndexes', () => ['lastUpdated']);
orderSchema.plugin(orderListIndexes);
orderSchema.plugin(withOutbox);

export const Order = mongoose.model('Order', orderSchema) as mongoose.Model<any> & OutboxStatics;
/** The order-number counter (one document per sequence: `{_id: 'orderId', seq}`). */
const counterSchema = new Schema({ _id: String, seq: { type: Number, default: 0 } }, { versionKey: false });
export const OrderCounter = mongoose.model('OrderCounter', counterSchema);

/** The stored order as `lean()` reads it (the contracts' Order with Dates and the database id). */
export interface OrderDoc {
  _id: mongoose.Types.ObjectId;
  orderId: string;
  createdAt: Date;
  lastUpdated: Date;
  createdBy: string;
  updatedBy: string;
  user: string;
  deliveryDate: string;
  deleted: 0 | 1 | 2;
  isPickup: boolean;
  dateSubmitted: string;
  cancelReason: string;
  version: number;
  data: OrderData;
  manifest?: OrderDto['manifest'];
  history: OrderHistoryEntry[];
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
  /** @deprecated the first slice's tenancy key (the stub list); lists use pickupKey/destKey/companyKeys. */
  companyKey?: string;
}
