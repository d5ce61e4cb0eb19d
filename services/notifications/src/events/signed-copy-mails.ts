import { defineConsumer } from '@portal/service-kit';
import { STREAMS, Subjects } from '@portal/contracts';
import { SIGNED_COPY_QUEUE, signedCopyJobs } from '../domain/signed-copy.js';

/** orders.order.custody.v1 step 'manifest-signed' → one `signed-copy` job per address (domain/signed-copy.ts). */
export const signedCopyConsumer = defineConsumer({
  durable: 'notifications-signed-copy',
  stream: STREAMS.orders,
  subjects: [Subjects.orderCustody],
  async handle(event, ctx) {
    for (const { jobId, job } of signedCopyJobs(event)) {
      await ctx.app.jobs.add(SIGNED_COPY_QUEUE, 'signed-copy', job, { jobId });
    }
  },
});
