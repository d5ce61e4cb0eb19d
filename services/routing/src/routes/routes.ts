import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';

/** Delivery routes (orders spec: routes list/editor). The walking skeleton answers with an empty list. */
export const routesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/routes',
    {
      schema: {
        tags: ['routes'],
        response: {
          200: Type.Object({
            data: Type.Object({
              routes: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: true })),
            }),
          }),
          401: ProblemSchema,
        },
      },
    },
    async () => ({ data: { routes: [] } }),
  );
};
