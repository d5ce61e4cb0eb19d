import { SearchAnswer, SearchQuery } from '../schemas/search.js';
import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import type { RouteIndex } from '../domain/route-index.js';
import { todayDay } from '../domain/days.js';
import { indexRowsOf, parseSearchQuery, searchRows } from '../domain/search/search.js';

/** Seconds the edge (nginx edge_search) and browsers may keep an answer: a route change shows within this. */
export const SEARCH_MAX_AGE_S = 5;

/**
 * GET /api/schedule/search?q=&days=&page= (public, rate-limited per client by the kit): the public delivery
 * schedule search over this instance's route index (domain/search). Cacheable: the same URI answers the same until
 * a route changes, so the edge keeps it SEARCH_MAX_AGE_S seconds.
 */
export const searchRoutes =
  (index: RouteIndex): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/schedule/search',
      {
        config: { public: true },
        schema: {
          tags: ['schedule'],
          querystring: SearchQuery,
          response: { 200: SearchAnswer, 400: ProblemSchema, 429: ProblemSchema },
        },
      },
      async (request, reply) => {
        const q = parseSearchQuery(request.query);
        if ('error' in q) throw new Problem(400, q.error);
        const data = searchRows(indexRowsOf(index), q, todayDay());
        void reply.header('cache-control', `public, max-age=${SEARCH_MAX_AGE_S}`);
        return { data };
      },
    );
  };
