import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { EventEnvelope, EventPayload, EventSubject } from '@portal/contracts';
import type { EventValidators } from '../events.js';
import { injectTrace } from '../telemetry.js';

export interface Bus {
  /** The connection and JetStream handles; reading one while NATS is unreachable throws a 503 problem. */
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  /** Resolves once NATS is connected and the service's stream exists. */
  readonly ready: Promise<void>;
  /**
   * Publishes one event now, outside any database write (a domain write's events go through the outbox
   * instead, atomic with the write). The payload is typed and checked against the catalogue: an invalid one
   * throws before anything is sent. Returns the envelope id (the Nats-Msg-Id) and the stream sequence.
   */
  publish<S extends EventSubject>(
    subject: S,
    data: EventPayload<S>,
    opts?: { id?: string; source?: string },
  ): Promise<{ id: string; seq: number }>;
}

/** `app.bus`: the typed face of the NATS connection (registered with the 'nats' backend). */
export default fp(
  async (app, opts: { events: EventValidators }) => {
    const bus: Bus = {
      get nc() {
        return app.nats;
      },
      get js() {
        return app.js;
      },
      get jsm() {
        return app.jsm;
      },
      ready: app.natsReady,
      async publish(subject, data, o = {}) {
        const valid = opts.events.checkPayload(subject, data);
        if (!valid.ok) throw new Error(`event not published: ${valid.reason}`);
        const envelope: EventEnvelope = {
          id: o.id ?? randomUUID(),
          type: subject,
          version: opts.events.version(subject),
          time: new Date().toISOString(),
          source: o.source ?? app.serviceName,
          data,
        };
        const h = natsHeaders();
        for (const [k, v] of Object.entries(injectTrace({} as Record<string, string>))) h.set(k, v);
        const ack = await app.js.publish(subject, JSON.stringify(envelope), {
          msgID: envelope.id,
          headers: h,
        });
        return { id: envelope.id, seq: ack.seq };
      },
    };
    app.decorate('bus', bus);
  },
  { name: 'bus', dependencies: ['nats'] },
);
