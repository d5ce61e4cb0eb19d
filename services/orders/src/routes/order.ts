import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  ALL_ROLES,
  OrderMessages,
  Role,
  STAFF_ROLES,
  type OrderCreateBody,
  type OrderUpdateBody,
} from '@portal/contracts';
// the bodies are checked by contracts' JSON Schemas (the same ranges and enums as these types)
import { callerOf, readableOrder } from '../domain/order-access.js';
import { cancelOrder, createOrder, setDeleted, updateOrder, type WriteDeps } from '../domain/order-write.js';
import { forViewer, toOrderDto } from '../domain/order-view.js';
import { writtenWarning } from '../domain/custody-gate.js';
import type { OrderDoc } from '../models/order.js';
import * as S from '../schemas/order.js';

const tags = ['orders'];

/**
 * The single order (orders §7): read, create, update, cancel, delete, undelete, and its ledger.
 * Every caller may reach the calls; what they may reach inside is the domain's (tenancy: another company's order is
 * "Order not found"; field rights by role; suspended → 403). Cancel is not offered to drivers, delete and undelete
 * are staff's (orders §6).
 */
export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): WriteDeps => ({
    routingUrl: String(app.env.ROUTING_URL),
    appUrl: String(app.env.APP_URL),
  });
  const caller = (r: FastifyRequest) => callerOf(r.user, r.headers.authorization);
  // vendors and receivers see an Exception as Approved, without the status fields (orders §4, §6)
  const view = (r: FastifyRequest, o: OrderDoc) => forViewer(toOrderDto(o), r.user.role);
  const all = { roles: ALL_ROLES };
  const errors = S.errors;

  app.get(
    '/orders/:id',
    { config: all, schema: { tags, params: S.IdParams, response: { 200: S.OrderAnswer, ...errors } } },
    async (request) => ({
      data: { order: view(request, await readableOrder(await caller(request), request.params.id)) },
    }),
  );
  app.post(
    '/orders/create',
    { config: all, schema: { tags, body: S.CreateBody, response: { 200: S.OrderAnswer, ...errors } } },
    async (request) => ({
      message: OrderMessages.created,
      data: {
        order: view(
          request,
          await createOrder(await caller(request), request.body.order as OrderCreateBody['order'], deps()),
        ),
      },
    }),
  );
  app.post(
    '/orders/update',
    { config: all, schema: { tags, body: S.UpdateBody, response: { 200: S.OrderAnswer, ...errors } } },
    async (request) => {
      const body = request.body.order as OrderUpdateBody['order'];
      const o = await updateOrder(await caller(request), body, deps());
      const warning = writtenWarning(o, body.version);
      return {
        message: OrderMessages.updated,
        ...(warning ? { warning } : {}),
        data: { order: view(request, o) },
      };
    },
  );
  app.post(
    '/orders/cancel',
    {
      config: { roles: ALL_ROLES.filter((r) => r !== Role.Driver) },
      schema: { tags, body: S.CancelBody, response: { 200: S.OrderAnswer, ...errors } },
    },
    async (request) => ({
      data: { order: view(request, await cancelOrder(await caller(request), request.body.order, deps())) },
    }),
  );
  for (const undelete of [false, true]) {
    app.post(
      undelete ? '/orders/undelete' : '/orders/delete',
      {
        config: { roles: STAFF_ROLES },
        schema: { tags, body: S.IdBody, response: { 200: S.OrderAnswer, ...errors } },
      },
      async (request) => {
        const { id, version } = request.body.order;
        const order = await setDeleted(await caller(request), id, version, undelete, deps());
        return { data: { order: view(request, order) } };
      },
    );
  }
  app.get(
    '/orders/:id/history',
    { config: all, schema: { tags, params: S.IdParams, response: { 200: S.HistoryAnswer, ...errors } } },
    async (request) => {
      const o = await readableOrder(await caller(request), request.params.id, { history: true });
      return { data: { orderId: o.orderId, entries: o.history ?? [] } };
    },
  );
  app.get(
    '/orders/:id/history/verify',
    { config: all, schema: { tags, params: S.IdParams, response: { 200: S.VerifyAnswer, ...errors } } },
    // the chain recomputed and compared with its signed checkpoints (domain/ledger-anchoring.ts)
    async (request) => {
      const o = await readableOrder(await caller(request), request.params.id, { history: true });
      return app.ledgerAnchors.verify({ orderId: o.orderId, history: o.history ?? [] });
    },
  );
};
