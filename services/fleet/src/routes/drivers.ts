import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, FleetMessages, isStaff } from '@portal/contracts';
import { deleteDriver, listDrivers, saveDriver } from '../domain/drivers.js';
import {
  DriverAnswer,
  DriverDeleteBody,
  DriverList,
  DriverSaveBody,
  DriverWhereBody,
  MessageAnswer,
} from '../schemas/drivers.js';

const STAFF = ALL_ROLES.filter(isStaff);
const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };

/**
 * The Drivers tab of manageDriver (orders spec §2, §7 /drivers): hidden from drivers, so staff only (§6) — the API
 * refuses drivers too. The spec has no create call: /drivers/update without an id adds the driver.
 */
export const driversRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { roles: STAFF };
  app.get(
    '/drivers',
    { config, schema: { tags: ['drivers'], response: { 200: DriverList, ...errors } } },
    async () => ({ data: { drivers: await listDrivers() } }),
  );
  app.post(
    '/drivers',
    {
      config,
      schema: { tags: ['drivers'], body: DriverWhereBody, response: { 200: DriverList, ...errors } },
    },
    async (request) => ({ data: { drivers: await listDrivers(request.body.where) } }),
  );
  app.post(
    '/drivers/update',
    {
      config,
      schema: { tags: ['drivers'], body: DriverSaveBody, response: { 200: DriverAnswer, ...errors } },
    },
    async (request) => {
      const { driver } = await saveDriver(request.body.driver);
      return { message: FleetMessages.driverSaved, data: { driver } };
    },
  );
  app.post(
    '/drivers/delete',
    {
      config,
      schema: { tags: ['drivers'], body: DriverDeleteBody, response: { 200: MessageAnswer, ...errors } },
    },
    async (request) => {
      await deleteDriver(request.body.driver.id);
      return { message: FleetMessages.driverDeleted };
    },
  );
};
