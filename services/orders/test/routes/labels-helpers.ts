import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { DRIVER_ID, call, orderInput } from './order-helpers.js';

/** The stored order as the API answers it (the fields these suites read). */
export interface Placed {
  id: string;
  orderId: string;
  version: number;
}

/** A vendor (company A) order to the destination with `weight` boxes; approved by an admin unless `status` says. */
export async function placedOrder(app: FastifyInstance, weight = '3', approve = true): Promise<Placed> {
  const created = await call(app, Role.AccountAdmin, 'POST', '/api/orders/create', {
    order: orderInput({ weight }),
  });
  assert.equal(created.statusCode, 200, created.body);
  const o = created.json().data.order as Placed;
  if (!approve) return o;
  const approved = await call(app, Role.Admin, 'POST', '/api/orders/update', {
    order: {
      id: o.id,
      version: o.version,
      data: {
        order: { status: 1, route: 'Bakersfield 16', driver: { pickup: DRIVER_ID, delivery: DRIVER_ID } },
      },
    },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  return approved.json().data.order as Placed;
}

export const printLabels = (app: FastifyInstance, role: number | undefined, body: object) =>
  call(app, role as never, 'POST', '/api/orders/labels', body);
