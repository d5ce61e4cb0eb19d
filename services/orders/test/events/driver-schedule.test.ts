// The seam between routing's weekly driver schedule and orders: an admin saves a week on the running routing
// (POST /api/driverschedule/update); its routing.driverschedule.changed.v1 event, read by this suite's own orders
// consumer, gives the week's orders their drivers and vehicles; a later save that swaps the driver moves them, and a
// save that takes the driver off the route-day clears the leg. No fixorders call in between: the event alone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import type { DriverScheduleEntry, WeeklyScheduleAnswer } from '@portal/contracts/dispatch';
import { startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { seedReadModels, suiteEnv } from '../routes/order-helpers.js';
import { staffOrder } from '../routes/fixorders-helpers.js';

const ROUTING = `http://127.0.0.1:${process.env.ROUTING_PORT ?? 4103}`;
// a far week of its own per run (a week saved twice the same way publishes nothing the second time)
const monday = (() => {
  const d = new Date(Date.UTC(2093 + Math.floor(Math.random() * 6), 0, 5 + Math.floor(Math.random() * 300)));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
})();
const dayOfWeek = (n: number) =>
  new Date(Date.parse(`${monday}T00:00:00Z`) + (n - 1) * 86_400_000).toISOString().slice(0, 10);

let app: FastifyInstance;
let admin: string;
before(async () => {
  app = await startService(buildApp, suiteEnv('weeklyseam'));
  await Order.deleteMany({});
  await seedReadModels();
  admin = `Bearer ${await tokenFor(Role.Admin)}`;
});
after(() => app?.close());

async function routing<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${ROUTING}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: admin, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
async function saveWeek(days: Record<string, DriverScheduleEntry[]>) {
  const cur = await routing<WeeklyScheduleAnswer>(`/driverschedule?date=${monday}`);
  await routing('/driverschedule/update', {
    schedule: {
      date: monday,
      ...(cur.data.lastUpdated ? { lastUpdated: cur.data.lastUpdated } : {}),
      data: { days },
    },
  });
  return cur.data;
}
const stored = async (id: string) => (await Order.findById(id).lean<any>())!;

test("a saved week reaches its orders through routing's event", async () => {
  const names = await routing<WeeklyScheduleAnswer>(`/driverschedule?date=${monday}`);
  const [d1, d2] = names.data.drivers.filter((d) => !d.deleted);
  const v1 = names.data.vehicles.find((v) => !v.deleted);
  const r1 = names.data.routes[0];
  assert.ok(d1 && d2 && v1 && r1, 'the stack knows two drivers, a vehicle and a route');

  const o = await staffOrder(app, {
    route: r1.id,
    deliver: dayOfWeek(2),
    pickup: dayOfWeek(2),
    pickupRoute: r1.id,
  });

  await saveWeek({ '2': [{ driver: d1.id, route: r1.id, vehicle: v1.id }] });
  const first = await waitFor(async () => {
    const s = await stored(o.id);
    return s.data.order.driver?.delivery === d1.id ? s : undefined;
  }, 20_000);
  assert.deepEqual(first.data.order.driver, { pickup: d1.id, delivery: d1.id });
  assert.deepEqual(first.data.order.vehicle, { pickup: v1.id, delivery: v1.id });
  assert.equal(first.history.at(-1).action, 'schedule-assigned');

  await saveWeek({ '2': [{ driver: d2.id, route: r1.id }] });
  const swapped = await waitFor(async () => {
    const s = await stored(o.id);
    return s.data.order.driver?.delivery === d2.id ? s : undefined;
  }, 20_000);
  assert.deepEqual(swapped.data.order.driver, { pickup: d2.id, delivery: d2.id });
  assert.deepEqual(swapped.data.order.vehicle, {}, 'the row has no vehicle now');

  await saveWeek({});
  const cleared = await waitFor(async () => {
    const s = await stored(o.id);
    return s.data.order.driver?.delivery === undefined ? s : undefined;
  }, 20_000);
  assert.deepEqual(cleared.data.order.driver, {}, 'the driver taken off the route-day leaves its orders');
});
