import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';
import { Role } from '@portal/contracts';

/** Drivers (menu manageDriver: roles 0, 1, 2). The walking skeleton answers with an empty list. */
export const driversRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/drivers',
    {
      config: { roles: [Role.SuperAdmin, Role.Admin, Role.Driver] },
      schema: {
        tags: ['drivers'],
        response: {
          200: Type.Object({
            data: Type.Object({
              drivers: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: true })),
            }),
          }),
          401: ProblemSchema,
          403: ProblemSchema,
        },
      },
    },
    async () => ({ data: { drivers: [] } }),
  );
};
