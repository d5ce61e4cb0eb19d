import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { dropsReadCache } from './read-cache.js';

/**
 * Read model: the portal users as accounts last said (plus the fleet driver each is linked to). Orders never reads
 * accounts' collections; this is kept from accounts' user events and fleet's driver links (src/events/accounts-*.ts)
 * and filled from accounts' member feed when it is empty or older than the stream (domain/feed-fill.ts). It answers
 * "whose orders may this caller see" and "who gets this order's mail" without a call to another service.
 *
 * `asOf` is the time of the last fact applied (the event's envelope time, or the snapshot's); an older fact never
 * overwrites a newer one, so a snapshot fill and a replayed event can arrive in any order.
 */
const memberSchema = new Schema(
  {
    userId: { type: String, required: true, unique: true },
    // the Keycloak subject (the token's `sub`): how a caller is found; '' until accounts' events carry it
    sub: { type: String, default: '', index: true },
    // lower-cased; callerOf falls back to it when a token's subject is unknown (readmodels/members.ts memberByEmail)
    email: { type: String, default: '', index: true },
    name: { type: String, default: '' },
    role: { type: Number, default: 4 },
    // licenceKey() of every licence number of the user's company: the top-level key the recipient lookups use
    companyKeys: { type: [String], default: [], index: true },
    licenseNumbers: { type: [String], default: [] },
    suspended: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
    alertsEmail: { type: Boolean, default: true },
    sameDayPickup: { type: Boolean, default: false },
    // '' when the user is not linked to a fleet driver (a plain index: FerretDB keeps no sparse option)
    driverId: { type: String, default: '', index: true },
    signature: {
      type: new Schema({ name: String, image: String }, { _id: false }),
      default: undefined,
    },
    // SHA-256 (hex) of the user's public orders link token ('' = no link): the public page's only key
    publicOrdersHash: { type: String, default: '', index: true },
    asOf: { type: Date, default: () => new Date(0) },
    // the driver link's own clock: fleet's events are ordered independently of accounts' ones
    driverAsOf: { type: Date, default: () => new Date(0) },
  },
  { timestamps: true, minimize: false },
);

memberSchema.plugin(dropsReadCache('members'));

export type MemberDoc = InferSchemaType<typeof memberSchema>;
export const Member = mongoose.model('Member', memberSchema);
