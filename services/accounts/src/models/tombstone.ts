import mongoose, { Schema } from 'mongoose';
import { withOutbox, type OutboxStatics } from '@portal/service-kit';

/**
 * A record of a deletion (user or licence record). The outbox lives on documents, so the `*.deleted`/`changed`
 * event of something that is being removed is written on its tombstone instead (atomic with the tombstone).
 */
const tombstoneSchema = new Schema(
  {
    kind: { type: String, required: true },
    refId: { type: String, required: true },
    key: String,
    deletedBy: String,
    /** A deleted user's Keycloak id: a token of it never re-creates a profile (lib/profiles ensureProfile). */
    sub: { type: String, index: true },
  },
  { timestamps: true },
);
tombstoneSchema.plugin(withOutbox);
tombstoneSchema.index({ kind: 1, refId: 1 }); // "was this user/licence deleted?"
const TombstoneModel = mongoose.model('Tombstone', tombstoneSchema);
export const Tombstone = TombstoneModel as typeof TombstoneModel & OutboxStatics;
