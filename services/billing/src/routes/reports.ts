import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ALL_ROLES, Messages, canManageBilling } from '@portal/contracts';
import { ReportDownload, ReportList, ReportOne, ReportStarted } from '@portal/contracts/billing';
import {
  cancelRun,
  downloadUrl,
  listReportRuns,
  ownRun,
  retryRun,
  startRun,
  toReportRunView,
} from '../domain/reports/runs.js';
import {
  DownloadQuery,
  RangeReportBody,
  ReportIdParams,
  ReportListQuery,
  RunReportBody,
  TimestampReportBody,
} from '../schemas.js';

const problems = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
};

/**
 * Report runs (orders spec §2 Reports, §7 POST /reports/timestamp and POST /orders/signaturereport): staff's (§6).
 * A run belongs to whoever asked for it, super admins included: another's is answered 404.
 */
export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roles = ALL_ROLES.filter(canManageBilling);
  const tags = ['reports'];
  const started = { 202: ReportStarted, ...problems, 503: ProblemSchema };

  app.get(
    '/reports',
    {
      config: { roles },
      schema: { tags, querystring: ReportListQuery, response: { 200: ReportList, ...problems } },
    },
    async (request) => ({ data: { reports: await listReportRuns(request.user.sub, request.query.limit) } }),
  );

  app.post(
    '/reports/timestamp',
    { config: { roles }, schema: { tags, body: Type.Optional(TimestampReportBody), response: started } },
    async (request, reply) => {
      const report = await startRun(app, request.user, 'timestamp', request.body ?? {});
      return reply.code(202).send({ message: Messages.reportStarted, data: { report } });
    },
  );

  app.post(
    '/orders/signaturereport',
    { config: { roles }, schema: { tags, body: Type.Optional(RangeReportBody), response: started } },
    async (request, reply) => {
      const report = await startRun(app, request.user, 'signature', request.body ?? {});
      return reply.code(202).send({ message: Messages.reportStarted, data: { report } });
    },
  );

  app.post(
    '/reports/run',
    { config: { roles }, schema: { tags, body: RunReportBody, response: started } },
    async (request, reply) => {
      const { kind, ...rest } = request.body;
      const report = await startRun(app, request.user, kind, rest);
      return reply.code(202).send({ message: Messages.reportStarted, data: { report } });
    },
  );

  app.get(
    '/reports/:id',
    {
      config: { roles },
      schema: { tags, params: ReportIdParams, response: { 200: ReportOne, ...problems } },
    },
    async (request) => ({ data: { report: toReportRunView(await ownRun(request.user, request.params.id)) } }),
  );

  app.post(
    '/reports/:id/cancel',
    {
      config: { roles },
      schema: { tags, params: ReportIdParams, response: { 200: ReportOne, ...problems } },
    },
    async (request) => ({ data: { report: await cancelRun(app, request.user, request.params.id) } }),
  );

  app.post(
    '/reports/:id/retry',
    { config: { roles }, schema: { tags, params: ReportIdParams, response: started } },
    async (request, reply) => {
      const report = await retryRun(app, request.user, request.params.id);
      return reply.code(202).send({ message: Messages.reportStarted, data: { report } });
    },
  );

  app.get(
    '/reports/:id/download',
    {
      config: { roles },
      schema: {
        tags,
        params: ReportIdParams,
        querystring: DownloadQuery,
        response: { 200: ReportDownload, ...problems },
      },
    },
    async (request) => ({
      data: await downloadUrl(app, request.user, request.params.id, request.query.format),
    }),
  );
};
