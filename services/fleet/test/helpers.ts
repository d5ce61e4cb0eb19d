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

/**
 * The events published on `subject` since `since`, read afresh from the stream at each call (an ordered consumer
 * from that time: ephemeral, read-only), so a slow relay or a busy machine cannot make a test miss one.
 */
export async function publishedSince(app: FastifyInstance, stream: string, subject: string, since: Date) {
  const consumer = await app.js.consumers.get(stream, {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  const events: EventEnvelope<any>[] = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
    let n = 0;
    for await (const m of batch) {
      events.push(m.json<EventEnvelope>());
      n++;
    }
    if (n === 0) return events;
  }
}
