import fp from 'fastify-plugin';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { mongo } from 'mongoose';
import type { EventValidators } from '../../events.js';
import { docKey } from '../../outbox/doc-lock.js';
import { drainDocument, takeLast, type DocumentDrain } from '../../outbox/document-drain.js';
import { OUTBOX_PENDING, type OutboxEvent } from '../../outbox/event.js';
import { IntentDeletes } from '../../outbox/intent-deletes.js';
import { drainIntents, type IntentSweep } from '../../outbox/intent-sweep.js';
import { OUTBOX_INTENTS, type OutboxIntent } from '../../outbox/intents.js';
import { parkEvent, publishEvent } from '../../outbox/publish.js';
import type { InsertedEvent, OutboxSignal } from '../../outbox/signal.js';
import type { OutboxModel } from '../../outbox/types.js';

export interface RelayHooks {
  /**
   * Wraps each publish of the relay. Unset in production; the testing entry (`injectOutboxFault`) sets it to
   * kill the process right before or after a publish, for the crash tests.
   */
  wrapPublish?: (publish: () => Promise<void>, event: OutboxEvent) => Promise<void>;
}
declare module 'fastify' {
  interface FastifyInstance {
    outboxRelayHooks: RelayHooks;
  }
}

const MAX_BACKOFF_MS = 30_000;

/**
 * Publishes what the models' `_outbox` arrays hold, waits for the PubAck, then $pulls the event.
 * A crash before the pull republishes on the next run; JetStream drops it by Nats-Msg-Id.
 * Only documents flagged `_outboxPending` are read (an indexed equality): an idle sweep is one index probe per
 * model. Writes through this app's models call its signal (outbox/signal.ts, opened here at start): a new document's
 * event is published at once (`fast`), any other write nudges a drain; the periodic sweep (OUTBOX_SWEEP_MS) catches
 * the rest (another process's writes, retries, a restart). Intents are swept first (outbox/intent-sweep.ts).
 */
