import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ALL_ROLES, Messages, canManageBilling } from '@portal/contracts';
import { ReportList, ReportStarted } from '@portal/contracts/billing';
import { listReportRuns, startTimestampReport } from '../domain/reports.js';
import { ReportListQuery, TimestampReportBody } from '../schemas.js';

/** Reports (orders spec §2 Reports, §7 POST /reports/timestamp): billing and reports are staff's (§6). */
export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roles = ALL_ROLES.filter(canManageBilling);

  app.get(
    '/reports',
    {
      config: { roles },
      schema: {
        tags: ['reports'],
        querystring: ReportListQuery,
        response: { 200: ReportList, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request) => ({ data: { reports: await listReportRuns(request.user.sub, request.query) } }),
  );

  app.post(
    '/reports/timestamp',
    {
      config: { roles },
      schema: {
        tags: ['reports'],
        body: Type.Optional(TimestampReportBody),
        response: { 202: ReportStarted, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request, reply) => {
      const report = await startTimestampReport(request.user, request.body);
      return reply.code(202).send({ message: Messages.reportStarted, data: { report } });
    },
  );
};
