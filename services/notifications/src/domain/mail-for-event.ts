import { Subjects, type EventEnvelope, type EventPayload } from '@portal/contracts';
import type { EmailJob } from './email-job.js';

/** The accounts events that become mail, each with the durable consumer notifications reads it with. */
export const MAIL_EVENTS = {
  'notifications-user-verified': [Subjects.userVerified],
  'notifications-pin-requested': [Subjects.pinRequested],
  'notifications-reset-requested': [Subjects.resetRequested],
  'notifications-user-applied': [Subjects.userApplied],
  // a resend is a new event, so a new mail
  'notifications-invite': [Subjects.inviteCreated, Subjects.inviteResent],
} as const;
export type MailSubject = (typeof MAIL_EVENTS)[keyof typeof MAIL_EVENTS][number];

/** One received event of a mail subject, its payload typed by its subject. */
export type MailEvent = {
  [S in MailSubject]: EventEnvelope<EventPayload<S>> & { type: S };
}[MailSubject];

/** A job to queue: the job id derives from the event id, so a redelivered event queues no second mail. */
export interface MailOrder {
  name: EmailJob['kind'];
  jobId: string;
  job: EmailJob;
}

const one = (job: EmailJob, id: string): MailOrder[] => [{ name: job.kind, jobId: `${job.kind}-${id}`, job }];

/**
 * Which mail(s) an event asks for — the whole rule, pure (no I/O): accounts' events say what happened, this
 * says who is mailed what. Codes and tokens pass on sealed.
 */
export function mailsForEvent(event: MailEvent): MailOrder[] {
  switch (event.type) {
    case Subjects.userVerified:
      return one({ kind: 'account-verified', email: event.data.email, name: event.data.name }, event.id);
    case Subjects.pinRequested: {
      const { email, sealedPin, purpose, expiresAt } = event.data;
      return one({ kind: 'pin', email, sealedPin, purpose, expiresAt }, event.id);
    }
    case Subjects.resetRequested: {
      const { email, sealedCode, expiresAt, purpose } = event.data;
      // a staff-made account gets a welcome that asks to choose a password, not "reset your password"
      const welcome = purpose === 'account-created' ? { welcome: true } : {};
      return one({ kind: 'reset-code', email, sealedCode, expiresAt, ...welcome }, event.id);
    }
    case Subjects.userApplied: {
      const d = event.data;
      // one mail per recipient (the config's signupEmails at the time), each with its own job id
      const recipients = [...new Set(d.recipients.map((r) => r.trim().toLowerCase()).filter(Boolean))];
      return recipients.map((to, i) => ({
        name: 'user-applied',
        jobId: `user-applied-${event.id}-${i}`,
        job: {
          kind: 'user-applied',
          to,
          email: d.email,
          companyName: d.companyName,
          licenseNumber: d.licenseNumber,
        },
      }));
    }
    case Subjects.inviteCreated:
    case Subjects.inviteResent: {
      const { email, invitedBy, companyName, link, sealedToken } = event.data;
      return one(
        { kind: 'invite', email, invitedBy, companyName, link, ...(sealedToken ? { sealedToken } : {}) },
        event.id,
      );
    }
    default:
      return [];
  }
}
