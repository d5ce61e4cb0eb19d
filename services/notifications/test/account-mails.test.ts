import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  Subjects,
  type EventEnvelope,
  type PinRequestedData,
  type ResetRequestedData,
  type UserAppliedData,
} from '@portal/contracts';
import { seal } from '@portal/service-kit';
import { waitFor, mailbox, type Mail } from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Publishes as accounts' outbox relay would; `copy` differs per copy so JetStream keeps both. */
async function publish<T>(subject: string, data: T, copies = 1): Promise<EventEnvelope<T>> {
  const event: EventEnvelope<T> = {
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
  return event;
}

const to = (address: string, subject: string) => (m: { subject: string; to: string[] }) =>
  m.subject === subject && m.to.some((t) => t.toLowerCase().includes(address));

async function mailsTo(address: string, subject: string, count = 1): Promise<Mail[]> {
  return waitFor(
    () => mailbox.find(to(address, subject)).then((l) => (l.length >= count ? l : undefined)),
    15_000,
    300,
  );
}

const in30 = () => new Date(Date.now() + 30 * 60_000).toISOString();
/** As accounts publishes a code: sealed for the address, expiring with it. */
const sealFor = (email: string, code: string, expiresAt: string) =>
  seal(code, { context: email, expiresAt: new Date(expiresAt) });

test('pin-requested (signup) → one "Verify your email" mail with the pin, even when delivered twice', async () => {
  const email = `pin-${stamp()}@test.portal`;
  const expiresAt = in30();
  await publish<PinRequestedData>(
    Subjects.pinRequested,
    { email, sealedPin: sealFor(email, '042917', expiresAt), purpose: 'signup', expiresAt },
    2,
  );
  const [mail] = await mailsTo(email, 'Verify your email');
  assert.match(mail!.text, /\b042917\b/);
  assert.match(mail!.html, /042917/);
  assert.match(mail!.text, /30 minutes/);
  await new Promise((r) => setTimeout(r, 2500)); // time for a wrong second mail
  assert.equal((await mailbox.find(to(email, 'Verify your email'))).length, 1);
});

test('pin-requested (change-email) → "Confirm your new email" to the new address', async () => {
  const email = `newaddr-${stamp()}@test.portal`;
  const expiresAt = in30();
  await publish<PinRequestedData>(Subjects.pinRequested, {
    email,
    sealedPin: sealFor(email, '555123', expiresAt),
    purpose: 'change-email',
    expiresAt,
  });
  const [mail] = await mailsTo(email, 'Confirm your new email');
  assert.match(mail!.text, /555123/);
  assert.match(mail!.text, /new email address/);
});

test('reset-requested → "Reset your password" with the code', async () => {
  const email = `reset-${stamp()}@test.portal`;
  const expiresAt = in30();
  await publish<ResetRequestedData>(Subjects.resetRequested, {
    email,
    sealedCode: sealFor(email, '998877', expiresAt),
    expiresAt,
  });
  const [mail] = await mailsTo(email, 'Reset your password');
  assert.match(mail!.text, /998877/);
  assert.match(mail!.html, /998877/);
});

test('user-applied → "New account application" to every recipient, escaped, with the validateUser link', async () => {
  const s = stamp();
  const recipients = [`boss1-${s}@test.portal`, `boss2-${s}@test.portal`];
  const applicant = `apply+${s}@test.portal`;
  await publish<UserAppliedData>(Subjects.userApplied, {
    userId: '0123456789abcdef01234567',
    email: applicant,
    companyName: 'Smith & <Sons> LLC',
    licenseNumber: 'C10-0000001-LIC',
    recipients,
  });
  for (const r of recipients) {
    const [mail] = await mailsTo(r, 'New account application');
    assert.match(mail!.text, new RegExp(applicant.replace(/[+.]/g, '\\$&')));
    assert.match(mail!.text, /Smith & <Sons> LLC/);
    assert.match(mail!.text, /C10-0000001-LIC/);
    assert.match(mail!.html, /Smith &amp; &lt;Sons&gt; LLC/);
    assert.doesNotMatch(mail!.html, /<Sons>/);
    const link = `/validateUser?email=${encodeURIComponent(applicant)}`;
    assert.ok(mail!.text.includes(link), mail!.text);
    assert.ok(mail!.html.includes(`href="http://`) && mail!.html.includes(link));
  }
});
