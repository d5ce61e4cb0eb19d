import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, canManageDrivers } from '@portal/contracts';
import { listVehicles } from '../domain/vehicles.js';
import { VehicleList, VehicleListQuery } from '../schemas.js';

/** The fleet manager's vehicles (orders spec §2, §7 GET /vehicles): staff and drivers; what each sees is the domain's rule. */
export const vehiclesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/vehicles',
    {
      config: { roles: ALL_ROLES.filter(canManageDrivers) },
      schema: {
        tags: ['vehicles'],
        querystring: VehicleListQuery,
        response: { 200: VehicleList, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request) => ({ data: { vehicles: await listVehicles(request.user.role, request.query) } }),
  );
};
