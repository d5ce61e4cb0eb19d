import mongoose, { Schema } from 'mongoose';

/**
 * One counter per vendor-month of the projection (`vendor_month_versions` {_id: vendorMonth, v}): bumped by the
 * projection's apply for the order's old and new vendorMonth, AFTER the order is written. The reconciliation's
 * month cache (domain/recon/month-cache.ts) keeps a vendor-month's rows with the version it read BEFORE reading them,
 * and reads them again once the counter moved: every instance sees another instance's apply at its next request
 * (a consumer's event reaches one instance only). A missing counter is 0.
 */
const schema = new Schema(
  { _id: { type: String, required: true }, v: { type: Number, default: 0 } },
  { versionKey: false },
);
export const VendorMonthVersion = mongoose.model(
  'BillingVendorMonthVersion',
  schema,
  'vendor_month_versions',
);

/** The projection's apply: one change of the orders of these vendor-months was written (blank ones are in none). */
export async function bumpVendorMonths(keys: (string | undefined)[]): Promise<void> {
  const ids = [...new Set(keys.filter((k): k is string => !!k))];
  if (!ids.length) return;
  await VendorMonthVersion.bulkWrite(
    ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { v: 1 } }, upsert: true } })),
    { ordered: false },
  );
}

/** The counter of one vendor-month now (0 when its orders were never written through the projection). */
export async function vendorMonthVersion(key: string): Promise<number> {
  const doc = await VendorMonthVersion.findById(key, { v: 1 }).lean<{ v: number }>();
  return doc?.v ?? 0;
}
