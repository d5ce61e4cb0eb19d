// The signed copy of a manifest by mail: orders' custody event 'manifest-signed' → one mail per
// address with the signed PDF attached, read from the `manifests` bucket and checked against its recorded SHA-256.
// The attachment's bytes are checked on the MIME message nodemailer builds (the local mailbox keeps no attachments);
// the whole path — NATS event, BullMQ job, object store, SMTP — ends in the real mailbox.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { simpleParser } from 'mailparser';
import { Subjects } from '@portal/contracts';
import { UnrecoverableError } from '@portal/service-kit';
import { mailbox } from '@portal/service-kit/testing';
import { signedCopyJobs, signedCopySubject, type CustodyEventIn } from '../src/domain/signed-copy.js';
import { signedCopyWithFile } from '../src/jobs/signed-copy.js';
import { runTag, startApp } from './helpers.js';

const tag = runTag();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const PDF = Buffer.from(`%PDF-1.4\n% signed copy ${tag}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const key = `orders/test-${tag}/signed-customer-${tag}.pdf`;

const custody = (
  over: Partial<CustodyEventIn['data']> = {},
  emails = `vendor-${tag}@test.portal, Ext-${tag}@test.portal`,
) => ({
  id: `ev-${tag}`,
  data: {
    id: `64b00000000000000000${tag.slice(-4)}`,
    orderId: `G-${tag}`,
    step: 'manifest-signed',
    at: '2026-11-25T21:05:00.000Z',
    by: { userId: 'u-rec', name: 'Rita Receiver' },
    seq: 4,
    hash: 'a'.repeat(64),
    detail: {
      key,
      filename: `G-${tag}-manifest-signed-customer.pdf`,
      kind: 'customer',
      name: 'Rita R. Receiver',
      sha256: sha(PDF),
      unsignedSha256: 'b'.repeat(64),
      signatureSha256: 'c'.repeat(64),
      emails,
    },
    ...over,
  },
});

test('the rule: one job per address (trimmed, lower case, unique); other steps or no address → none', () => {
  const jobs = signedCopyJobs(custody());
  assert.deepEqual(
    jobs.map((j) => j.job.to),
    [`vendor-${tag}@test.portal`, `ext-${tag}@test.portal`],
  );
  assert.deepEqual(
    jobs.map((j) => j.jobId),
    [`signed-copy-ev-${tag}-0`, `signed-copy-ev-${tag}-1`],
  );
  assert.equal(jobs[0]!.job.key, key);
  assert.deepEqual(signedCopyJobs(custody({ step: 'checked-in' })), []);
  assert.deepEqual(signedCopyJobs(custody({}, '')), []);
});

test('the mail carries the PDF as an attachment, byte for byte; a file that is not the signed one is never sent', async () => {
  const job = signedCopyJobs(custody())[0]!.job;
  const mail = signedCopyWithFile(job, PDF, 'http://portal.test');
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail({ from: 'no-reply@demo.portal', to: job.to, ...mail });
  const parsed = await simpleParser(built.message as Buffer);
  assert.equal(parsed.subject, signedCopySubject(`G-${tag}`));
  assert.equal(parsed.attachments.length, 1);
  const [a] = parsed.attachments;
  assert.equal(a!.filename, `G-${tag}-manifest-signed-customer.pdf`);
  assert.equal(a!.contentType, 'application/pdf');
  assert.equal(sha(a!.content), sha(PDF), 'the attached bytes are the stored signed copy');
  assert.match(parsed.text ?? '', /signed by the receiver: Rita R\. Receiver, 2026-11-25 21:05 UTC/);
  assert.throws(() => signedCopyWithFile(job, Buffer.from('%PDF-1.4 another file'), ''), UnrecoverableError);
});

let app: FastifyInstance;
before(async () => {
  // its own queue: the running service's worker must not take these jobs
  app = await startApp({ QUEUE_PREFIX: 'portal-notifications-test-signed' });
  await app.objectStore.client.putObject('manifests', key, PDF, PDF.length, {
    'Content-Type': 'application/pdf',
  });
});
after(async () => {
  await app?.objectStore.client.removeObject('manifests', key).catch(() => {});
  await app?.close();
});

test('end to end: the custody event → each address receives the signed copy mail (real SMTP mailbox)', async () => {
  const since = Date.now();
  const ev = custody();
  await app.bus.publish(Subjects.orderCustody, ev.data as never, { source: 'orders' });
  for (const to of [`vendor-${tag}@test.portal`, `ext-${tag}@test.portal`]) {
    const mail = await mailbox.waitForMailTo(to, signedCopySubject(`G-${tag}`), { since });
    assert.match(
      mail.text,
      new RegExp(`The signed copy is attached: G-${tag}-manifest-signed-customer\\.pdf`),
    );
    assert.match(mail.text, new RegExp(`SHA-256 of the signed copy: ${sha(PDF)}`));
    assert.match(mail.html, /href="http:\/\/localhost:8080\/order\//);
    await mailbox.clear(to);
  }
});
