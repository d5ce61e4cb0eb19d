import type { FastifyBaseLogger } from 'fastify';
import type { mongo } from 'mongoose';
import type { EventValidators } from '../events.js';
import { docKey } from './doc-lock.js';
import type { OutboxEvent } from './event.js';
import {
  INTENT_GRACE_MS,
  OUTBOX_INTENTS,
  intentAbandoned,
  intentEvent,
  type OutboxIntent,
} from './intents.js';
import type { OutboxModel } from './types.js';

/** What the relay lends its intents' sweep. */
export interface IntentSweep {
  log: FastifyBaseLogger;
  events: EventValidators;
  /** Documents whose publish failed, by `collection:id`, until when they wait. */
  stuck: Map<string, { until: number }>;
  publish(ev: OutboxEvent): Promise<void>;
  park(col: mongo.Collection, doc: mongo.Document, ev: OutboxEvent, reason: string): Promise<void>;
  failed(key: string, id: unknown, ev: OutboxEvent, err: unknown): void;
  closing(): boolean;
  /** Intent ids not the sweep's: saves in flight, published ones being deleted, those on the fast path. */
  skip(): string[];
}

/**
 * The intents of one database, oldest first: each whose document exists is published and deleted; one without its
 * document is kept while young (an insert in flight somewhere) and dropped once older than INTENT_GRACE_MS (its
 * insert failed: the event must never be published). Answers the documents whose intents are still waiting, whose
 * later events must wait too, whether there were more intents than one batch, and how many it settled.
 */
export async function drainIntents(
  s: IntentSweep,
  models: OutboxModel[],
  batch: number,
): Promise<{ held: { col: string; doc: unknown }[]; full: boolean; done: number }> {
  const intents = models[0]!.db.collection<OutboxIntent>(OUTBOX_INTENTS);
  const skip = s.skip();
  const list = await intents
    .find(skip.length ? { _id: { $nin: skip } } : {})
    .sort({ at: 1 })
    .limit(batch)
    .toArray();
  const held: { col: string; doc: unknown }[] = [];
  const now = Date.now();
  let done = 0;
  for (const it of list) {
    if (s.closing()) break;
    const model = models.find((m) => m.collection.collectionName === it.col);
    if (!model) continue; // another service's collection in a shared database: its relay's
    const event = intentEvent(it);
    const col = model.collection;
    const key = docKey(col.collectionName, it.doc);
    const st = s.stuck.get(key);
    if (st && st.until > now) {
      held.push(it);
      continue;
    }
    const doc = await col.findOne({ _id: it.doc } as never, { projection: { _id: 1 } });
    if (!doc) {
      if (now - new Date(it.at).getTime() > INTENT_GRACE_MS) {
        s.log.warn(
          { event: it._id, subject: event.subject, collection: it.col, id: String(it.doc) },
          'outbox: an intent whose document was never written; dropped, not published',
        );
        try {
          await intentAbandoned(model, it.doc); // what was written beside the document goes first
        } catch (err) {
          s.log.warn({ err: (err as Error).message, collection: it.col }, 'outbox: abandoned handler failed');
          held.push(it);
          continue;
        }
        await intents.deleteOne({ _id: it._id });
        done++;
      } else held.push(it);
      continue;
    }
    const valid = s.events.checkPayload(event.subject, event.data);
    try {
      if (valid.ok) await s.publish(event);
      else await s.park(col, doc, event, valid.reason);
    } catch (err) {
      s.failed(key, it.doc, event, err);
      held.push(it);
      continue;
    }
    s.stuck.delete(key);
    await intents.deleteOne({ _id: it._id });
    done++;
  }
  return { held, full: list.length === batch, done };
}
