import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Subjects } from '@portal/contracts';
import { seal, UnrecoverableError } from '@portal/service-kit';
import { MAIL_EVENTS, mailsForEvent, type MailEvent } from '../src/domain/mail-for-event.js';
import { inviteLink, render, SealedMessages } from '../src/domain/render.js';

/** The mail rules without HTTP, NATS or SMTP: which event asks for which mail, and what that mail says. */
const KEY = Buffer.alloc(32, 7).toString('base64');
const env = { APP_URL: 'https://portal.example', FEEDBACK_TO: 'support@example.com', EVENT_SEAL_KEY: KEY };
const envelope = <T extends MailEvent['type']>(type: T, data: unknown) =>
  ({ id: 'e1', type, version: 1, time: new Date().toISOString(), source: 'accounts', data }) as MailEvent;
const inAnHour = () => new Date(Date.now() + 3600_000);

test('every mail subject has one durable, and the list is the one the consumers use', () => {
  const subjects = Object.values(MAIL_EVENTS).flat();
  assert.equal(new Set(subjects).size, subjects.length);
  assert.ok(!subjects.includes(Subjects.inviteAccepted as never), 'an accepted invite mails nobody');
});

test('user verified → one account-verified job keyed by the event id', () => {
  const orders = mailsForEvent(
    envelope(Subjects.userVerified, { userId: 'u', email: 'a@x.io', name: 'Ann' }),
  );
  assert.deepEqual(orders, [
    {
      name: 'account-verified',
      jobId: 'account-verified-e1',
      job: { kind: 'account-verified', email: 'a@x.io', name: 'Ann' },
    },
  ]);
});

test('reset requested for a staff-made account → the welcome variant; a plain reset → none', () => {
  const base = { email: 'a@x.io', sealedCode: 's1.x', expiresAt: inAnHour().toISOString() };
  const [welcome] = mailsForEvent(envelope(Subjects.resetRequested, { ...base, purpose: 'account-created' }));
  assert.equal((welcome!.job as { welcome?: boolean }).welcome, true);
  const [reset] = mailsForEvent(envelope(Subjects.resetRequested, { ...base, purpose: 'reset' }));
  assert.equal((reset!.job as { welcome?: boolean }).welcome, undefined);
});

test('user applied → one job per distinct recipient (trimmed, lower-cased), each with its own id', () => {
  const orders = mailsForEvent(
    envelope(Subjects.userApplied, {
      userId: 'u',
      email: 'new@x.io',
      recipients: ['A@x.io ', 'a@x.io', 'b@x.io', ''],
    }),
  );
  assert.deepEqual(
    orders.map((o) => [o.jobId, (o.job as { to: string }).to]),
    [
      ['user-applied-e1-0', 'a@x.io'],
      ['user-applied-e1-1', 'b@x.io'],
    ],
  );
});

test('invite → the job keeps the token sealed; rendering opens it and appends it URL-encoded', () => {
  const email = 'invitee@x.io';
  const sealedToken = seal('a+b/c=', { context: email, expiresAt: inAnHour(), key: KEY });
  const link = `https://portal.example/signMeUp?email=${encodeURIComponent(email)}`;
  const data = { inviteId: 'i', email, invitedBy: 'boss@x.io', licenseNumbers: [], link, sealedToken };
  const [order] = mailsForEvent(envelope(Subjects.inviteCreated, data));
  assert.equal(order!.jobId, 'invite-e1');
  assert.ok(!JSON.stringify(order!.job).includes('a+b/c='));
  const out = render(order!.job, env);
  assert.equal(out.to, email);
  assert.ok(out.mail.text.includes(`${link}&token=a%2Bb%2Fc%3D`), out.mail.text);
});

test('invite without a token renders the plain link; inviteLink adds ? or &', () => {
  assert.equal(inviteLink('https://p/x?email=a'), 'https://p/x?email=a');
  assert.equal(inviteLink('https://p/x?email=a', 't'), 'https://p/x?email=a&token=t');
  assert.equal(inviteLink('https://p/x', 't t'), 'https://p/x?token=t%20t');
});

test('an expired or foreign sealed secret fails for good (UnrecoverableError), saying which', () => {
  const email = 'a@x.io';
  const expired = seal('123456', { context: email, expiresAt: new Date(Date.now() - 1), key: KEY });
  const pin = { kind: 'pin', email, sealedPin: expired, purpose: 'signup', expiresAt: '' } as const;
  assert.throws(
    () => render(pin, env),
    (e) => e instanceof UnrecoverableError && e.message === SealedMessages.codeExpired,
  );
  const other = seal('t', {
    context: email,
    expiresAt: inAnHour(),
    key: Buffer.alloc(32, 9).toString('base64'),
  });
  const invite = { kind: 'invite', email, invitedBy: 'b', link: 'https://p/x', sealedToken: other } as const;
  assert.throws(
    () => render(invite, env),
    (e) => e instanceof UnrecoverableError && e.message === SealedMessages.wrongKey,
  );
});

test('feedback goes to FEEDBACK_TO with the sender as Reply-To', () => {
  const out = render({ kind: 'feedback', from: 'u@x.io', message: 'hi' }, env);
  assert.deepEqual([out.to, out.replyTo], ['support@example.com', 'u@x.io']);
});
