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
  },
  { timestamps: true },
);
tombstoneSchema.plugin(withOutbox);
const TombstoneModel = mongoose.model('Tombstone', tombstoneSchema);
export const Tombstone = TombstoneModel as typeof TombstoneModel & OutboxStatics;
