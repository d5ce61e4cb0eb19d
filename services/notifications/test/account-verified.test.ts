import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Subjects, type EventEnvelope, type UserVerifiedData } from '@portal/contracts';
import { waitFor, mailbox } from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

/** Publishes the event as accounts' outbox relay would; `msgID` differs per copy so JetStream keeps both. */
async function publishVerified(event: EventEnvelope<UserVerifiedData>, copy: string) {
  await app.js.publish(Subjects.userVerified, JSON.stringify(event), { msgID: `${event.id}-${copy}` });
}

test('accounts.user.verified → one "Account Verified" mail, even when the event is delivered twice', async () => {
  const email = `verified-${Date.now()}@test.portal`;
  const event: EventEnvelope<UserVerifiedData> = {
    id: randomUUID(),
    type: Subjects.userVerified,
    version: 1,
    time: new Date().toISOString(),
    source: 'accounts',
    data: { userId: '0123456789abcdef01234567', email, name: 'Vera Fied' },
  };
  await publishVerified(event, 'first');
  await publishVerified(event, 'redelivery');
  const toUser = (m: { subject: string; to: string[] }) =>
    m.subject === 'Account Verified' && m.to.some((t) => t.includes(email));
  const [mail] = await waitFor(
    () => mailbox.find(toUser).then((l) => (l.length ? l : undefined)),
    20_000,
    300,
  );
  assert.match(mail!.text, /Hello Vera Fied/);
  assert.match(mail!.text, /verified/i);
  assert.match(mail!.text, /place orders/);
  assert.match(mail!.html, /href="http:\/\/[^"]+\/login"/);
  await new Promise((r) => setTimeout(r, 3000)); // time for a second (wrong) mail to arrive
  assert.equal((await mailbox.find(toUser)).length, 1);
});
