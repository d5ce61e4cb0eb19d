import { DispatchMessages } from '@portal/contracts/dispatch';
import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { lookupTracking } from '../domain/track/lookup.js';
import { TrackAnswer, TrackParams } from '../schemas/track.js';

/**
 * GET /api/track/:token (public, rate-limited per client by the kit): a receiver's one order (TrackingView). An
 * invalid, expired or revoked link answers 404 with DispatchMessages.trackingGone and nothing else. The token is
 * the link's secret: this route logs at warn only (the kit's request line carries the path) and is never cached.
 */
export const trackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const secret = () => String((app.env as unknown as Record<string, unknown>).TRACKING_SECRET ?? '');
  app.get(
    '/track/:token',
    {
      logLevel: 'warn',
      config: { public: true },
      schema: {
        tags: ['schedule'],
        params: TrackParams,
        response: { 200: TrackAnswer, 404: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      void reply.header('referrer-policy', 'no-referrer');
      const view = await lookupTracking(request.params.token, secret());
      if (!view) throw new Problem(404, DispatchMessages.trackingGone);
      return { data: view };
    },
  );
};
