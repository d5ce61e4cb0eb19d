import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { Deleted, OrderStatus } from '@portal/contracts';

/**
 * An order (orders spec §3). The list fields are typed so far; `data.order`, the companies, billing and manifests
 * arrive with the order form. `companyKey` is the placing company's licence number (the tenancy filter) and
 * `createdMonth` ('YYYY-MM', UTC) the period key a staff list narrows by — both top-level, because FerretDB pushes
 * down only top-level equality (docs/DATA.md rules 1 and 3).
 */
const orderSchema = new Schema(
  {
    companyKey: { type: String, required: true },
    createdBy: { type: String, required: true },
    status: { type: Number, enum: Object.values(OrderStatus), default: OrderStatus.received },
    orderType: { type: String, default: 'sameDay' },
    deleted: { type: Number, enum: Object.values(Deleted), default: Deleted.no },
    createdMonth: { type: String, required: true, match: /^\d{4}-\d{2}$/ },
  },
  { timestamps: true },
);
// A company's list (newest first, keyset by createdAt/_id), optionally one status; staff's list by month.
orderSchema.index({ companyKey: 1, deleted: 1, status: 1, createdAt: -1, _id: -1 });
orderSchema.index({ createdMonth: 1, deleted: 1, status: 1, createdAt: -1, _id: -1 });

export type OrderDoc = InferSchemaType<typeof orderSchema> & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
};
export const Order = mongoose.model('Order', orderSchema);
