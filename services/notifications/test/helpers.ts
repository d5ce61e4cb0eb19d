import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { EventEnvelope, EventSubject } from '@portal/contracts';
import { buildApp } from '../src/app.js';

/** A short unique tag for this test process (durable names, addresses). */
export const runTag = () => `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * A test app with its own durable consumers (CONSUMER_SUFFIX, created at DeliverPolicy.New and removed by NATS
 * when idle): it gets the events published after it started at once, instead of racing the running service for
 * a shared durable. Jobs still share the `email` queue, and job ids derived from event ids keep it one mail.
 */
export async function startApp(overrides: Record<string, unknown> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ LOG_LEVEL: 'warn', CONSUMER_SUFFIX: runTag(), ...overrides });
  await app.ready();
  return app;
}

/**
 * Publishes an event as accounts' outbox relay does (kit bus: envelope with the subject's version, Nats-Msg-Id,
 * payload checked against the catalogue); returns the envelope id and its stream sequence.
 */
export async function publishAsAccounts(app: FastifyInstance, ev: { subject: string; data: unknown }) {
  const { id, seq } = await app.bus.publish(ev.subject as EventSubject, ev.data as never, {
    source: 'accounts',
  });
  return { envelope: { id } as Pick<EventEnvelope, 'id'>, seq };
}
