import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { listRoutes } from '../domain/routes.js';
import { RouteList, RouteListQuery } from '../schemas.js';

/**
 * The route list (orders spec §2 manageRoutes, §7 GET /routes): any signed-in user — the order form, the schedules
 * and the public search show routes too; what each caller sees of a route (the price) is the domain's rule.
 */
export const routesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/routes',
    {
      schema: {
        tags: ['routes'],
        querystring: RouteListQuery,
        response: { 200: RouteList, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => ({ data: { routes: await listRoutes(request.user.role, request.query) } }),
  );
};
