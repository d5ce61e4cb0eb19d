import { Type } from 'typebox';
import { STAFF_ROLES } from '@portal/contracts';
import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { EMAIL_QUEUE, recipientOf, type EmailJob } from '../jobs/email.js';
import type { MailEnv } from '../env.js';

export const FailedMailMessages = {
  notFound: 'This mail is not in the failed list (already resent or removed).',
  expired: 'The code in this mail has expired; the user must ask for a new one.',
  resent: 'Email queued again',
} as const;

const FailedMail = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  to: Type.String(),
  reason: Type.String(),
  attempts: Type.Integer(),
  queuedAt: Type.String(),
  failedAt: Type.String(),
});
const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ProblemSchema]));
const iso = (ms: number | undefined) => new Date(ms ?? 0).toISOString();

/**
 * Mails that still failed after the whole retry schedule (≥ 24 h) or failed permanently (SMTP 5xx): staff (0, 1)
 * list them and resend one. The list shows kind, recipient and reason, never the job data (sealed codes stay in).
 */
export const failedMailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emailQueue = () => app.jobs.queue(EMAIL_QUEUE);
  const env = app.env as unknown as MailEnv;

  app.get(
    '/email/failed',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['email'],
        response: { 200: Type.Object({ jobs: Type.Array(FailedMail) }), ...problems(401, 403) },
      },
    },
    async () => {
      const jobs = await (await emailQueue()).getJobs(['failed'], 0, 199, false);
      return {
        jobs: jobs.filter(Boolean).map((j) => ({
          id: String(j.id),
          kind: (j.data as EmailJob).kind ?? j.name,
          to: recipientOf(j.data as EmailJob, env),
          reason: j.failedReason ?? '',
          attempts: j.attemptsMade,
          queuedAt: iso(j.timestamp),
          failedAt: iso(j.finishedOn),
        })),
      };
    },
  );

  app.post(
    '/email/failed/:id/resend',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['email'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 202: Type.Object({ message: Type.String() }), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const job = await (await emailQueue()).getJob(request.params.id);
      if (!job || (await job.getState()) !== 'failed') throw new Problem(404, FailedMailMessages.notFound);
      const data = job.data as EmailJob;
      if ((data.kind === 'pin' || data.kind === 'reset-code') && Date.parse(data.expiresAt) <= Date.now()) {
        throw new Problem(409, FailedMailMessages.expired);
      }
      // A fresh schedule: the resent mail gets the full retry period again.
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      request.log.info({ jobId: job.id, kind: data.kind }, 'failed mail resent by staff');
      return reply.code(202).send({ message: FailedMailMessages.resent });
    },
  );
};
