import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  ALL_ROLES,
  INVITER_ROLES,
  STAFF_ROLES,
  OrderRowPage,
  PublicOrderWeek,
  Role,
  type OrderListKind,
  type OrderListParams,
  type RoleNumber,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { listCaller } from '../domain/lists-caller.js';
import { publicOrders } from '../domain/public-orders.js';
import { listOrders } from '../domain/lists.js';
import {
  OrderListQuery,
  OrderListWhere,
  OrdersRangeBody,
  PublicOrdersQuery,
  UserOrdersBody,
} from '../schemas/lists.js';

/**
 * The order lists (orders spec §2, §6, §7). Which list a call means: `list` (admin, outgoing,
 * incoming, placed, driver), else staff get the admin list, drivers theirs, others outgoing. The domain
 * (lists-query.ts) decides what each role may see; an unknown company sees an empty list.
 */
const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const signedIn = {}; // any signed-in role: the domain decides per list
const vendorsAndStaff = { roles: ALL_ROLES.filter((r) => r !== Role.Driver) }; // drivers: no outgoing (spec §6)
const staff = { roles: [...STAFF_ROLES] };
const placers = { roles: [...INVITER_ROLES] }; // placed orders: roles 0, 1, 3 (spec §6)
const answer = { 200: OrderRowPage, ...errors };

function defaultKind(role: RoleNumber): OrderListKind {
  return role === Role.SuperAdmin || role === Role.Admin
    ? 'admin'
    : role === Role.Driver
      ? 'driver'
      : 'outgoing';
}

async function page(request: FastifyRequest, params: OrderListParams, kind?: OrderListKind) {
  const { role, sub } = request.user;
  const list = kind ?? params.list ?? defaultKind(role);
  return { data: await listOrders(list, await listCaller({ role, sub }, list), params) };
}

export const listsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/orders',
    { config: signedIn, schema: { tags: ['orders'], querystring: OrderListQuery, response: answer } },
    (request) => page(request, request.query),
  );
  app.post(
    '/orders',
    { config: signedIn, schema: { tags: ['orders'], body: OrderListWhere, response: answer } },
    (request) => page(request, request.body.where ?? {}),
  );
  // the user's own company: outgoing, or incoming with isIncoming (spec §7 "fetched by userId, isIncoming")
  app.post(
    '/orders/userorders',
    { config: vendorsAndStaff, schema: { tags: ['orders'], body: UserOrdersBody, response: answer } },
    (request) => {
      const { isIncoming, ...where } = request.body.where ?? {};
      return page(request, where, isIncoming ? 'incoming' : (where.list ?? 'outgoing'));
    },
  );
  // staff: orders between two days (by delivery day)
  app.post(
    '/orders/ordersrange',
    { config: staff, schema: { tags: ['orders'], body: OrdersRangeBody, response: answer } },
    (request) => page(request, request.body.opts ?? {}, 'admin'),
  );
  // the caller's company: placed orders, one month from the chosen week
  app.post(
    '/orders/ordersrangeforuser',
    { config: placers, schema: { tags: ['orders'], body: OrdersRangeBody, response: answer } },
    (request) => page(request, request.body.opts ?? {}, 'placed'),
  );

  // no login (spec §6 "Public pages need no login"), rate-limited by the kit for public routes (per address; the
  // 400/404 of a bad link count too: they are thrown after the limit's preHandler). The key is the company link's
  // token (domain/public-orders.ts), never a user id.
  app.get(
    '/orders/public',
    {
      config: { public: true },
      schema: {
        tags: ['orders'],
        querystring: PublicOrdersQuery,
        response: { 200: PublicOrderWeek, 400: ProblemSchema, 404: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => ({ data: await publicOrders(request.query) }),
  );
};
