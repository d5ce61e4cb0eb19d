import { createHash, randomBytes } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';

/** Invite links live a week. */
export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
export const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** A new unguessable token (256 bits) and what is stored of it. */
export function newInviteToken() {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    set: { tokenHash: inviteTokenHash(token), tokenExpiresAt: new Date(Date.now() + INVITE_TTL_MS) },
  };
}
/**
 * An invitation (accounts spec §3 "Invite"): sent → notified → accepted (§4).
 * `invited` is the inviter's email; `user` is the invited person with the inviter's company (its licence numbers are
 * merged into the invitee's company on accept). `companyKey` is the inviter's company 'License #' (tenancy filter).
 */
const inviteSchema = new Schema(
  {
    email: { type: String, required: true, lowercase: true, trim: true, index: true },
    date: { type: Date, default: () => new Date() },
    invited: { type: String, required: true, lowercase: true, trim: true },
    companyKey: { type: String, default: '', index: true },
    user: {
      email: { type: String, lowercase: true, trim: true },
      company: { type: Schema.Types.Mixed, default: undefined },
    },
    data: {
      accepted: { type: Boolean, default: false },
      notified: { type: Boolean, default: false },
    },
    /**
     * Sign-up by invite proves the invite: the mail's link carries a random token; only its SHA-256 is
     * stored, it expires, a resend replaces it, and sign-up consumes it (data.accepted).
     */
    tokenHash: { type: String, index: true },
    tokenExpiresAt: { type: Date },
  },
  { timestamps: true, minimize: false },
);
inviteSchema.plugin(withOutbox);
// the inviter's list: its company's invites, newest first (docs/DATA.md: equality on companyKey, then sort)
inviteSchema.index({ companyKey: 1, date: -1 });

export type InviteDoc = InferSchemaType<typeof inviteSchema> & { _id: mongoose.Types.ObjectId };
const InviteModel = mongoose.model('Invite', inviteSchema);
export const Invite = InviteModel as typeof InviteModel & OutboxStatics;
