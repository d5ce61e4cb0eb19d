import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { EMAIL_QUEUE } from '../jobs/email.js';
import { serviceDueMails } from '../domain/service-due-mail.js';

/** fleet's service-due alerts → `email` jobs to the staff the event names (domain/service-due-mail.ts). */
export const fleetMailConsumer = defineConsumer({
  durable: 'notifications-fleet-service-due',
  stream: STREAMS.fleet,
  subjects: [Subjects.vehicleServiceDue],
  async handle(event, ctx) {
    const appUrl = (ctx.app.env as unknown as { APP_URL: string }).APP_URL;
    for (const order of serviceDueMails(event, appUrl)) {
      await ctx.app.jobs.add(EMAIL_QUEUE, order.name, order.job, { jobId: order.jobId });
    }
  },
});
