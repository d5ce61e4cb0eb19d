import { ALL_ROLES } from '@portal/contracts';
import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { canEditWeek, copyWeek, readWeek, saveWeek } from '../domain/weekly/schedule.js';
import * as S from '../schemas/driverschedule.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const EDITORS = ALL_ROLES.filter(canEditWeek);
const tags = ['driverschedule'];

/**
 * The weekly driver schedule (orders §7 "Driver schedule"): reads for every signed-in user (staff also get emails
 * and the pending changes) and a public read with names only (the /dashboard/driverschedule page, no login,
 * rate-limited by the kit like every public route); writes (update, copy) for roles 0, 1. Rules: domain/weekly.
 */
export const driverScheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const read = { 200: S.WeekAnswer, ...errors };
  app.get(
    '/driverschedule',
    { schema: { tags, querystring: S.WeekQuery, response: read } },
    async (request) => readWeek(request.query.date, request.user),
  );
  app.post('/driverschedule', { schema: { tags, body: S.WeekBody, response: read } }, async (request) =>
    readWeek(request.body.date, request.user),
  );
  app.get(
    '/driverschedule/public',
    { config: { public: true }, schema: { tags, querystring: S.WeekQuery, response: read } },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=30');
      return readWeek(request.query.date, null);
    },
  );

  const write = { roles: EDITORS };
  const answers = { 200: S.UpdateAnswer, ...errors, 409: ProblemSchema };
  app.post(
    '/driverschedule/update',
    { config: write, schema: { tags, body: S.UpdateBody, response: answers } },
    async (request) => saveWeek(request.body, request.user),
  );
  app.post(
    '/driverschedule/copy',
    { config: write, schema: { tags, body: S.CopyBody, response: answers } },
    async (request) => copyWeek(request.body, request.user),
  );
};
