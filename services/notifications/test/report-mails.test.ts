// A finished report by mail: billing's `billing.report.completed.v1` → one `report-mail` job per
// address → the worker reads the report's files from the `reports` bucket and attaches them (or links the ones over
// the size limit) → SMTP. End to end against the running NATS, Redis, object store and SMTP sink: the test app's
// mail goes through a small relay in this file that keeps the raw MIME (the shared sink stores no attachments) and
// passes it on to the shared sink, so one send is checked in both: the mailbox (subject, recipients, body) and the
// attachments themselves (names, the CSV's text, the xlsx's bytes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { Subjects, type ReportCompletedData } from '@portal/contracts';
import { freePort, mailbox, waitFor } from '@portal/service-kit/testing';
import { REPORTS_BUCKET, reportMailJobs } from '../src/domain/report-mail.js';
import { buildReportMail } from '../src/jobs/report-mail.js';
import { reportLead } from '../src/templates/report.js';
import { runTag, startApp } from './helpers.js';

const tag = runTag();
const CSV = `Order ID,Vendor,Delivered\r\nG-${tag}-1,"Green Leaf, LLC",2026-10-05\r\nG-${tag}-2,'=SUM(A1),2026-10-06\r\n`;
const XLSX = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from(`fake workbook ${tag}`)]);
const csvKey = `test/${tag}/status.csv`;
const xlsxKey = `test/${tag}/status.xlsx`;
const to = [`clerk-${tag}@test.portal`, `Ops-${tag}@test.portal`];
const title = `Orders by status 2026-10-01 – 2026-10-31 (${tag})`;

const completed = (over: Partial<ReportCompletedData> = {}): ReportCompletedData => ({
  reportId: `r-${tag}`,
  kind: 'status',
  title,
  emails: to,
  rows: 2,
  files: [
    {
      key: csvKey,
      filename: `status-${tag}.csv`,
      contentType: 'text/csv',
      size: Buffer.byteLength(CSV),
    },
    {
      key: xlsxKey,
      filename: `status-${tag}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      size: XLSX.length,
    },
  ],
  requestedBy: 'u-admin',
  ...over,
});

test('the rule: one job per address (trimmed, lower case, unique), ids from the event id; no secret in the job', () => {
  const jobs = reportMailJobs({
    id: `ev-${tag}`,
    data: completed({ emails: [...to, ` CLERK-${tag}@test.portal `] }),
  });
  assert.deepEqual(
    jobs.map((j) => j.job.to),
    to.map((e) => e.toLowerCase()),
  );
  assert.deepEqual(
    jobs.map((j) => j.jobId),
    [`report-mail-ev-${tag}-0`, `report-mail-ev-${tag}-1`],
  );
  assert.deepEqual(Object.keys(jobs[0]!.job).sort(), ['files', 'kind', 'reportId', 'rows', 'title', 'to']);
  assert.equal(
    reportLead({ title, rows: 0, emptyText: 'No orders missing signatures' }),
    'No orders missing signatures',
  );
  assert.equal(reportLead({ title: 'T', rows: 1234 }), 'Your report "T" is ready: 1,234 rows.');
});

test('a file over the limit is linked (pre-signed for 7 days), not attached', async () => {
  const store = {
    client: {
      getObject: async () =>
        (async function* () {
          yield Buffer.from(CSV);
        })(),
    },
    presignedGet: async (key: string, o: { expires: number; bucket?: string }) =>
      `http://store.test/${o.bucket}/${key}?X-Amz-Expires=${o.expires}`,
  };
  const job = reportMailJobs({ id: 'e', data: completed() })[0]!.job;
  const mail = await buildReportMail(job, store, 'http://portal.test/', XLSX.length);
  assert.deepEqual(
    mail.attachments.map((a) => a.filename),
    [`status-${tag}.xlsx`],
  );
  assert.match(
    mail.text,
    new RegExp(
      `status-${tag}\\.csv \\(0\\.0 MB\\) is too large to attach; download it within 7 days: http://store\\.test/reports/test/${tag}/status\\.csv\\?X-Amz-Expires=604800`,
    ),
  );
  assert.match(mail.text, /Your reports: http:\/\/portal\.test\/dashboard\/reports/);
});

// The relay: keeps each raw message, then hands it to the shared sink unchanged.
const raw: ParsedMail[] = [];
let relay: SMTPServer | undefined;
let app: FastifyInstance;
before(async () => {
  const shared = nodemailer.createTransport({
    host: process.env.SMTP_HOST ?? '127.0.0.1',
    port: Number(process.env.SMTP_PORT ?? 2525),
    secure: false,
    ignoreTLS: true,
  });
  relay = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = Buffer.concat(chunks);
        simpleParser(message)
          .then((m) => raw.push(m))
          .then(() =>
            shared.sendMail({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              raw: message,
            }),
          )
          .then(() => cb(), cb);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => relay!.listen(port, '127.0.0.1', () => r()));
  // its own queue and durables: the running service's worker must not take these jobs
  app = await startApp({
    QUEUE_PREFIX: `portal-notifications-test-reports`,
    SMTP_PORT: port,
    SMTP_TLS: 'none',
  });
  await app.objectStore.ensureBucket(REPORTS_BUCKET);
  await app.objectStore.client.putObject(REPORTS_BUCKET, csvKey, Buffer.from(CSV), Buffer.byteLength(CSV), {
    'Content-Type': 'text/csv',
  });
  await app.objectStore.client.putObject(REPORTS_BUCKET, xlsxKey, XLSX, XLSX.length);
});
after(async () => {
  for (const k of [csvKey, xlsxKey])
    await app?.objectStore.client.removeObject(REPORTS_BUCKET, k).catch(() => {});
  for (const a of to) await mailbox.clear(a).catch(() => 0);
  await app?.close();
  await new Promise<void>((r) => (relay ? relay.close(() => r()) : r()));
});

