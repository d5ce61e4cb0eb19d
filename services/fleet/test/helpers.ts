import { randomBytes } from 'node:crypto';
import { DeliverPolicy } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope, RoleNumber } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';

/**
 * A test app's env: its own database, its own durable consumers (created at DeliverPolicy.New: the running
 * service's `fleet-accounts-users` keeps its events) and its own BullMQ prefix (the running service's sweep
 * never runs against the test database, nor the test's against the demo one).
 */
export const TEST_ENV = {
  MONGO_DB: 'portal_fleet_test',
  CONSUMER_SUFFIX: `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: 'portal-fleet-test',
};

export async function call(
  app: FastifyInstance,
  role: RoleNumber | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const headers = role === undefined ? {} : { authorization: `Bearer ${await tokenFor(role)}` };
  return app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** Collects the events published on `subject` from now on (an ordered consumer: ephemeral, read-only). */
export async function listen(app: FastifyInstance, stream: string, subject: string) {
  const consumer = await app.js.consumers.get(stream, {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.New,
  });
  const events: EventEnvelope<any>[] = [];
  const messages = await consumer.consume();
  void (async () => {
    for await (const m of messages) events.push(m.json<EventEnvelope>());
  })();
  return { events, stop: () => messages.close() };
}
