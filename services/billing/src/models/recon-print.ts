import mongoose, { Schema } from 'mongoose';
import { withOutbox, type OutboxMethods, type OutboxStatics } from '@portal/service-kit';

/**
 * One printed reconciliation (orders spec §2 "Printing stamps data.recon (date, user) on reconciled orders"): the
 * vendor and period, the orders it stamped, the totals printed, who and when. Its `billing.recon.stamped.v1` events
 * (chunks of RECON_STAMP_MAX order ids) ride on this document through the kit's outbox: written atomically with it.
 *
 * `guard` is unique: `${vendorKey}|${from}|${to}|${10-second slot}`: a double-click (two calls in the same slot) makes
 * one print; the print after it (a slot later, e.g. a reprint) is a new stamp. The list of a vendor's prints is read
 * by `vendorKey` equality.
 */
export interface ReconPrintDoc {
  _id: mongoose.Types.ObjectId;
  vendorLN: string;
  vendorKey: string;
  from: string;
  to: string;
  date: Date;
  user: string;
  userId: string;
  courierName: string;
  vendorName: string;
  orderIds: string[];
  count: number;
  /** Counted orders left unstamped: reconciled more than 48 hours before (settled). */
  settled?: number;
  totals: { count: number; amountCents: number; byMethod: unknown[]; byRoute: unknown[] };
  guard: string;
}
const schema = new Schema(
  {
    vendorLN: { type: String, required: true },
    vendorKey: { type: String, required: true },
    from: { type: String, required: true },
    to: { type: String, required: true },
    date: { type: Date, default: () => new Date() },
    user: { type: String, default: '' },
    userId: { type: String, default: '' },
    courierName: { type: String, default: '' },
    vendorName: { type: String, default: '' },
    orderIds: { type: [String], default: [] },
    count: { type: Number, default: 0 },
    settled: { type: Number, default: 0 },
    totals: { type: Schema.Types.Mixed, required: true },
    guard: { type: String, required: true },
  },
  { versionKey: false, minimize: false },
);
schema.plugin(withOutbox);
schema.index({ guard: 1 }, { unique: true });
schema.index({ vendorKey: 1, date: -1 });

const Model = mongoose.model('ReconPrint', schema, 'recon_prints');
export const ReconPrint = Model as typeof Model & OutboxStatics;
export type ReconPrintInstance = InstanceType<typeof Model> & OutboxMethods;
