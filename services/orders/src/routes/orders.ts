import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, OrderList, isStaff, isVendor } from '@portal/contracts';
import { companyOf } from '../domain/members.js';
import { listOrders } from '../domain/orders.js';
import { OrderListQuery } from '../schemas.js';

/**
 * Order lists (orders spec §2, §7 GET /orders): staff and vendors. Drivers are excluded from the outgoing list
 * (§6); their orders come with the schedule.
 */
export const ordersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orders',
    {
      config: { roles: ALL_ROLES.filter((r) => isStaff(r) || isVendor(r)) },
      schema: {
        tags: ['orders'],
        querystring: OrderListQuery,
        response: { 200: OrderList, 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema },
      },
    },
    async (request) => {
      const { role, sub } = request.user;
      const companyKey = isStaff(role) ? undefined : await companyOf(sub);
      return { data: await listOrders({ role, companyKey }, request.query) };
    },
  );
};
