import { defineWorker, UnrecoverableError } from '@portal/service-kit';
import type { MailEnv } from '../env.js';
import {
  REPORT_LINK_SECONDS,
  REPORT_MAIL_QUEUE,
  REPORTS_BUCKET,
  planFiles,
  type ReportMailJob,
} from '../domain/report-mail.js';
import { reportMail } from '../templates/report.js';
import type { MailWithFiles } from './signed-copy.js';
import { attemptsFor, delayAfter, scheduleOf } from './schedule.js';

interface StoreLike {
  client: {
    getObject(b: string, k: string): Promise<AsyncIterable<unknown>>;
  };
  presignedGet(key: string, opts: { expires: number; filename?: string; bucket?: string }): Promise<string>;
}

async function readObject(store: StoreLike, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await store.client.getObject(REPORTS_BUCKET, key))
    chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** The mail of one job: small files read and attached, large ones linked (pre-signed for 7 days). */
export async function buildReportMail(
  job: ReportMailJob,
  store: StoreLike,
  appUrl: string,
  maxBytes?: number,
): Promise<MailWithFiles> {
  const attachments: MailWithFiles['attachments'] = [];
  const linked: { filename: string; size: number; url: string }[] = [];
  for (const p of planFiles(job.files, maxBytes)) {
    const { key, filename, contentType, size } = p.file;
    if (p.attach) attachments.push({ filename, contentType, content: await readObject(store, key) });
    else
      linked.push({
        filename,
        size,
        url: await store.presignedGet(key, {
          bucket: REPORTS_BUCKET,
          expires: REPORT_LINK_SECONDS,
          filename,
        }),
      });
  }
  const mail = reportMail({
    title: job.title,
    rows: job.rows,
    emptyText: job.emptyText,
    attached: attachments.map((a) => a.filename),
    linked,
    reportsLink: `${appUrl.replace(/\/+$/, '')}/dashboard/reports`,
  });
  return { ...mail, attachments };
}

/** The `report-mail` worker: the mails' retry schedule; a missing file is retried, SMTP 5xx parks the job. */
export function reportMailWorker(env: MailEnv) {
  const schedule = scheduleOf(env);
  return defineWorker<ReportMailJob>({
    queue: REPORT_MAIL_QUEUE,
    concurrency: 1,
    attempts: attemptsFor(schedule),
    backoff: (attemptsMade) => delayAfter(attemptsMade, schedule),
    keepFailed: { age: 30 * 24 * 3600 },
    // kept in notifications' database until sent: a Redis restart during an SMTP outage loses no mail
    durable: true,
    async handle(job, { app }) {
      const mail = await buildReportMail(job.data, app.objectStore as never, env.APP_URL);
      try {
        await app.mailer.send(job.data.to, mail);
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code && code >= 500 && code < 600) throw new UnrecoverableError((err as Error).message);
        throw err;
      }
    },
  });
}
