import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { EMAIL_QUEUE } from '../jobs/email.js';
import { driverScheduleMails } from '../domain/driver-schedule-mail.js';

/** routing's weekly schedule saves with notify → `email` jobs to the affected drivers (domain/driver-schedule-mail.ts). */
export const driverScheduleMailConsumer = defineConsumer({
  durable: 'notifications-driver-schedule',
  stream: STREAMS.routing,
  subjects: [Subjects.driverScheduleChanged],
  async handle(event, ctx) {
    const appUrl = (ctx.app.env as unknown as { APP_URL: string }).APP_URL;
    for (const order of driverScheduleMails(event, appUrl)) {
      await ctx.app.jobs.add(EMAIL_QUEUE, order.name, order.job, { jobId: order.jobId });
    }
  },
});
