import fp from 'fastify-plugin';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { EventEnvelope } from '@portal/contracts';
import type { mongo } from 'mongoose';
import type { InsertedEvent, OutboxEvent, OutboxModel, ParkedEvent } from '../../outbox.js';
import { OUTBOX_PARKED, OUTBOX_PENDING, outboxSignal, withDocLock } from '../../outbox.js';
import type { EventValidators } from '../../events.js';
import { extractTrace, injectTrace, SpanKind, withSpan } from '../../telemetry.js';

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
 * model. Writes in this process nudge the relay at once; the periodic sweep (OUTBOX_SWEEP_MS) catches the rest
 * (another process's writes, retries, a restart).
 */
export default fp(
  async (app, opts: { models: OutboxModel[]; events: EventValidators }) => {
    app.decorate('outboxRelayHooks', {} as RelayHooks);
    let running: Promise<void> | undefined;
    let again = false;
    let closing = false;

    const publish = async (ev: OutboxEvent) => {
      const parent = extractTrace(ev.traceparent ? { traceparent: ev.traceparent } : undefined, ROOT_CONTEXT);
      await withSpan(
        `${ev.subject} publish`,
        async () => {
          const envelope: EventEnvelope = {
            id: ev.id,
            type: ev.subject,
            version: opts.events.version(ev.subject),
            time: new Date(ev.time).toISOString(),
            source: app.serviceName,
            data: ev.data,
          };
          const h = natsHeaders();
          for (const [k, v] of Object.entries(injectTrace({} as Record<string, string>))) h.set(k, v);
          await app.js.publish(ev.subject, JSON.stringify(envelope), { msgID: ev.id, headers: h });
        },
        {
          'messaging.system': 'nats',
          'messaging.destination.name': ev.subject,
          'messaging.message.id': ev.id,
        },
        { kind: SpanKind.PRODUCER, parent },
      );
    };

    // A record whose publish fails (NATS down, no stream for its subject, too big) is retried with backoff;
    // meanwhile its document is left out of the sweep, so one stuck record never blocks the others. The later
    // events of the same document wait behind it: per-document order is kept.
    const stuck = new Map<string, { n: number; until: number; id: unknown }>();
    const docKey = (col: string, id: unknown) => `${col}:${String(id)}`;
    const BATCH = 100;

    /**
     * An event whose payload does not match the catalogue is a programming error: it is never published (its
     * consumers would choke on it), but moved aside to `_outboxParked` with the reason, so the document's later
     * events go on. The log names the event, never its payload.
     */
    const park = async (col: mongo.Collection, doc: mongo.Document, ev: OutboxEvent, reason: string) => {
      app.log.error(
        { event: ev.id, subject: ev.subject, collection: col.collectionName, id: String(doc._id), reason },
        'outbox: event does not match the event catalogue; parked, not published',
      );
      const parked: ParkedEvent = { ...ev, reason, parkedAt: new Date() };
      await withDocLock(col.collectionName, doc._id, () =>
        col.updateOne({ _id: doc._id }, {
          $pullAll: { _outbox: [ev] },
          $push: { [OUTBOX_PARKED]: parked },
        } as never),
      );
    };

    /**
     * The document's last event, still its only one: taken off and the flag lowered in one update (one write of the
     * document, not two). A write that queued another event meanwhile makes it match nothing (false).
     */
    const takeLast = async (col: mongo.Collection, id: unknown, eventId: string): Promise<boolean> => {
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
    };

    const hooked = (ev: OutboxEvent) => {
      const wrap = app.outboxRelayHooks.wrapPublish;
      return wrap ? wrap(() => publish(ev), ev) : publish(ev);
    };

    /** Publishes and pulls one document's events in order; returns how many it published. */
    const drainDoc = async (col: mongo.Collection, doc: mongo.Document): Promise<number> => {
      const key = docKey(col.collectionName, doc._id);
      let published = 0;
      const events = (doc._outbox ?? []) as OutboxEvent[];
      for (const [i, ev] of events.entries()) {
        if (closing) return published;
        const valid = opts.events.checkPayload(ev.subject, ev.data);
        if (!valid.ok) {
          await park(col, doc, ev, valid.reason);
          continue;
        }
        try {
          await hooked(ev);
        } catch (err) {
          const n = (stuck.get(key)?.n ?? 0) + 1;
          const wait = Math.min(MAX_BACKOFF_MS, 500 * 2 ** Math.min(n, 16));
          stuck.set(key, { n, until: Date.now() + wait, id: doc._id });
          app.log.warn(
            { err: (err as Error).message, event: ev.id, subject: ev.subject, attempts: n, retryInMs: wait },
            'outbox: publish failed; retrying later, other records go on',
          );
          return published;
        }
        stuck.delete(key);
        const lowered = i === events.length - 1 && (await takeLast(col, doc._id, ev.id));
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
    };

    /** One pass over the models; true when a full batch made progress (there may be more). */
    const drainOnce = async (): Promise<boolean> => {
      let more = false;
      const now = Date.now();
      for (const model of opts.models) {
        // Native driver on purpose: the element is pulled by exact equality with what was read (FerretDB v1's
        // $pull takes no conditions), so it must come back byte-for-byte, without mongoose casting.
        const col = model.collection;
        const waiting = [...stuck.entries()]
          .filter(([k, s]) => k.startsWith(`${col.collectionName}:`) && s.until > now)
          .map(([, s]) => s.id);
        for (const k of inflight.keys())
          if (k.startsWith(`${col.collectionName}:`)) waiting.push(inflight.get(k));
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
            published += await drainDoc(col, doc);
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
    const fast = async ({ collection, id, event }: InsertedEvent): Promise<void> => {
      const model = opts.models.find((m) => m.collection.collectionName === collection);
      const key = docKey(collection, id);
      if (!model || closing || stuck.has(key) || !opts.events.checkPayload(event.subject, event.data).ok) {
        nudge();
        return;
      }
      inflight.set(key, id);
      let sweep = false;
      try {
        await hooked(event);
        // another event was queued meanwhile (the sweep left this document to us): the sweep takes it from here
        sweep = !(await takeLast(model.collection, id, event.id));
      } catch (err) {
        app.log.warn(
          { err: (err as Error).message, event: event.id, subject: event.subject },
          'outbox: publish of a new document failed; the sweep retries it',
        );
        sweep = true;
      } finally {
        inflight.delete(key);
      }
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
    const onInserted = (e: InsertedEvent) => void context.with(suppressTracing(ROOT_CONTEXT), () => fast(e));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!opts.models.length) return;
      outboxSignal.on('written', nudge);
      outboxSignal.on('inserted', onInserted);
      timer = setInterval(nudge, app.env.OUTBOX_SWEEP_MS);
      nudge();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      outboxSignal.off('written', nudge);
      outboxSignal.off('inserted', onInserted);
      await running;
      for (let t = 0; inflight.size && t < 500; t++) await new Promise((r) => setTimeout(r, 10));
    });
  },
  { name: 'outbox-relay', dependencies: ['mongo', 'nats'] },
);
