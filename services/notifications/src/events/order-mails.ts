import { defineConsumer } from '@portal/service-kit';
import { STREAMS } from '@portal/contracts';
import { EMAIL_QUEUE } from '../jobs/email.js';
import { ORDER_MAIL_SUBJECTS, orderMails } from '../domain/order-mails.js';

/** orders.order.created / status-changed / cancelled / date-unmet → `email` jobs (domain/order-mails.ts). */
export const orderMailConsumer = defineConsumer({
  durable: 'notifications-order-mails',
  stream: STREAMS.orders,
  subjects: ORDER_MAIL_SUBJECTS,
  async handle(event, ctx) {
    for (const order of orderMails(event)) {
      await ctx.app.jobs.add(EMAIL_QUEUE, order.name, order.job, { jobId: order.jobId });
    }
  },
});
