import { ALL_ROLES, canManageRoutes } from '@portal/contracts';
import { Problem, ProblemSchema, serializedOnce, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { createRoute, deleteRoute, listRoutes, updateRoute } from '../domain/routes.js';
import { find, type FindAnswer, type RouteIndex } from '../domain/route-index.js';
import { findRange } from '../domain/days.js';
import { findZip } from '../domain/validate.js';
import * as S from '../schemas/routes.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const EDITORS = ALL_ROLES.filter(canManageRoutes);

/**
 * The route calls (orders spec §7 "Routes"). Reads for every signed-in user (the order form, the schedules and
 * the driver's views show routes; the price only to editors, domain/routes.ts); writes, delete included, for the
 * roles that manage routes (0, 1: §6 "Delete Route"). Rules and writes are the domain's.
 */
export const routesRoutes =
  (index: RouteIndex): FastifyPluginAsyncTypebox =>
  async (app) => {
    const read = (querystring: boolean) => ({
      tags: ['routes'],
      ...(querystring ? { querystring: S.RoutesQuery } : { body: S.RoutesListBody }),
      response: { 200: S.RoutesAnswer, ...errors },
    });
    app.get('/routes', { schema: read(true) }, async (request) => ({
      data: { routes: await listRoutes(request.user.role, request.query as S.RoutesQueryT) },
    }));
    app.post('/routes', { schema: read(false) }, async (request) => ({
      data: { routes: await listRoutes(request.user.role, (request.body as S.RoutesListBodyT).where) },
    }));

    const write = { roles: EDITORS };
    const answers = { 200: S.RouteAnswer, ...errors, 404: ProblemSchema, 409: ProblemSchema };
    app.post(
      '/routes/create',
      { config: write, schema: { tags: ['routes'], body: S.RouteCreateBody, response: answers } },
      async (request) => ({ data: { route: await createRoute(request.body.route) } }),
    );
    app.post(
      '/routes/update',
      { config: write, schema: { tags: ['routes'], body: S.RouteUpdateBody, response: answers } },
      async (request) => ({ data: { route: await updateRoute(request.body.route) } }),
    );
    app.post(
      '/routes/delete',
      {
        config: write,
        schema: {
          tags: ['routes'],
          body: S.RouteDeleteBody,
          response: { 200: S.RouteDeleteAnswer, ...errors, 404: ProblemSchema },
        },
      },
      async (request) => ({ data: { route: await deleteRoute(request.body.route.id) } }),
    );

    // Which routes, on which dates, serve a zip: from this instance's in-memory index (no database call). The index
    // keeps each answer until it changes; its JSON (the route's own response serializer) is kept beside it, so a
    // repeated question is not serialised again.
    const answered = serializedOnce<FindAnswer>();
    app.post(
      '/routes/find',
      {
        schema: { tags: ['routes'], body: S.RouteFindBody, response: { 200: S.RouteFindAnswer, ...errors } },
      },
      async (request, reply) => {
        const zip = findZip(request.body.zip);
        const range = findRange(request.body);
        if ('error' in range) throw new Problem(400, range.error);
        const data = find(index, zip, range);
        return answered(reply, data, () => ({ data }));
      },
    );
  };
