import type { mongo } from 'mongoose';
import { docKey, withDocLock } from './doc-lock.js';
import { OUTBOX_PENDING, type OutboxEvent } from './event.js';
import type { EventValidators } from '../events.js';

/** What the relay lends the drain of a document's events. */
export interface DocumentDrain {
  events: EventValidators;
  /** Documents whose publish failed, by `collection:id`, until when they wait. */
  stuck: Map<string, { until: number }>;
  publish(ev: OutboxEvent): Promise<void>;
  /** Moves an event the catalogue refuses off the document to `_outboxParked` (publish.ts). */
  park(col: mongo.Collection, doc: mongo.Document, ev: OutboxEvent, reason: string): Promise<void>;
  failed(key: string, id: unknown, ev: OutboxEvent, err: unknown): void;
  closing(): boolean;
}

/**
 * The document's last event, still its only one: taken off and the flag lowered in one update (one write of the
 * document, not two). A write that queued another event meanwhile makes it match nothing (false).
 */
export async function takeLast(col: mongo.Collection, id: unknown, eventId: string): Promise<boolean> {
  const r = await withDocLock(col.collectionName, id, () =>
    col.updateOne(
      { _id: id, _outbox: { $size: 1 }, '_outbox.0.id': eventId } as never,
      {
        $set: { _outbox: [] },
        $unset: { [OUTBOX_PENDING]: '' },
      } as never,
    ),
  );
  return r.modifiedCount === 1;
}

/**
 * Publishes and pulls one pending document's events in order (the strategy of events on the document); returns how
 * many it published. A failed publish stops at that event (its later events wait: per-document order); a payload
 * the catalogue refuses is parked and the next goes on.
 */
export async function drainDocument(
  s: DocumentDrain,
  col: mongo.Collection,
  doc: mongo.Document,
): Promise<number> {
  const key = docKey(col.collectionName, doc._id);
  let published = 0;
  const queued = (doc._outbox ?? []) as OutboxEvent[];
  for (const [i, ev] of queued.entries()) {
    if (s.closing()) return published;
    const valid = s.events.checkPayload(ev.subject, ev.data);
    if (!valid.ok) {
      await s.park(col, doc, ev, valid.reason);
      continue;
    }
    try {
      await s.publish(ev);
    } catch (err) {
      s.failed(key, doc._id, ev, err);
      return published;
    }
    s.stuck.delete(key);
    const lowered = i === queued.length - 1 && (await takeLast(col, doc._id, ev.id));
    if (!lowered)
      await withDocLock(col.collectionName, doc._id, () =>
        col.updateOne({ _id: doc._id }, { $pullAll: { _outbox: [ev] } } as never),
      );
    published++;
    if (lowered) return published;
  }
  // Drained: lower the flag, unless a write queued a new event in the meantime (then it stays up).
  await withDocLock(col.collectionName, doc._id, () =>
    col.updateOne({ _id: doc._id, '_outbox.0': { $exists: false } }, {
      $unset: { [OUTBOX_PENDING]: '' },
    } as never),
  );
  return published;
}
