import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects, type UserVerifiedData } from '@portal/contracts';
import { EMAIL_QUEUE, type EmailJob } from '../jobs/email.js';

/**
 * accounts.user.verified → the "Account Verified" mail. The kit records processed event ids, so a redelivered
 * event is acked without a second mail; the job id is the event id as a second guard while the job exists.
 */
export const userVerifiedConsumer = defineConsumer({
  durable: 'notifications-user-verified',
  stream: STREAMS.accounts,
  subjects: [Subjects.userVerified],
  async handle(event, ctx) {
    const data = event.data as UserVerifiedData;
    const job: EmailJob = { kind: 'account-verified', email: data.email, name: data.name };
    await ctx.app.queues.add(EMAIL_QUEUE, 'account-verified', job, { jobId: `account-verified-${event.id}` });
  },
});
