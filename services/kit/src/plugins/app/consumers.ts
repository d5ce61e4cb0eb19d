import fp from 'fastify-plugin';
import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { EventEnvelope } from '@portal/contracts';
import type { ConsumerDef } from '../../consumers.js';
import { ensureStream } from '../external/nats.js';
import { extractTrace, SpanKind, withSpan } from '../../telemetry.js';

const PROCESSED = 'processed_events';

/** Durable pull consumers: explicit ack, idempotent by `${durable}:${event.id}` in processed_events. */
export default fp(
  async (app, opts: { consumers: ConsumerDef[] }) => {
    const loops: Promise<void>[] = [];
    const iters: ConsumerMessages[] = [];
    const processed = () => app.mongo.collection<{ _id: string; at: Date }>(PROCESSED);

    const handleOne = async (def: ConsumerDef, m: JsMsg) => {
      let event: EventEnvelope;
      try {
        event = m.json<EventEnvelope>();
      } catch (err) {
        app.log.error({ err, subject: m.subject }, 'unparseable event; terminating it');
        return m.term();
      }
      const key = `${def.durable}:${event.id}`;
      const parent = extractTrace(m.headers ? { get: (k: string) => m.headers!.get(k) } : undefined);
      await withSpan(
        `${m.subject} process`,
        async () => {
          try {
            if (await processed().findOne({ _id: key })) return m.ack();
            await def.handle(event, {
              app,
              log: app.log.child({ consumer: def.durable, eventId: event.id }),
              msg: m,
            });
            await processed()
              .insertOne({ _id: key, at: new Date() })
              .catch((err: { code?: number }) => {
                if (err.code !== 11000) throw err;
              });
            m.ack();
          } catch (err) {
            const delay = Math.min((def.nakDelayMs ?? 1000) * 2 ** (m.info.deliveryCount - 1), 60_000);
            app.log.warn(
              { err, consumer: def.durable, eventId: event.id, delay },
              'event handler failed; nak',
            );
            m.nak(delay);
          }
        },
        {
          'messaging.system': 'nats',
          'messaging.destination.name': m.subject,
          'messaging.consumer.group.name': def.durable,
        },
        { kind: SpanKind.CONSUMER, parent },
      );
    };

    const run = async (def: ConsumerDef, messages: ConsumerMessages) => {
      const limit = def.concurrency ?? 4;
      const inflight = new Set<Promise<void>>();
      for await (const m of messages) {
        const p: Promise<void> = handleOne(def, m).finally(() => inflight.delete(p));
        inflight.add(p);
        if (inflight.size >= limit) await Promise.race(inflight);
      }
      await Promise.all(inflight);
    };

    app.addHook('onReady', async () => {
      for (const def of opts.consumers) {
        const stream = await ensureStream(app.jsm, def.stream.toLowerCase());
        const config = {
          durable_name: def.durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subjects: def.subjects,
          ack_wait: nanos(30_000),
          max_ack_pending: 1000,
        };
        try {
          await app.jsm.consumers.add(stream, config);
        } catch {
          await app.jsm.consumers.update(stream, def.durable, {
            filter_subjects: def.subjects,
            ack_wait: config.ack_wait,
          });
        }
        const consumer = await app.js.consumers.get(stream, def.durable);
        const messages = await consumer.consume({ max_messages: (def.concurrency ?? 4) * 2 });
        iters.push(messages);
        loops.push(
          run(def, messages).catch((err) =>
            app.log.error({ err, consumer: def.durable }, 'consumer loop stopped'),
          ),
        );
      }
    });
    app.addHook('preClose', async () => {
      for (const it of iters) await it.close().catch(() => undefined);
      await Promise.all(loops);
    });
  },
  { name: 'consumers', dependencies: ['mongo', 'nats'] },
);
