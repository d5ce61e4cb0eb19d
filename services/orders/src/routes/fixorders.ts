import { ALL_ROLES, Role, STAFF_ROLES } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { callerOf } from '../domain/order-access.js';
import { fixOrders } from '../domain/fixorders-call.js';
import { setInTransit } from '../domain/fixorders-transit.js';
import { errors } from '../schemas/order.js';
import { FixAnswer, FixBody, TransitAnswer, TransitBody } from '../schemas/fixorders.js';

const tags = ['orders'];
/**
 * The schedules' writes onto orders: POST /orders/fixorders (orders §7: the weekly driver schedule's drivers and
 * vehicles onto the week's orders; staff, who reach every order) and POST /orders/intransit (the daily schedule's
 * "Set to In Transit": staff and drivers, each order through the caller's own tenancy and rights). Rules: domain/
 * fixorders*.ts.
 */
export const fixOrdersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ routingUrl: String(app.env.ROUTING_URL), appUrl: String(app.env.APP_URL) });
  app.post(
    '/orders/fixorders',
    {
      config: { roles: STAFF_ROLES },
      schema: { tags, body: FixBody, response: { 200: FixAnswer, ...errors } },
    },
    async (request) =>
      fixOrders(await callerOf(request.user, request.headers.authorization), request.body, deps()),
  );
  app.post(
    '/orders/intransit',
    {
      config: { roles: ALL_ROLES.filter((r) => r === Role.Driver || STAFF_ROLES.includes(r)) },
      schema: { tags, body: TransitBody, response: { 200: TransitAnswer, ...errors } },
    },
    async (request) =>
      setInTransit(await callerOf(request.user, request.headers.authorization), request.body, deps()),
  );
};
