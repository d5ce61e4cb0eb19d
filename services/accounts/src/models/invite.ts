import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';

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
  },
  { timestamps: true, minimize: false },
);
inviteSchema.plugin(withOutbox);

export type InviteDoc = InferSchemaType<typeof inviteSchema> & { _id: mongoose.Types.ObjectId };
const InviteModel = mongoose.model('Invite', inviteSchema);
export const Invite = InviteModel as typeof InviteModel & OutboxStatics;