export default fp(
  async (app, { signal, events }: { signal: OutboxSignal; events: EventValidators }) => {
    app.decorate('outboxRelayHooks', {} as RelayHooks);
    const models = signal.models;
    let running: Promise<void> | undefined;
    let again = false;
    let closing = false;

    const publish = (ev: OutboxEvent) => publishEvent(app, events, ev);

    // A record whose publish fails (NATS down, no stream for its subject, too big) is retried with backoff;
    // meanwhile its document is left out of the sweep, so one stuck record never blocks the others. The later
    // events of the same document wait behind it: per-document order is kept.
    const stuck = new Map<string, { n: number; until: number; id: unknown }>();
    const BATCH = 100;

    const park = (
      col: mongo.Collection,
      doc: mongo.Document,
      ev: OutboxEvent,
      reason: string,
      fromIntent = false,
    ) => parkEvent(app.log, col, doc, ev, reason, fromIntent);

    const hooked = (ev: OutboxEvent) => {
      const wrap = app.outboxRelayHooks.wrapPublish;
      return wrap ? wrap(() => publish(ev), ev) : publish(ev);
    };

    const deletes = new IntentDeletes(app.log, () => closing);
    const intentsOf = (model: OutboxModel) => model.db.collection<OutboxIntent>(OUTBOX_INTENTS);

    const sweep: IntentSweep = {
      log: app.log,
      events,
      stuck,
      publish: hooked,
      park: (col, doc, ev, reason) => park(col, doc, ev, reason, true),
      failed: (key, id, ev, err) => failed(key, id, ev, err),
      closing: () => closing,
      skip: () => [...signal.saving.keys(), ...deletes.pending, ...inflightIntents],
    };
    const documents: DocumentDrain = { ...sweep, park: (col, doc, ev, reason) => park(col, doc, ev, reason) };

    const failed = (key: string, id: unknown, ev: OutboxEvent, err: unknown) => {
      const n = (stuck.get(key)?.n ?? 0) + 1;
      const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(n, 16));
      stuck.set(key, { n, until: Date.now() + wait, id });
      app.log.warn(
        { err: (err as Error).message, event: ev.id, subject: ev.subject, attempts: n, retryInMs: wait },
        'outbox: publish failed; retrying later, other records go on',
      );
    };

    /** The models by database (intents live beside their documents). */
    const byDb = () => {
      const m = new Map<unknown, OutboxModel[]>();
      for (const model of models) m.set(model.db, [...(m.get(model.db) ?? []), model]);
      return [...m.values()];
    };

    /** One pass over the models; true when a full batch made progress (there may be more). */
    const drainOnce = async (): Promise<boolean> => {
      let more = false;
      const held: { db: unknown; col: string; doc: unknown }[] = [];
      const blockedDbs = new Set<unknown>();
      // documents being inserted in this process: any later event of theirs waits for their first
      for (const { col, doc } of signal.saving.values()) {
        const db = models.find((m) => m.collection.collectionName === col)?.db;
        if (db) held.push({ db, col, doc });
      }
      for (const models of byDb()) {
        const r = await drainIntents(sweep, models, BATCH);
        held.push(...r.held.map((h) => ({ db: models[0]!.db, ...h })));
        // more intents than one batch: their documents' later events wait for a pass that sees them all
        if (r.full) {
          blockedDbs.add(models[0]!.db);
          if (r.done) more = true;
        }
      }
      const now = Date.now();
      for (const model of models) {
        if (blockedDbs.has(model.db)) continue;
        // Native driver on purpose: the element is pulled by exact equality with what was read (FerretDB v1's
        // $pull takes no conditions), so it must come back byte-for-byte, without mongoose casting.
        const col = model.collection;
        const waiting = [...stuck.entries()]
          .filter(([k, s]) => k.startsWith(`${col.collectionName}:`) && s.until > now)
          .map(([, s]) => s.id);
        for (const k of inflight.keys())
          if (k.startsWith(`${col.collectionName}:`)) waiting.push(inflight.get(k));
        // a document whose first event still waits as an intent: its later events after it
        for (const h of held) if (h.db === model.db && h.col === col.collectionName) waiting.push(h.doc);
        const filter: Record<string, unknown> = { [OUTBOX_PENDING]: true };
        if (waiting.length) filter._id = { $nin: waiting };
        const docs = await col
          .find(filter, { projection: { _outbox: 1 } })
          .limit(BATCH)
          .toArray();
        let published = 0;
        for (const doc of docs) {
          if (closing) return false;
          try {
            published += await drainDocument(documents, col, doc);
          } catch (err) {
            app.log.warn(
              { err, collection: col.collectionName, id: String(doc._id) },
              'outbox: document skipped',
            );
          }
        }
        if (docs.length === BATCH && published > 0) more = true;
      }
      return more;
    };

    /**
     * A document this process just inserted with one event: published from memory, then the event taken off and
     * the flag lowered in one conditional update. The document is not read back (an order is large; reading it was
     * half of the relay's cost per create). Anything unusual (a payload the catalogue refuses, a failed publish, a
     * write that queued another event meanwhile) is left to the sweep, which handles it as any pending document.
     */
    const inflight = new Map<string, unknown>();
    const inflightIntents = new Set<string>();
    /** Documents in flight on the fast path that a write gave another event meanwhile (the sweep left them to us). */
    const writtenInflight = new Set<string>();
    const fast = async ({ collection, id, event, intent, db }: InsertedEvent): Promise<void> => {
      const model = models.find(
        (m) => m.collection.collectionName === collection && (db === undefined || m.db === db),
      );
      const key = docKey(collection, id);
      if (!model || closing || stuck.has(key) || !events.checkPayload(event.subject, event.data).ok) {
        nudge();
        return;
      }
      inflight.set(key, id);
      if (intent) inflightIntents.add(event.id);
      let sweep = false;
      try {
        await hooked(event);
        if (intent) deletes.add(intentsOf(model), event.id);
        // another event was queued meanwhile (the sweep left this document to us): the sweep takes it from here
        else sweep = !(await takeLast(model.collection, id, event.id));
      } catch (err) {
        app.log.warn(
          { err: (err as Error).message, event: event.id, subject: event.subject },
          'outbox: publish of a new document failed; the sweep retries it',
        );
        sweep = true;
      } finally {
        inflight.delete(key);
        inflightIntents.delete(event.id);
      }
      // a write meanwhile queued a later event on this document, which the sweep left to us
      if (writtenInflight.delete(key)) sweep = true;
      if (sweep) nudge();
    };

    const drain = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          try {
            if (await drainOnce()) again = true;
          } catch (err) {
            app.log.warn({ err }, 'outbox relay failed; will retry on next sweep');
          }
        } while (again && !closing);
      })().finally(() => (running = undefined));
      return running;
    };

    // Sweeps are not traced (a span per second is noise); each publish joins the trace of the write that queued it.
    const nudge = () => void context.with(suppressTracing(ROOT_CONTEXT), drain);
    const onWritten = (key?: string) => {
      if (key && inflight.has(key)) writtenInflight.add(key);
      nudge();
    };
    const onInserted = (e: InsertedEvent) => void context.with(suppressTracing(ROOT_CONTEXT), () => fast(e));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!models.length) return;
      signal.open({ written: onWritten, inserted: onInserted });
      timer = setInterval(nudge, app.env.OUTBOX_SWEEP_MS);
      nudge();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      signal.close();
      await running;
      for (let t = 0; inflight.size && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
      await deletes.settled();
    });
  },
  { name: 'outbox-relay', dependencies: ['mongo', 'nats'] },
);
