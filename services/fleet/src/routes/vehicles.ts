import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';
import { Role } from '@portal/contracts';

/** Vehicles (menu fleetmanager: roles 0, 1, 2). The walking skeleton answers with an empty list. */
export const vehiclesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/vehicles',
    {
      config: { roles: [Role.SuperAdmin, Role.Admin, Role.Driver] },
      schema: {
        tags: ['vehicles'],
        response: {
          200: Type.Object({
            data: Type.Object({
              vehicles: Type.Array(Type.Object({ id: Type.String() }, { additionalProperties: true })),
            }),
          }),
          401: ProblemSchema,
          403: ProblemSchema,
        },
      },
    },
    async () => ({ data: { vehicles: [] } }),
  );
};
