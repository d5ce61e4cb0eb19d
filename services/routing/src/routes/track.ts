import { Type } from 'typebox';
import { DispatchMessages } from '@portal/contracts/dispatch';
import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { lookupTracking } from '../domain/track/lookup.js';

const TrackParams = Type.Object({ token: Type.String({ maxLength: 600 }) });
export const TrackAnswer = Type.Object({
  data: Type.Object({
    orderId: Type.String(),
    destName: Type.String(),
    state: Type.Union([
      Type.Literal('scheduled'),
      Type.Literal('out-for-delivery'),
      Type.Literal('delivered'),
      Type.Literal('not-delivered'),
    ]),
    stop: Type.Optional(Type.Object({ k: Type.Integer(), n: Type.Integer() })),
    window: Type.Optional(
      Type.Object({
        day: Type.String(),
        from: Type.Optional(Type.String()),
        to: Type.Optional(Type.String()),
      }),
    ),
    delivered: Type.Optional(Type.Object({ at: Type.String(), name: Type.String() })),
  }),
});

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
