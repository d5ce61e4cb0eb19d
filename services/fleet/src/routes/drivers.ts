import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, isStaff } from '@portal/contracts';
import { listDrivers } from '../domain/drivers.js';
import { DriverList } from '../schemas.js';

/** The Drivers tab of manageDriver (orders spec §2, §7 GET /drivers): hidden from drivers, so staff only (§6). */
export const driversRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/drivers',
    {
      config: { roles: ALL_ROLES.filter(isStaff) },
      schema: {
        tags: ['drivers'],
        response: { 200: DriverList, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async () => ({ data: { drivers: await listDrivers() } }),
  );
};
