import mongoose, { Schema } from 'mongoose';
import {
  withDocLock,
  withOutbox,
  type OutboxEvent,
  type OutboxMethods,
  type OutboxStatics,
} from '@portal/service-kit';

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

/**
 * Removes a document and writes its tombstone with the `deleted` event, under the document's outbox lock (the relay
 * takes the same one): events still pending on the document (an update the relay has not published yet) move to
 * the tombstone BEFORE the deleted one, so a quick update-then-delete loses no event and keeps their order. An
 * event the relay already published but had not pulled keeps its id, and JetStream's de-duplication drops the copy.
 */
export async function bury(
  model: mongoose.Model<any>,
  id: unknown,
  stone: { kind: string; refId: string; key?: string; deletedBy?: string; sub?: string },
  deleted: { subject: string; data: unknown },
): Promise<void> {
  await withDocLock(model.collection.collectionName, id, async () => {
    const pending =
      (await model.findById(id).select({ _outbox: 1 }).lean<{ _outbox?: OutboxEvent[] }>())?._outbox ?? [];
    const doc = new Tombstone({ ...stone, _outbox: pending });
    (doc as unknown as OutboxMethods).addEvent(deleted.subject as never, deleted.data as never);
    await doc.save();
    await model.deleteOne({ _id: id });
  });
}
