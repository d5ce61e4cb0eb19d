import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Subjects, type EventEnvelope, type InviteData } from '@portal/contracts';
import { seal } from '@portal/service-kit';
import { mailbox, waitFor } from '@portal/service-kit/testing';
import { SealedMessages } from '../src/domain/render.js';
import { runTag, startApp } from './helpers.js';

/**
 * Invites: accounts publishes the sign-up link WITHOUT its secret and the token sealed; notifications
 * opens it at send time and appends `&token=`. This app has its own queue (QUEUE_PREFIX): its jobs are rendered
 * by this code, whatever build of notifications the running stack has (that one mails the same events too).
 */
let app: FastifyInstance;
before(async () => {
  app = await startApp({ QUEUE_PREFIX: `notifications-${runTag()}` });
});
after(() => app.close());

const SUBJECT = 'You have been invited to the portal';
const inviteData = (email: string, extra: Partial<InviteData> = {}): InviteData => ({
  inviteId: '0123456789abcdef01234567',
  email,
  invitedBy: 'accountadmin@demo.portal',
  companyName: 'Green Valley Farms',
  licenseNumbers: ['C11-0000101-LIC'],
  link: `http://localhost:8080/signMeUp?email=${encodeURIComponent(email)}`,
  ...extra,
});
const sealFor = (email: string, token: string, inMs: number) =>
  seal(token, { context: email, expiresAt: new Date(Date.now() + inMs) });

/** As accounts' relay publishes; `copies` with distinct Nats-Msg-Ids, so JetStream keeps each (a redelivery). */
async function publish(subject: string, data: InviteData, copies = 1): Promise<string> {
  const event: EventEnvelope<InviteData> = {
    id: randomUUID(),
    type: subject,
    version: 1,
    time: new Date().toISOString(),
    source: 'accounts',
    data,
  };
  for (let i = 0; i < copies; i++) {
    await app.js.publish(subject, JSON.stringify(event), { msgID: `${event.id}-${i}` });
  }
  return event.id;
}
const jobs = () => app.jobs;
const jobOf = async (eventId: string) => (await jobs().queue('email')).getJob(`invite-${eventId}`);

test('invite created and resent: the mail links to sign-up with the opened token, one job per event', async () => {
  const email = `invitee-${runTag()}@test.portal`;
  const token = `tok+/${runTag()}=`; // characters that must be URL-encoded
  const data = inviteData(email, { sealedToken: sealFor(email, token, 7 * 86_400_000) });
  const link = `${data.link}&token=${encodeURIComponent(token)}`;
  const first = await publish(Subjects.inviteCreated, data, 2);
  const mail = await mailbox.waitFor({ to: email, subject: SUBJECT }, { full: (m) => m.text.includes(link) });
  assert.ok(mail.html.includes(`href="${link.replace(/&/g, '&amp;')}"`), mail.html);
  assert.ok(
    !mail.text.includes('s1.') && !mail.html.includes('s1.'),
    'the sealed form never reaches the mail',
  );
  assert.match(mail.text, /accountadmin@demo\.portal/);
  assert.match(mail.text, /Green Valley Farms/);
  // the mail can arrive before BullMQ marks the job done (the SMTP answer comes first): wait for the state
  await waitFor(async () => (await (await jobOf(first))?.getState()) === 'completed', 15_000, 200);
  assert.ok(!JSON.stringify((await jobOf(first))!.data).includes(token), 'the job holds the token sealed');

  const resent = await publish(Subjects.inviteResent, data);
  await waitFor(async () => (await (await jobOf(resent))?.getState()) === 'completed', 15_000, 200);
  const queue = await jobs().queue('email');
  const mine = (await queue.getJobs(['completed', 'active', 'wait', 'delayed'])).filter(
    (j) => j && (j.data as { email?: string }).email === email,
  );
  assert.equal(mine.length, 2, 'one job per event: the redelivered copy queued nothing');
});

test('an invite without sealedToken (accepted) mails the plain link', async () => {
  const email = `invitee-plain-${runTag()}@test.portal`;
  const data = inviteData(email);
  const id = await publish(Subjects.inviteResent, data);
  await waitFor(async () => (await (await jobOf(id))?.getState()) === 'completed', 15_000, 200);
  const [mail] = await mailbox.find({ to: email, subject: SUBJECT });
  assert.ok(mail!.text.includes(data.link), mail!.text);
  assert.ok(!mail!.text.includes('token='), mail!.text);
});

test('an invite whose sealed token expired is parked at once with the reason (never retried)', async () => {
  const email = `invitee-expired-${runTag()}@test.portal`;
  const data = inviteData(email, { sealedToken: sealFor(email, 'gone', 200) });
  await new Promise((r) => setTimeout(r, 300));
  const id = await publish(Subjects.inviteCreated, data);
  const job = await waitFor(
    async () => {
      const j = await jobOf(id);
      return j && (await j.getState()) === 'failed' ? j : undefined;
    },
    15_000,
    200,
  );
  assert.equal(job.failedReason, SealedMessages.inviteExpired);
  assert.equal(job.attemptsMade, 1, 'not retried: it can never open');
});
