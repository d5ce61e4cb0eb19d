import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/**
 * Read model: which company (licence number) a portal user belongs to, as accounts last said. Orders never reads
 * accounts' collections; this is kept from accounts' user events (events/index.ts) and answers "whose orders may
 * this caller see" without a call to another service.
 */
const memberSchema = new Schema(
  {
    userId: { type: String, required: true, unique: true },
    companyKey: { type: String, required: true },
  },
  { timestamps: true },
);

export type MemberDoc = InferSchemaType<typeof memberSchema>;
export const Member = mongoose.model('Member', memberSchema);
