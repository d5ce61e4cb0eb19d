import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Queue as BullQueue } from 'bullmq';
import { queuePrefix } from '@portal/service-kit';
import { tokenFor, waitFor, mailbox } from '@portal/service-kit/testing';
// The real publisher: what accounts writes to its outbox for a pin and a reset code.
import { pinRequested, resetRequested } from './accounts-events.js';
import { publishAsAccounts, runTag, startApp } from './helpers.js';

let app: FastifyInstance;
let queue: InstanceType<typeof BullQueue>;
before(async () => {
  app = await startApp();
  queue = new BullQueue('email', { connection: app.redis, prefix: queuePrefix(app.env, 'notifications') });
});
after(async () => {
  await queue.close();
  await app.close();
});

const publish = (ev: { subject: string; data: unknown }) => publishAsAccounts(app, ev);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);
const code6 = () => String(100000 + Math.floor(Math.random() * 900000));

for (const kind of ['pin', 'reset-code'] as const) {
  test(`${kind}: the code is in the mail, but not in clear in the NATS stream nor in the BullMQ job`, async () => {
    const email = `sealed-${kind}-${runTag()}@test.portal`;
    const code = code6();
    const ev =
      kind === 'pin'
        ? pinRequested(email, code, 'signup', inMinutes(30))
        : resetRequested(email, code, inMinutes(30));
    assert.ok(!JSON.stringify(ev).includes(code), 'the outbox event holds no clear code');
    const { envelope, seq } = await publish(ev);

    const stored = await app.jsm.streams.getMessage('ACCOUNTS', { seq });
    const raw = new TextDecoder().decode(stored!.data);
    assert.ok(raw.includes(email) && raw.includes('s1.'), 'the stream message is the sealed event');
    assert.ok(!raw.includes(code), 'no code in clear on the ACCOUNTS stream');

    const subject = kind === 'pin' ? 'Verify your email' : 'Reset your password';
    const [mail] = await waitFor(
      () =>
        mailbox
          .find((m) => m.subject === subject && m.to.includes(email))
          .then((l) => (l.length ? l : undefined)),
      15_000,
      300,
    );
    assert.match(mail!.text, new RegExp(`\\b${code}\\b`), 'the user still gets the code');

    const job = await queue.getJob(`${kind}-${envelope.id}`);
    assert.ok(job, 'the job is kept after completion');
    assert.ok(!JSON.stringify(job.data).includes(code), 'no code in the job data');
    const hash = await app.redis.hgetall(`${queuePrefix(app.env, 'notifications')}:email:${job.id}`);
    assert.ok(Object.keys(hash).length > 0);
    assert.ok(!JSON.stringify(hash).includes(code), 'no code anywhere in the job as Redis stores it');
  });
}

test('a code that expired before it could be mailed is parked as failed at once; resend says why', async () => {
  const email = `sealed-expired-${runTag()}@test.portal`;
  const ev = pinRequested(email, code6(), 'signup', new Date(Date.now() + 300));
  await new Promise((r) => setTimeout(r, 400));
  const { envelope } = await publish(ev);
  const jobId = `pin-${envelope.id}`;
  const admin = { authorization: `Bearer ${await tokenFor(1)}` };
  const listed = await waitFor(
    async () => {
      const res = await app.inject({ url: '/api/email/failed', headers: admin });
      assert.equal(res.statusCode, 200);
      return (res.json().jobs as { id: string }[]).find((j) => j.id === jobId) as
        { id: string; kind: string; to: string; reason: string; attempts: number } | undefined;
    },
    15_000,
    300,
  );
  assert.equal(listed.kind, 'pin');
  assert.equal(listed.to, email);
  assert.match(listed.reason, /expired/);
  assert.equal(listed.attempts, 1, 'not retried for a day: it can never succeed');
  const list = await app.inject({ url: '/api/email/failed', headers: admin });
  assert.ok(!list.body.includes('s1.'), 'the list never shows job data');
  const resend = await app.inject({
    method: 'POST',
    url: `/api/email/failed/${jobId}/resend`,
    headers: admin,
  });
  assert.equal(resend.statusCode, 409);
  assert.equal(resend.json().message, 'The code in this mail has expired; the user must ask for a new one.');
  assert.equal((await mailbox.find((m) => m.to.includes(email))).length, 0);
});
