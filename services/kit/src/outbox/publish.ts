import { ROOT_CONTEXT } from '@opentelemetry/api';
import { headers as natsHeaders } from '@nats-io/transport-node';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { mongo } from 'mongoose';
import type { EventEnvelope } from '@portal/contracts';
import { withDocLock } from './doc-lock.js';
import { OUTBOX_PARKED, type OutboxEvent, type ParkedEvent } from './event.js';
import type { EventValidators } from '../events.js';
import { extractTrace, injectTrace, SpanKind, withSpan } from '../telemetry.js';

/**
 * One outbox event to JetStream (Nats-Msg-Id = the event id, so a republish is dropped), in the envelope of the
 * catalogue's version, as a PRODUCER span joining the trace of the write that queued it; resolves on the PubAck.
 */
export async function publishEvent(
  app: FastifyInstance,
  events: EventValidators,
  ev: OutboxEvent,
): Promise<void> {
  const parent = extractTrace(ev.traceparent ? { traceparent: ev.traceparent } : undefined, ROOT_CONTEXT);
  await withSpan(
    `${ev.subject} publish`,
    async () => {
      const envelope: EventEnvelope = {
        id: ev.id,
        type: ev.subject,
        version: events.version(ev.subject),
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
}

/**
 * An event whose payload does not match the catalogue is a programming error: it is never published (its consumers
 * would choke on it), but moved aside to `_outboxParked` with the reason, so the document's later events go on (an
 * intent's event was never on the document: nothing to pull). The log names the event, never its payload.
 */
export async function parkEvent(
  log: FastifyBaseLogger,
  col: mongo.Collection,
  doc: mongo.Document,
  ev: OutboxEvent,
  reason: string,
  fromIntent: boolean,
): Promise<void> {
  log.error(
    { event: ev.id, subject: ev.subject, collection: col.collectionName, id: String(doc._id), reason },
    'outbox: event does not match the event catalogue; parked, not published',
  );
  const parked: ParkedEvent = { ...ev, reason, parkedAt: new Date() };
  await withDocLock(col.collectionName, doc._id, () =>
    col.updateOne({ _id: doc._id }, {
      ...(fromIntent ? {} : { $pullAll: { _outbox: [ev] } }),
      $push: { [OUTBOX_PARKED]: parked },
    } as never),
  );
}
