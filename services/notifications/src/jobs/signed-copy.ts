import { createHash } from 'node:crypto';
import { defineWorker, UnrecoverableError, type Mail } from '@portal/service-kit';
import type { MailEnv } from '../env.js';
import {
  MANIFEST_BUCKET,
  SIGNED_COPY_QUEUE,
  signedCopyMail,
  type SignedCopyJob,
} from '../domain/signed-copy.js';
import { attemptsFor, delayAfter, scheduleOf } from './schedule.js';

/** A mail with files: nodemailer takes `attachments` beside subject/html/text (the kit's send spreads the mail). */
export type MailWithFiles = Mail & {
  attachments: { filename: string; content: Buffer; contentType: string }[];
};

/** Reads an object whole (one signed manifest: a few MB at most). */
async function readObject(
  client: { getObject(b: string, k: string): Promise<AsyncIterable<unknown>> },
  key: string,
) {
  const chunks: Buffer[] = [];
  for await (const c of await client.getObject(MANIFEST_BUCKET, key))
    chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The signed copy with its PDF attached, after checking the stored bytes still hash to what orders recorded (a file
 * that is not the signed one is never mailed: the job fails for good, kept for staff). Pure but for the bytes given.
 */
export function signedCopyWithFile(j: SignedCopyJob, pdf: Buffer, appUrl: string): MailWithFiles {
  const sha = createHash('sha256').update(pdf).digest('hex');
  if (sha !== j.sha256)
    throw new UnrecoverableError(`The stored signed manifest ${j.key} does not match its recorded SHA-256`);
  return {
    ...signedCopyMail(j, appUrl),
    attachments: [{ filename: j.filename, content: pdf, contentType: 'application/pdf' }],
  };
}

/**
 * The `signed-copy` worker: same retry schedule as every mail (jobs/schedule.ts); a missing object is retried (the
 * object store may be down), SMTP 5xx parks the job at once.
 */
export function signedCopyWorker(env: MailEnv) {
  const schedule = scheduleOf(env);
  return defineWorker<SignedCopyJob>({
    queue: SIGNED_COPY_QUEUE,
    concurrency: 2,
    attempts: attemptsFor(schedule),
    backoff: (attemptsMade) => delayAfter(attemptsMade, schedule),
    keepFailed: { age: 30 * 24 * 3600 },
    // kept in notifications' database until sent: a Redis restart during an SMTP outage loses no mail
    durable: true,
    async handle(job, { app }) {
      const pdf = await readObject(app.objectStore.client as never, job.data.key);
      const mail = signedCopyWithFile(job.data, pdf, env.APP_URL);
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
