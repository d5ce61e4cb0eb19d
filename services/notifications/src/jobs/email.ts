import { defineWorker } from '@portal/service-kit';
import type { Mailer } from '../mailer.js';
import type { MailEnv } from '../env.js';
import { feedbackMail } from '../templates/feedback.js';
import { accountVerifiedMail } from '../templates/account-verified.js';

export const EMAIL_QUEUE = 'email';

/** Jobs carry only what the template needs (no secrets, no rendered bodies except sendEmail's own html). */
export type EmailJob =
  | { kind: 'feedback'; from: string; message: string }
  | { kind: 'account-verified'; email: string; name?: string }
  | { kind: 'raw'; to: string; subject: string; html: string };

/** Renders and sends one job; a failure throws, and BullMQ retries with exponential backoff. */
export function emailWorker(mailer: Mailer, env: MailEnv) {
  return defineWorker({
    queue: EMAIL_QUEUE,
    concurrency: 2,
    attempts: 5,
    async handle(job) {
      const data = job.data as EmailJob;
      switch (data.kind) {
        case 'feedback':
          return void (await mailer.send(env.FEEDBACK_TO, feedbackMail(data), { replyTo: data.from }));
        case 'account-verified':
          return void (await mailer.send(data.email, accountVerifiedMail({ ...data, appUrl: env.APP_URL })));
        case 'raw':
          return void (await mailer.send(data.to, { subject: data.subject, html: data.html, text: '' }));
        default:
          throw new Error(`unknown email job ${(data as { kind?: string }).kind}`);
      }
    },
  });
}
