import fp from 'fastify-plugin';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { EventEnvelope } from '@portal/contracts';
import type { OutboxEvent, OutboxModel } from '../../outbox.js';
import { outboxFault, outboxSignal } from '../../outbox.js';
import { extractTrace, injectTrace, SpanKind, withSpan } from '../../telemetry.js';

/**
 * Publishes what the models' `_outbox` arrays hold, waits for the PubAck, then $pulls the event.
 * A crash before the pull republishes on the next run; JetStream drops it by Nats-Msg-Id.
 */
export default fp(
  async (app, opts: { models: OutboxModel[] }) => {
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
            version: 1,
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

    const drainOnce = async () => {
      for (const model of opts.models) {
        // Native driver on purpose: the element is pulled by exact equality with what was read (FerretDB v1's
        // $pull takes no conditions), so it must come back byte-for-byte, without mongoose casting.
        const col = model.collection;
        const docs = await col
          .find({ '_outbox.0': { $exists: true } }, { projection: { _outbox: 1 } })
          .limit(100)
          .toArray();
        for (const doc of docs) {
          for (const ev of doc._outbox as OutboxEvent[]) {
            if (closing) return;
            await publish(ev);
            outboxFault('exit-after-publish');
            await col.updateOne({ _id: doc._id }, { $pullAll: { _outbox: [ev] } } as never);
          }
        }
      }
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
            await drainOnce();
          } catch (err) {
            app.log.warn({ err }, 'outbox relay failed; will retry on next sweep');
          }
        } while (again && !closing);
      })().finally(() => (running = undefined));
      return running;
    };

    // Sweeps are not traced (a span per second is noise); each publish joins the trace of the write that queued it.
    const nudge = () => void context.with(suppressTracing(ROOT_CONTEXT), drain);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      if (!opts.models.length) return;
      outboxSignal.on('written', nudge);
      timer = setInterval(nudge, app.env.OUTBOX_SWEEP_MS);
      nudge();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      outboxSignal.off('written', nudge);
      await running;
    });
  },
  { name: 'outbox-relay', dependencies: ['mongo', 'nats'] },
);
