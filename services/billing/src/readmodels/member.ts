import mongoose, { Schema } from 'mongoose';

/**
 * Read model of portal users (written ONLY by the projection part, from accounts' user events and snapshot pages):
 * whose figures a company caller may see (a vendor's dashboard filters the projection by these companyKeys) and
 * which licences belong to a registered account (the reconciliation's "registered accounts only").
 */
export interface BillingMember {
  _id: string; // accounts' userId
  sub: string; // the Keycloak subject (the token's `sub`)
  email: string; // lower-cased
  name: string;
  role: number;
  /** licenceKey() of every licence number of the user's company (contracts licences.ts), as orders' companyKeys. */
  companyKeys: string[];
  deleted: boolean;
  /** Envelope or snapshot time of the last fact applied: an older fact never overwrites a newer one. */
  asOf: Date;
}
const schema = new Schema(
  {
    _id: { type: String, required: true },
    sub: { type: String, default: '', index: true },
    email: { type: String, default: '', index: true },
    name: { type: String, default: '' },
    role: { type: Number, default: 4 },
    companyKeys: { type: [String], default: [], index: true },
    deleted: { type: Boolean, default: false },
    asOf: { type: Date, default: () => new Date(0) },
  },
  { versionKey: false, minimize: false },
);
export const MemberModel = mongoose.model('BillingMember', schema, 'members');

/** The caller's companyKeys ([] when unknown or deleted): by token subject, else by email. */
export async function companyKeysOf(user: { sub: string; email: string }): Promise<string[]> {
  const m =
    (await MemberModel.findOne({ sub: user.sub }).lean<BillingMember>()) ??
    (user.email
      ? await MemberModel.findOne({ email: user.email.toLowerCase() }).lean<BillingMember>()
      : null);
  return m && !m.deleted ? m.companyKeys : [];
}
