import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, canManageBilling } from '@portal/contracts';
import { ReportMessages, ReportScheduleList, ReportScheduled } from '@portal/contracts/billing';
import { createSchedule, deleteSchedule, listSchedules } from '../domain/reports/schedules.js';
import { ReportIdParams, ScheduleBody } from '../schemas.js';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/** Scheduled reports: staff's, each their own (another's answers 404). */
export const reportSchedulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roles = ALL_ROLES.filter(canManageBilling);
  const tags = ['reports'];

  app.get(
    '/reports/schedules',
    { config: { roles }, schema: { tags, response: { 200: ReportScheduleList, ...problems } } },
    async (request) => ({ data: { schedules: await listSchedules(app, request.user) } }),
  );

  app.post(
    '/reports/schedules',
    {
      config: { roles },
      schema: {
        tags,
        body: ScheduleBody,
        response: { 201: ReportScheduled, ...problems, 503: ProblemSchema },
      },
    },
    async (request, reply) => {
      const schedule = await createSchedule(app, request.user, request.body);
      return reply.code(201).send({ message: ReportMessages.scheduled, data: { schedule } });
    },
  );

  app.delete(
    '/reports/schedules/:id',
    {
      config: { roles },
      schema: { tags, params: ReportIdParams, response: { 204: { type: 'null' }, ...problems } },
    },
    async (request, reply) => {
      await deleteSchedule(app, request.user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
