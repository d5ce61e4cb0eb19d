import { Type } from 'typebox';
import { DATE_PATTERN, type RoleNumber } from '@portal/contracts';
import { type ScheduleOpts } from '@portal/contracts/dispatch';
import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { scheduleJson } from '../domain/schedule/load.js';
import type { LiveHub } from '../domain/schedule/live.js';

/** Roles of the daily schedule (orders §6: admin schedule 0, 1; the driver/staff variant 2). */
export const SCHEDULE_ROLES: RoleNumber[] = [0, 1, 2];

const Body = Type.Object(
  {
    opts: Type.Object(
      {
        day: Type.String({ pattern: DATE_PATTERN, errorMessage: 'day must be a date (YYYY-MM-DD)' }),
        isAdmin: Type.Optional(Type.Boolean()),
        q: Type.Optional(Type.String({ maxLength: 100 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

/**
 * POST /api/orders/schedule {opts: {day, isAdmin?, q?}} → {data: ScheduleDay} (orders §7; the edge sends this one
 * path of /api/orders to routing). Grouping and visibility are domain/schedule/build.ts's; `cursor` is the live
 * stream's at the time of the answer (GET /api/schedule/live resumes after it).
 */
export const scheduleRoutes =
  (hub: LiveHub): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/orders/schedule',
      {
        config: { roles: SCHEDULE_ROLES },
        schema: {
          tags: ['schedule'],
          body: Body,
          response: {
            200: Type.Object({ data: Type.Unknown() }),
            400: ProblemSchema,
            401: ProblemSchema,
            403: ProblemSchema,
          },
        },
      },
      async (request, reply) => {
        const cursor = hub.cursor; // before reading: a change meanwhile is sent again, never lost
        const opts = request.body.opts as ScheduleOpts;
        // the JSON is built (and shared between callers of the same view) by the domain: sent as it is
        const json = await scheduleJson(request.user, opts, cursor);
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );
  };
