import { defineWorker } from '@portal/service-kit';
import type { Mailer } from '../mailer.js';
import type { MailEnv } from '../env.js';
import { feedbackMail } from '../templates/feedback.js';
import { accountVerifiedMail } from '../templates/account-verified.js';
import { pinMail } from '../templates/pin.js';
import { resetCodeMail } from '../templates/reset-code.js';
import { userAppliedMail } from '../templates/user-applied.js';
import { inviteMail } from '../templates/invite.js';

export const EMAIL_QUEUE = 'email';

/**
 * Jobs carry only what the template needs (no rendered bodies except sendEmail's own html). Pins and reset codes
 * are the one secret a job holds: the mail exists to deliver them; completed jobs are trimmed by the kit.
 */
export type EmailJob =
  | { kind: 'feedback'; from: string; message: string }
  | { kind: 'account-verified'; email: string; name?: string }
  | { kind: 'pin'; email: string; pin: string; purpose: 'signup' | 'change-email'; expiresAt: string }
  | { kind: 'reset-code'; email: string; code: string; expiresAt: string }
  | { kind: 'user-applied'; to: string; email: string; companyName?: string; licenseNumber?: string }
  | { kind: 'invite'; email: string; invitedBy: string; companyName?: string; link: string }
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
        case 'pin':
          return void (await mailer.send(data.email, pinMail(data)));
        case 'reset-code':
          return void (await mailer.send(data.email, resetCodeMail({ ...data, appUrl: env.APP_URL })));
        case 'user-applied':
          return void (await mailer.send(data.to, userAppliedMail({ ...data, appUrl: env.APP_URL })));
        case 'invite':
          return void (await mailer.send(data.email, inviteMail(data)));
        case 'raw':
          return void (await mailer.send(data.to, { subject: data.subject, html: data.html, text: '' }));
        default:
          throw new Error(`unknown email job ${(data as { kind?: string }).kind}`);
      }
    },
  });
}
