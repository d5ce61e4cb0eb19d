import { defineWorker, UnrecoverableError } from '@portal/service-kit';
import type { MailEnv } from '../env.js';
import { render } from '../domain/render.js';
import type { EmailJob } from '../domain/email-job.js';
import { attemptsFor, delayAfter, scheduleOf } from './schedule.js';

export { recipientOf, type EmailJob } from '../domain/email-job.js';
export const EMAIL_QUEUE = 'email';

/** SMTP 5xx (mailbox unknown, message refused) is permanent: park the mail now instead of retrying for a day. */
async function send(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    if (code && code >= 500 && code < 600) throw new UnrecoverableError((err as Error).message);
    throw err;
  }
}

/**
 * The mail's Message-ID, one per job: a job sent again after its instance died between the relay's acceptance and
 * the job's completion (SMTP is at-least-once) carries the same id, which mail systems and readers collapse into one
 * message. The key is the job's id with its creation time: an id alone may be BullMQ's counter, which starts again
 * in an emptied Redis, and two different mails must never share a Message-ID.
 */
export function messageIdOf(jobId: string, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'portal.local';
  return `<${jobId.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;
}

/**
 * Renders and sends one job with the kit's mailer (`app.mailer`); a failure throws and BullMQ retries on the
 * mail schedule (jobs/schedule.ts: ≥ 24 h, capped at 10 min between tries); what still fails is kept in the
 * failed set for staff to resend.
 */
export function emailWorker(env: MailEnv) {
  const schedule = scheduleOf(env);
  return defineWorker<EmailJob>({
    queue: EMAIL_QUEUE,
    concurrency: 2,
    // a mail in hand when its instance dies is taken up by another within a minute (the kit's 5-minute check let it
    // wait up to 10); a live worker renews its lock, so only a dead one's mail is taken up
    progressCheckMs: 30_000,
    attempts: attemptsFor(schedule),
    backoff: (attemptsMade) => delayAfter(attemptsMade, schedule),
    keepFailed: { age: 30 * 24 * 3600 },
    // kept in notifications' database until sent: a Redis restart during an SMTP outage loses no mail
    durable: true,
    async handle(job, { app }) {
      const { to, mail, replyTo } = render(job.data, env);
      const messageId = messageIdOf(`${String(job.id)}.${job.timestamp}`, env.MAIL_FROM);
      await send(() => app.mailer.send(to, mail, { replyTo, messageId }));
    },
  });
}
