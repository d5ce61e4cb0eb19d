import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, FleetMessages, canEditFleet, canManageDrivers } from '@portal/contracts';
import { fleetManager, listVehicles, whereFromQuery } from '../domain/vehicles.js';
import { createVehicle, deleteVehicle, updateVehicle } from '../domain/vehicle-save.js';
import { MessageAnswer } from '../schemas/drivers.js';
import {
  FleetManagerList,
  VehicleAnswer,
  VehicleDeleteBody,
  VehicleList,
  VehicleListQuery,
  VehicleSaveBody,
  VehicleWhereBody,
} from '../schemas/vehicles.js';

const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema };
const tags = ['vehicles'];

/**
 * Vehicles tab and fleet manager (orders spec §2, §7 /vehicles). Reading: staff and drivers (a driver's lists hold
 * active vehicles only, the domain's rule); adding, editing and deleting: staff (canEditFleet, §6).
 */
export const vehiclesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const read = { roles: ALL_ROLES.filter(canManageDrivers) };
  const edit = { roles: ALL_ROLES.filter(canEditFleet) };
  app.get(
    '/vehicles',
    {
      config: read,
      schema: { tags, querystring: VehicleListQuery, response: { 200: VehicleList, ...errors } },
    },
    async (request) => ({
      data: { vehicles: await listVehicles(request.user.role, whereFromQuery(request.query)) },
    }),
  );
  app.post(
    '/vehicles',
    { config: read, schema: { tags, body: VehicleWhereBody, response: { 200: VehicleList, ...errors } } },
    async (request) => ({ data: { vehicles: await listVehicles(request.user.role, request.body.where) } }),
  );
  app.get(
    '/vehicles/fleetmanager',
    {
      config: read,
      schema: { tags, querystring: VehicleListQuery, response: { 200: FleetManagerList, ...errors } },
    },
    async (request) => ({ data: await fleetManager(request.user.role, whereFromQuery(request.query)) }),
  );
  app.post(
    '/vehicles/fleetmanager',
    {
      config: read,
      schema: { tags, body: VehicleWhereBody, response: { 200: FleetManagerList, ...errors } },
    },
    async (request) => ({ data: await fleetManager(request.user.role, request.body.where) }),
  );
  app.post(
    '/vehicles/create',
    { config: edit, schema: { tags, body: VehicleSaveBody, response: { 200: VehicleAnswer, ...errors } } },
    async (request) => ({
      message: FleetMessages.vehicleCreated,
      data: { vehicle: await createVehicle(request.body.vehicle) },
    }),
  );
  app.post(
    '/vehicles/update',
    { config: edit, schema: { tags, body: VehicleSaveBody, response: { 200: VehicleAnswer, ...errors } } },
    async (request) => ({
      message: FleetMessages.vehicleUpdated,
      data: { vehicle: await updateVehicle(request.body.vehicle, request.body.confirmLowerMileage) },
    }),
  );
  app.post(
    '/vehicles/delete',
    { config: edit, schema: { tags, body: VehicleDeleteBody, response: { 200: MessageAnswer, ...errors } } },
    async (request) => {
      await deleteVehicle(request.body.vehicle.id);
      return { message: FleetMessages.vehicleDeleted };
    },
  );
};
