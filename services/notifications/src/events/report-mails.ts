import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { REPORT_MAIL_QUEUE, reportMailJobs } from '../domain/report-mail.js';

/** billing.report.completed.v1 → one `report-mail` job per address (domain/report-mail.ts). */
export const reportMailConsumer = defineConsumer({
  durable: 'notifications-report-mails',
  stream: STREAMS.billing,
  subjects: [Subjects.reportCompleted],
  async handle(event, ctx) {
    for (const { jobId, job } of reportMailJobs(event)) {
      await ctx.app.jobs.add(REPORT_MAIL_QUEUE, 'report-mail', job, { jobId });
    }
  },
});
