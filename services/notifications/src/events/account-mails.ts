import { defineConsumer, type ConsumerDef } from '@portal/service-kit';
import { STREAMS } from '@portal/contracts';
import { EMAIL_QUEUE } from '../jobs/email.js';
import { MAIL_EVENTS, mailsForEvent, type MailEvent } from '../domain/mail-for-event.js';

/**
 * accounts events → `email` jobs, one durable consumer per group of subjects (MAIL_EVENTS). The kit validates
 * each event against the catalogue before handing it over and records processed event ids; every job id derives
 * from the event id, so a redelivered or duplicated event queues no second mail.
 */
export const accountMailConsumers: ConsumerDef<MailEvent['type']>[] = Object.entries(MAIL_EVENTS).map(
  ([durable, subjects]) =>
    defineConsumer({
      durable,
      stream: STREAMS.accounts,
      subjects,
      async handle(event, ctx) {
        for (const order of mailsForEvent(event as MailEvent)) {
          await ctx.app.jobs.add(EMAIL_QUEUE, order.name, order.job, { jobId: order.jobId });
        }
      },
    }),
);
