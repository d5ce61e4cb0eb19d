import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Queue as BullQueue } from 'bullmq';
import { queuePrefix } from '@portal/service-kit';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import { pinRequested, resetRequested } from './accounts-events.js';
import { publishAsAccounts, runTag, startApp } from './helpers.js';
import { freePort, smtpSink } from './sink.js';

/**
 * An SMTP outage longer than the old schedule (5 attempts from 1 s ≈ 15 s, then the mail was lost): this app
 * sends to its own sink, on its own queue, with the production schedule's shape but a 200 ms base and 1 s cap
 * (MAIL_BACKOFF_*), so the test takes seconds, not hours. test/schedule.test.ts checks the real figures.
 */
const tag = runTag();
const OUTAGE_MS = 20_000;
let rejecting = true;
let port: number;
let sink: ReturnType<typeof smtpSink>;
let app: FastifyInstance;

before(async () => {
  port = await freePort();
  sink = smtpSink(port, {
    reject: (a) => rejecting && a.startsWith('bounce-'),
    answerLostFor: (a) => a.startsWith('lost-'),
  });
  app = await startApp({
    SMTP_PORT: port,
    QUEUE_PREFIX: `portal-notifications-${tag}`,
    MAIL_BACKOFF_BASE_MS: 200,
    MAIL_BACKOFF_CAP_MS: 1000,
    MAIL_RETRY_FOR_MS: 120_000,
  });
});
after(async () => {
  const q = new BullQueue('email', { connection: app.redis, prefix: queuePrefix(app.env, 'notifications') });
  await q.obliterate({ force: true }).catch(() => undefined);
  await q.close();
  await app.close();
  await sink.stop();
});

const publish = (ev: { subject: string; data: unknown }) => publishAsAccounts(app, ev);

test('SMTP down for 20 s: a verification and a reset mail both arrive once the server is back, once each', async () => {
  const verify = `outage-verify-${tag}@test.portal`;
  const reset = `outage-reset-${tag}@test.portal`;
  const in30 = new Date(Date.now() + 30 * 60_000);
  await publish(pinRequested(verify, '271828', 'signup', in30));
  await publish(resetRequested(reset, '161803', in30));
  await new Promise((r) => setTimeout(r, OUTAGE_MS)); // the sink is not listening: every attempt fails
  assert.equal(sink.mails.length, 0);
  await sink.start();
  await waitFor(() => sink.to(verify).length && sink.to(reset).length, 15_000, 200);
  await new Promise((r) => setTimeout(r, 3000)); // time for a wrong second copy
  assert.equal(sink.to(verify, 'Verify your email').length, 1);
  assert.equal(sink.to(reset, 'Reset your password').length, 1);
  assert.match(sink.to(verify)[0]!.text, /271828/);
  assert.match(sink.to(reset)[0]!.text, /161803/);
});

test('a permanently refused mail (550) is parked at once; staff see it and resend it; others may not', async () => {
  const to = `bounce-${tag}@test.portal`;
  const admin = { authorization: `Bearer ${await tokenFor(1)}` };
  const subject = `Parked ${tag}`;
  const sent = await app.inject({
    method: 'POST',
    url: '/api/email/sendEmail',
    headers: admin,
    payload: { email: to, subject, html: '<p>hello</p>' },
  });
  assert.equal(sent.statusCode, 202);
  const failed = await waitFor(
    async () => {
      const res = await app.inject({ url: '/api/email/failed', headers: admin });
      return (res.json().jobs as { id: string; to: string; reason: string; attempts: number }[]).find(
        (j) => j.to === to,
      );
    },
    10_000,
    200,
  );
  assert.match(failed.reason, /550|unavailable/i);
  assert.equal(failed.attempts, 1, 'a permanent refusal is not retried for a day');

  for (const role of [2, 3, 4] as const) {
    const headers = { authorization: `Bearer ${await tokenFor(role)}` };
    assert.equal((await app.inject({ url: '/api/email/failed', headers })).statusCode, 403);
    const res = await app.inject({ method: 'POST', url: `/api/email/failed/${failed.id}/resend`, headers });
    assert.equal(res.statusCode, 403);
  }
  assert.equal(sink.to(to).length, 0);

  rejecting = false; // the mailbox exists now
  const url = `/api/email/failed/${failed.id}/resend`;
  const resend = await app.inject({ method: 'POST', url, headers: admin });
  assert.equal(resend.statusCode, 202);
  assert.equal(resend.json().message, 'Email queued again');
  await waitFor(() => sink.to(to, subject).length, 10_000, 200);
  const again = await app.inject({ method: 'POST', url, headers: admin });
  assert.equal(again.statusCode, 404, 'no longer in the failed list');
  const list = await app.inject({ url: '/api/email/failed', headers: admin });
  assert.ok(!(list.json().jobs as { id: string }[]).some((j) => j.id === failed.id));
  assert.equal(sink.to(to, subject).length, 1);
});

test('a mail the relay kept but whose answer was lost is sent again as the same message: one Message-ID', async () => {
  const to = `lost-${tag}@test.portal`;
  const other = `lost-other-${tag}@test.portal`;
  const in30 = new Date(Date.now() + 30 * 60_000);
  await publish(resetRequested(to, '314159', in30));
  await publish(resetRequested(other, '271828', in30));
  await waitFor(() => sink.to(to).length >= 2 && sink.to(other).length >= 2, 15_000, 200);
  const [first, again] = sink.to(to);
  assert.match(first!.messageId, /^<[A-Za-z0-9._-]+@[A-Za-z0-9.-]+>$/);
  assert.equal(again!.messageId, first!.messageId, 'the resend is the same message');
  assert.notEqual(sink.to(other)[0]!.messageId, first!.messageId, 'another mail is another message');
});
