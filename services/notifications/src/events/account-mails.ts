import { defineConsumer, seal, UnrecoverableError } from '@portal/service-kit';
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
/**
 * The sealed code of an event. An event from an accounts build older than the sealing (a rolling deploy) still
 * has it in clear: seal it here so that at least the job in Redis never holds it.
 */
function sealedOf(
  sealed: string | undefined,
  clear: string | undefined,
  d: { email: string; expiresAt: string },
) {
  if (sealed) return sealed;
  if (!clear) throw new UnrecoverableError('event without a code');
  const exp = Date.parse(d.expiresAt);
  return seal(clear, {
    context: d.email,
    expiresAt: new Date(Number.isFinite(exp) ? exp : Date.now() + 30 * 60_000),
  });
}

export const pinRequestedConsumer = defineConsumer({
  durable: 'notifications-pin-requested',
  stream: STREAMS.accounts,
  subjects: [Subjects.pinRequested],
  async handle(event, ctx) {
    const d = event.data as PinRequestedData;
    const job: EmailJob = {
      kind: 'pin',
      email: d.email,
      sealedPin: sealedOf(d.sealedPin, (d as { pin?: string }).pin, d),
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
    const job: EmailJob = {
      kind: 'reset-code',
      email: d.email,
      sealedCode: sealedOf(d.sealedCode, (d as { code?: string }).code, d),
      expiresAt: d.expiresAt,
      ...(d.purpose === 'account-created' ? { welcome: true } : {}),
    };
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
