import { defineWorker, openSealed, SealError, UnrecoverableError } from '@portal/service-kit';
import type { Mailer } from '../mailer.js';
import type { MailEnv } from '../env.js';
import { feedbackMail } from '../templates/feedback.js';
import { accountVerifiedMail } from '../templates/account-verified.js';
import { pinMail } from '../templates/pin.js';
import { resetCodeMail } from '../templates/reset-code.js';
import { accountCreatedMail } from '../templates/account-created.js';
import { userAppliedMail } from '../templates/user-applied.js';
import { inviteMail } from '../templates/invite.js';
import { attemptsFor, delayAfter, scheduleOf } from './schedule.js';

export const EMAIL_QUEUE = 'email';

/**
 * Jobs carry only what the template needs (no rendered bodies except sendEmail's own html). Pins and reset codes
 * are sealed (kit seal(), bound to the address, expiring with the code): Redis never holds them in clear; the
 * worker opens them just before the send.
 */
export type EmailJob =
  | { kind: 'feedback'; from: string; message: string }
  | { kind: 'account-verified'; email: string; name?: string }
  | { kind: 'pin'; email: string; sealedPin: string; purpose: 'signup' | 'change-email'; expiresAt: string }
  | { kind: 'reset-code'; email: string; sealedCode: string; expiresAt: string; welcome?: boolean }
  | { kind: 'user-applied'; to: string; email: string; companyName?: string; licenseNumber?: string }
  | { kind: 'invite'; email: string; invitedBy: string; companyName?: string; link: string }
  | { kind: 'raw'; to: string; subject: string; html: string };

/** Who a job mails (for the failed-mail list). */
export function recipientOf(data: EmailJob, env: Pick<MailEnv, 'FEEDBACK_TO'>): string {
  switch (data.kind) {
    case 'feedback':
      return env.FEEDBACK_TO;
    case 'user-applied':
    case 'raw':
      return data.to;
    default:
      return (data as { email?: string }).email ?? '';
  }
}

/** A sealed code that will never open (expired, wrong key) is not retried for a day: the job fails at once. */
function openCode(sealed: string, email: string, key: string): string {
  try {
    return openSealed(sealed, { context: email, key });
  } catch (err) {
    if (err instanceof SealError) {
      throw new UnrecoverableError(
        err.reason === 'expired'
          ? 'The code in this mail has expired; the user must ask for a new one'
          : "The code in this mail cannot be opened (EVENT_SEAL_KEY differs from the sender's)",
      );
    }
    throw err;
  }
}

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
 * Renders and sends one job; a failure throws and BullMQ retries on the mail schedule (jobs/schedule.ts: ≥ 24 h,
 * capped at 10 min between tries); what still fails is kept in the failed set for staff to resend.
 */
export function emailWorker(mailer: Mailer, env: MailEnv) {
  const schedule = scheduleOf(env);
  return defineWorker({
    queue: EMAIL_QUEUE,
    concurrency: 2,
    attempts: attemptsFor(schedule),
    backoff: (attemptsMade) => delayAfter(attemptsMade, schedule),
    keepFailed: { age: 30 * 24 * 3600 },
    async handle(job) {
      const data = job.data as EmailJob;
      switch (data.kind) {
        case 'feedback':
          return send(() => mailer.send(env.FEEDBACK_TO, feedbackMail(data), { replyTo: data.from }));
        case 'account-verified':
          return send(() => mailer.send(data.email, accountVerifiedMail({ ...data, appUrl: env.APP_URL })));
        case 'pin': {
          const pin = openCode(data.sealedPin, data.email, env.EVENT_SEAL_KEY);
          return send(() => mailer.send(data.email, pinMail({ ...data, pin })));
        }
        case 'reset-code': {
          const code = openCode(data.sealedCode, data.email, env.EVENT_SEAL_KEY);
          const mail = data.welcome ? accountCreatedMail : resetCodeMail; // staff-made account: a welcome
          return send(() => mailer.send(data.email, mail({ ...data, code, appUrl: env.APP_URL })));
        }
        case 'user-applied':
          return send(() => mailer.send(data.to, userAppliedMail({ ...data, appUrl: env.APP_URL })));
        case 'invite':
          return send(() => mailer.send(data.email, inviteMail(data)));
        case 'raw':
          return send(() => mailer.send(data.to, { subject: data.subject, html: data.html, text: '' }));
        default:
          throw new UnrecoverableError(`unknown email job ${(data as { kind?: string }).kind}`);
      }
    },
  });
}
