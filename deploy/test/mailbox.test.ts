// The SMTP sink (deploy/local/mailbox/server.ts), started in-process on free ports with a temporary store.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { startMailbox, type Mailbox } from '../local/mailbox/server.ts';

let mb: Mailbox;
let dir: string;
let base: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mailbox-test-'));
  mb = await startMailbox({ smtpPort: 0, httpPort: 0, dir });
  base = `http://127.0.0.1:${mb.httpPort}`;
});
after(async () => {
  await mb?.close();
  await rm(dir, { recursive: true, force: true });
});

const transport = () =>
  nodemailer.createTransport({ host: '127.0.0.1', port: mb.smtpPort, secure: false, ignoreTLS: true });

test('a sent message shows in the API, newest first, with its full body', async () => {
  await transport().sendMail({
    from: 'no-reply@demo.portal',
    to: 'first@test.portal',
    subject: 'First',
    text: 'one',
  });
  await transport().sendMail({
    from: '"Portal" <no-reply@demo.portal>',
    to: ['a@test.portal', 'b@test.portal'],
    bcc: 'hidden@test.portal',
    subject: 'Account Verified',
    messageId: '<job-7.1795960000000@demo.portal>',
    text: 'Your account is verified.',
    html: '<p>Your account is <b>verified</b>.</p>',
  });
  const list = (await (await fetch(`${base}/api/messages`)).json()) as Array<Record<string, unknown>>;
  assert.equal(list.length, 2);
  const [newest, older] = list;
  assert.equal(newest.subject, 'Account Verified');
  assert.equal(older.subject, 'First');
  assert.equal(newest.from, 'no-reply@demo.portal');
  assert.deepEqual(newest.to, ['a@test.portal', 'b@test.portal', 'hidden@test.portal']);
  assert.ok(!Number.isNaN(Date.parse(String(newest.date))));
  assert.deepEqual(Object.keys(newest).sort(), ['date', 'from', 'id', 'messageId', 'subject', 'to']);
  // the sender's Message-ID, so a resend of the same message is told apart from a second mail
  assert.equal(newest.messageId, '<job-7.1795960000000@demo.portal>');
  assert.match(String(older.messageId), /^<.+@.+>$/);

  const res = await fetch(`${base}/api/messages/${newest.id}`);
  assert.equal(res.status, 200);
  const full = (await res.json()) as Record<string, unknown>;
  assert.equal(full.id, newest.id);
  assert.match(String(full.text), /Your account is verified\./);
  assert.match(String(full.html), /<b>verified<\/b>/);
});

test('unknown ids are 404, the page is served with relative links, DELETE clears', async () => {
  assert.equal((await fetch(`${base}/api/messages/nope`)).status, 404);
  assert.equal((await fetch(`${base}/api/messages/1700000000000-deadbeef`)).status, 404);
  const page = await fetch(`${base}/`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /text\/html/);
  const html = await page.text();
  assert.match(html, /fetch\('api\/messages'\)/);
  assert.doesNotMatch(html, /fetch\('\/api/);
  assert.equal((await fetch(`${base}/api/messages`, { method: 'DELETE' })).status, 200);
  assert.deepEqual(await (await fetch(`${base}/api/messages`)).json(), []);
});
