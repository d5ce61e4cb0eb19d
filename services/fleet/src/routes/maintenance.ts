import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, FleetMessages, canEditFleet } from '@portal/contracts';
import { addMaintenance, listMaintenance } from '../domain/maintenance.js';
import { fleetManager, whereFromQuery } from '../domain/vehicles.js';
import { exportFileName, fleetWorkbook } from '../domain/export.js';
import { IdParams } from '../schemas/common.js';
import { MaintenanceAnswer, MaintenanceList, MaintenanceSaveBody } from '../schemas/maintenance.js';
import { VehicleListQuery } from '../schemas/vehicles.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const tags = ['maintenance'];

/**
 * The fleet manager's maintenance dialog and its xlsx export (orders spec §2; the spec shows no paths for them, so
 * they sit under the vehicle: README "Endpoints"). Staff only: maintenance is fleet editing (§6).
 */
export const maintenanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { roles: ALL_ROLES.filter(canEditFleet) };
  app.get(
    '/vehicles/:id/maintenance',
    { config, schema: { tags, params: IdParams, response: { 200: MaintenanceList, ...errors } } },
    async (request) => ({ data: await listMaintenance(request.params.id) }),
  );
  app.post(
    '/vehicles/:id/maintenance',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        body: MaintenanceSaveBody,
        response: { 200: MaintenanceAnswer, ...errors },
      },
    },
    async (request) => ({
      message: FleetMessages.maintenanceUpdated,
      data: await addMaintenance(request.params.id, request.body.maintenance, request.user.email),
    }),
  );
  app.get(
    '/vehicles/export.xlsx',
    { config, schema: { tags: ['vehicles'], querystring: VehicleListQuery } },
    async (request, reply) => {
      const today = new Date();
      const { vehicles } = await fleetManager(request.user.role, whereFromQuery(request.query), today);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${exportFileName(today)}"`)
        .send(await fleetWorkbook(vehicles));
    },
  );
};
