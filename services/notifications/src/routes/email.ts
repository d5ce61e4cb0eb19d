import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, STAFF_ROLES } from '@portal/contracts';
import { ProblemSchema } from '@portal/service-kit';
import { EMAIL_QUEUE, type EmailJob } from '../jobs/email.js';

const required = (extra: object = {}) =>
  Type.String({ pattern: '\\S', maxLength: 10_000, errorMessage: Messages.feedbackRequired, ...extra });
const Accepted = Type.Object({ message: Type.String() });
const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ProblemSchema]));

export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/email/feedback',
    {
      schema: {
        tags: ['email'],
        body: Type.Object({ from: required({ maxLength: 200 }), message: required() }),
        response: { 202: Accepted, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const job: EmailJob = {
        kind: 'feedback',
        from: request.body.from.trim(),
        message: request.body.message,
      };
      await app.jobs.add(EMAIL_QUEUE, 'feedback', job);
      return reply.code(202).send({ message: Messages.feedbackSent });
    },
  );

  app.post(
    '/email/sendEmail',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['email'],
        body: Type.Object({
          email: Type.String({ format: 'email', errorMessage: Messages.inviteEmailInvalid }),
          subject: Type.String({ minLength: 1, maxLength: 300 }),
          html: Type.String({ minLength: 1, maxLength: 200_000 }),
        }),
        response: { 202: Accepted, ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { email, subject, html } = request.body;
      const job: EmailJob = { kind: 'raw', to: email, subject, html };
      await app.jobs.add(EMAIL_QUEUE, 'send-email', job);
      return reply.code(202).send({ message: 'Email queued' });
    },
  );
};
