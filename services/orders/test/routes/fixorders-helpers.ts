import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import type { DriverScheduleEntry } from '@portal/contracts/dispatch';
import { LIC, call, fixtureWrite, noon } from './order-helpers.js';

/** A far week (a Monday) no demo or other suite schedules: 2091-03-05 is a Monday. */
export const WEEK = '2091-03-05';
export const day = (n: number) =>
  new Date(Date.parse(`${WEEK}T00:00:00Z`) + (n - 1) * 86_400_000).toISOString().slice(0, 10);

/**
 * Routing's weekly schedule as fixorders reads it (`GET /api/driverschedule?date=`), played by a small server: the
 * suite sets the days; the calls it saw (and their bearer headers) are kept.
 */
export async function fakeRouting() {
  const state = {
    days: {} as Record<string, DriverScheduleEntry[]>,
    /** The routes the answer names (id and name), as routing's GET /driverschedule lists them. */
    routes: [] as { id: string; name: string }[],
    down: false,
    seen: [] as { url: string; auth: string }[],
  };
  const server: Server = createServer((req, res) => {
    state.seen.push({ url: req.url ?? '', auth: String(req.headers.authorization ?? '') });
    if (state.down) return void res.writeHead(502).end();
    if (!req.url?.startsWith('/api/driverschedule')) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { date: WEEK, data: { days: state.days }, routes: state.routes } }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { state, url, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/** An order placed by staff on `route`, delivered on `deliver`, picked up on `pickup` (route `pickupRoute`). */
export async function staffOrder(
  app: FastifyInstance,
  o: { route: string; deliver: string; pickup?: string; pickupRoute?: string; status?: number },
): Promise<{ id: string; orderId: string; version: number }> {
  const res = await call(app, Role.Admin, 'POST', '/api/orders/create', {
    order: {
      data: {
        order: {
          orderDef: 'ext',
          orderType: 'layover',
          pickupLN: LIC.A,
          destinationLN: LIC.DEST,
          preferredDelivery: noon(o.deliver),
          deliveryDate: noon(o.deliver),
          ...(o.pickup ? { pickupDate: noon(o.pickup), preferredPickup: noon(o.pickup) } : {}),
          route: o.route,
          ...(o.pickupRoute ? { pickupRoute: o.pickupRoute } : {}),
          status: 1,
          weight: '2',
        },
        billing: { invoice: 'INV-FIX' },
      },
    },
  });
  if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  const order = res.json().data.order;
  if (o.status !== undefined && o.status !== 1) {
    const deleted = o.status === 8 ? 2 : 0;
    await fixtureWrite(order.id, {
      $set: { 'data.order.status': o.status, status: o.status, deleted },
    });
  }
  return { id: order.id, orderId: order.orderId, version: order.version };
}