test('end to end: the completed event → each address gets the mail with the CSV and xlsx attached', async () => {
  const since = Date.now();
  await app.bus.publish(Subjects.reportCompleted, completed(), { source: 'billing' });
  for (const address of to.map((a) => a.toLowerCase())) {
    const mail = await mailbox.waitForMailTo(address, title, { since });
    assert.deepEqual(mail.to, [address]);
    assert.match(
      mail.text,
      new RegExp(`Your report "${title.replace(/[()]/g, '\\$&')}" is ready: 2 rows\\.`),
    );
    assert.match(mail.text, new RegExp(`Attached: status-${tag}\\.csv, status-${tag}\\.xlsx`));
    assert.match(mail.html, /href="http:\/\/localhost:8080\/dashboard\/reports"/);
    const sent = await waitFor(
      () =>
        raw.find(
          (m) =>
            m.subject === title &&
            m.text?.includes('is ready') &&
            (m.to as { text: string }).text === address,
        ),
      10_000,
    );
    assert.deepEqual(
      sent.attachments.map((a) => [a.filename, a.contentType]),
      [
        [`status-${tag}.csv`, 'text/csv'],
        [`status-${tag}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ],
    );
    assert.equal(
      sent.attachments[0]!.content.toString('utf8'),
      CSV,
      'the CSV is the stored file, byte for byte',
    );
    assert.ok(sent.attachments[1]!.content.equals(XLSX));
  }
});

test('an empty report says its empty text and attaches its (header-only) files', async () => {
  const since = Date.now();
  const emptyTitle = `Signature report (${tag})`;
  await app.bus.publish(
    Subjects.reportCompleted,
    completed({
      reportId: `r2-${tag}`,
      title: emptyTitle,
      rows: 0,
      emptyText: 'No orders missing signatures',
      emails: [to[0]!],
      files: completed().files.slice(0, 1),
    }),
    { source: 'billing' },
  );
  const mail = await mailbox.waitForMailTo(to[0]!.toLowerCase(), emptyTitle, { since });
  assert.match(mail.text, /^No orders missing signatures$/m);
  assert.match(mail.text, new RegExp(`Attached: status-${tag}\\.csv$`, 'm'));
});
