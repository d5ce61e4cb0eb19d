import { defineConsumer } from '@portal/service-kit';
import {
  STREAMS,
  Subjects,
  type InviteData,
  type PinRequestedData,
  type ResetRequestedData,
  type UserAppliedData,
} from '@portal/contracts';
import { EMAIL_QUEUE, type EmailJob } from '../jobs/email.js';

/**
 * accounts events → mails. Like the Account Verified flow: the kit records processed event ids, and every job id
 * is derived from the event id, so a redelivered or duplicated event enqueues no second mail.
 */
export const pinRequestedConsumer = defineConsumer({
  durable: 'notifications-pin-requested',
  stream: STREAMS.accounts,
  subjects: [Subjects.pinRequested],
  async handle(event, ctx) {
    const d = event.data as PinRequestedData;
    const job: EmailJob = {
      kind: 'pin',
      email: d.email,
      pin: d.pin,
      purpose: d.purpose,
      expiresAt: d.expiresAt,
    };
    await ctx.app.queues.add(EMAIL_QUEUE, 'pin', job, { jobId: `pin-${event.id}` });
  },
});

export const resetRequestedConsumer = defineConsumer({
  durable: 'notifications-reset-requested',
  stream: STREAMS.accounts,
  subjects: [Subjects.resetRequested],
  async handle(event, ctx) {
    const d = event.data as ResetRequestedData;
    const job: EmailJob = { kind: 'reset-code', email: d.email, code: d.code, expiresAt: d.expiresAt };
    await ctx.app.queues.add(EMAIL_QUEUE, 'reset-code', job, { jobId: `reset-code-${event.id}` });
  },
});

/** One mail per recipient (the config's signupEmails at the time), each with its own job id. */
export const userAppliedConsumer = defineConsumer({
  durable: 'notifications-user-applied',
  stream: STREAMS.accounts,
  subjects: [Subjects.userApplied],
  async handle(event, ctx) {
    const d = event.data as UserAppliedData;
    const recipients = [...new Set((d.recipients ?? []).map((r) => r.trim().toLowerCase()).filter(Boolean))];
    for (const [i, to] of recipients.entries()) {
      const job: EmailJob = {
        kind: 'user-applied',
        to,
        email: d.email,
        companyName: d.companyName,
        licenseNumber: d.licenseNumber,
      };
      await ctx.app.queues.add(EMAIL_QUEUE, 'user-applied', job, { jobId: `user-applied-${event.id}-${i}` });
    }
  },
});

/** accounts.invite.created and accounts.invite.resent: the same mail (a resend is a new event, so a new mail). */
export const inviteConsumer = defineConsumer({
  durable: 'notifications-invite',
  stream: STREAMS.accounts,
  subjects: [Subjects.inviteCreated, Subjects.inviteResent],
  async handle(event, ctx) {
    const d = event.data as InviteData;
    const job: EmailJob = {
      kind: 'invite',
      email: d.email,
      invitedBy: d.invitedBy,
      companyName: d.companyName,
      link: d.link,
    };
    await ctx.app.queues.add(EMAIL_QUEUE, 'invite', job, { jobId: `invite-${event.id}` });
  },
});

export const accountMailConsumers = [
  pinRequestedConsumer,
  resetRequestedConsumer,
  userAppliedConsumer,
  inviteConsumer,
];
