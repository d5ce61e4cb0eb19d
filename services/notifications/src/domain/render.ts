import { openSealed, SealError, UnrecoverableError, type Mail } from '@portal/service-kit';
import { feedbackMail } from '../templates/feedback.js';
import { accountVerifiedMail } from '../templates/account-verified.js';
import { pinMail } from '../templates/pin.js';
import { resetCodeMail } from '../templates/reset-code.js';
import { accountCreatedMail } from '../templates/account-created.js';
import { userAppliedMail } from '../templates/user-applied.js';
import { inviteMail } from '../templates/invite.js';
import type { EmailJob } from './email-job.js';
import { fillTrackingLink } from './order-mails.js';

export interface RenderEnv {
  APP_URL: string;
  FEEDBACK_TO: string;
  EVENT_SEAL_KEY: string;
  /** Signs the tracking link of a raw job with `track` (optional: only the order mails have one). */
  TRACKING_SECRET?: string;
}
/** A mail ready for the transport: recipient, content, optional Reply-To. */
export interface Outgoing {
  to: string;
  mail: Mail;
  replyTo?: string;
}

export const SealedMessages = {
  codeExpired: 'The code in this mail has expired; the user must ask for a new one',
  inviteExpired: 'The invite in this mail has expired; it must be sent again',
  wrongKey: "The secret in this mail cannot be opened (EVENT_SEAL_KEY differs from the sender's)",
} as const;

/** A sealed secret that will never open (expired, wrong key) is not retried for a day: the job fails at once. */
function openOrPark(sealed: string, email: string, key: string, expired: string): string {
  try {
    return openSealed(sealed, { context: email, key });
  } catch (err) {
    if (err instanceof SealError) {
      throw new UnrecoverableError(err.reason === 'expired' ? expired : SealedMessages.wrongKey);
    }
    throw err;
  }
}

/** The sign-up link of the mail: the event's link (no secret) with the invite token appended. */
export function inviteLink(link: string, token?: string): string {
  if (!token) return link;
  return `${link}${link.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** What a job sends (templates, sealed secrets opened): no I/O, so the rules are unit-tested without SMTP. */
export function render(data: EmailJob, env: RenderEnv): Outgoing {
  const key = env.EVENT_SEAL_KEY;
  switch (data.kind) {
    case 'feedback':
      return { to: env.FEEDBACK_TO, mail: feedbackMail(data), replyTo: data.from };
    case 'account-verified':
      return { to: data.email, mail: accountVerifiedMail({ ...data, appUrl: env.APP_URL }) };
    case 'pin': {
      const pin = openOrPark(data.sealedPin, data.email, key, SealedMessages.codeExpired);
      return { to: data.email, mail: pinMail({ ...data, pin }) };
    }
    case 'reset-code': {
      const code = openOrPark(data.sealedCode, data.email, key, SealedMessages.codeExpired);
      const mail = data.welcome ? accountCreatedMail : resetCodeMail; // staff-made account: a welcome
      return { to: data.email, mail: mail({ ...data, code, appUrl: env.APP_URL }) };
    }
    case 'user-applied':
      return { to: data.to, mail: userAppliedMail({ ...data, appUrl: env.APP_URL }) };
    case 'invite': {
      const token = data.sealedToken
        ? openOrPark(data.sealedToken, data.email, key, SealedMessages.inviteExpired)
        : undefined;
      return { to: data.email, mail: inviteMail({ ...data, link: inviteLink(data.link, token) }) };
    }
    case 'raw': {
      const body = { html: data.html, text: data.text ?? '' };
      const filled = data.track
        ? fillTrackingLink(body, data.track, { APP_URL: env.APP_URL, TRACKING_SECRET: env.TRACKING_SECRET })
        : body;
      return { to: data.to, mail: { subject: data.subject, ...filled } };
    }
    default:
      throw new UnrecoverableError(`unknown email job ${(data as { kind?: string }).kind}`);
  }
}
