import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';
import { Messages, STAFF_ROLES } from '@portal/contracts';

/** Reports (admin menu: roles 0, 1). The skeleton accepts the request; the BullMQ report job comes next. */
export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/reports/timestamp',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['reports'],
        body: Type.Optional(
          Type.Object({ start: Type.Optional(Type.String()), end: Type.Optional(Type.String()) }),
        ),
        response: {
          202: Type.Object({ message: Type.String() }),
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
        },
      },
    },
    async (_request, reply) => reply.code(202).send({ message: Messages.reportStarted }),
  );
};
