import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';

/** Order lists (orders spec §2). The walking skeleton answers with an empty list; the model comes next. */
export const ordersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        response: {
          200: Type.Object({
            data: Type.Object({
              orders: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: true })),
            }),
          }),
          401: ProblemSchema,
        },
      },
    },
    async () => ({ data: { orders: [] } }),
  );
};
