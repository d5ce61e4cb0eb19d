import { DeliverPolicy } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@portal/contracts';
import { buildApp } from '../src/app.js';
import { seed } from '../scripts/seed.js';

/**
 * A test app's own durable consumers: without it, a test app would share the running accounts' durable and answer
 * the stack's snapshot requests from the test database (events/snapshot.ts answers only its own scope).
 */
export const TEST_SUFFIX = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
export const TEST_ENV = { LOG_LEVEL: 'warn', MONGO_DB: 'portal_accounts_test', CONSUMER_SUFFIX: TEST_SUFFIX };

export async function startApp(): Promise<FastifyInstance> {
  // Its own database, so test users never show up in the demo data a person sees.
  const app = await buildApp(TEST_ENV);
  await app.ready();
  // The demo profiles as the seed defines them, whatever ran before: a demo token used before any seed
  // (auth-* run first on a fresh database) would otherwise leave a bare profile the plain seed keeps.
  await seed({ reset: true });
  return app;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, json: res.body ? res.json() : undefined };
}

/** Collects the events published on `subject` from now on (an ordered consumer: ephemeral, read-only). */
export async function listen(app: FastifyInstance, subject: string) {
  const consumer = await app.js.consumers.get('ACCOUNTS', {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.New,
  });
  const events: EventEnvelope[] = [];
  const messages = await consumer.consume();
  void (async () => {
    for await (const m of messages) events.push(m.json<EventEnvelope>());
  })();
  return { events, stop: () => messages.stop() };
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@test.portal`;
