import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DeliverPolicy } from '@nats-io/jetstream';
import {
  Subjects,
  type DriverScheduleChangedData,
  type EventEnvelope,
  type RoleNumber,
} from '@portal/contracts';
import { demoEmail, tokenFor } from '@portal/service-kit/testing';
import { applyDriver, applyVehicle } from '../../src/readmodels/fleet.js';
import { createRoute } from '../../src/domain/routes.js';

/** The weekly part's tests run on their own database and consumers (never the demo's `portal_routing`). */
export const WEEKLY_ENV = {
  MONGO_DB: 'portal_routing_weekly_test',
  CONSUMER_SUFFIX: `w${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: 'portal-routing-weekly-test',
};
export const tag = randomBytes(3).toString('hex');

/** A week far in the future, a different one per run (Mondays from 2040 on). */
export function futureWeek(offset = 0): string {
  const base =
    Date.parse('2040-01-02T00:00:00Z') + (Math.floor(Math.random() * 2000) + offset) * 7 * 86_400_000;
  return new Date(base).toISOString().slice(0, 10);
}
export const plusWeeks = (week: string, n: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) + n * 7 * 86_400_000).toISOString().slice(0, 10);

/** The read models as fleet's events would leave them: two drivers (one is the demo driver user), three vehicles. */
export async function seedFleet() {
  const at = new Date();
  const d1 = { id: `drv-a-${tag}`, name: `Ann Weekly ${tag}`, email: `ann-${tag}@test.portal`, userId: '' };
  const d2 = { id: `drv-b-${tag}`, name: `Bob Weekly ${tag}`, email: demoEmail(2), userId: `user-${tag}` };
  for (const driver of [d1, d2]) await applyDriver({ action: 'created', driver }, at);
  const v = (id: string, name: string, status: 0 | 1, due: string[]) => ({
    action: 'created' as const,
    vehicle: { id: `${id}-${tag}`, name, lic: `LIC-${id}`, status, due },
  });
  await applyVehicle(v('veh-ok', 'Van OK', 1, []), at);
  await applyVehicle(v('veh-off', 'Van Off', 0, []), at);
  await applyVehicle(v('veh-due', 'Van Due', 1, ['oil']), at);
  const r1 = await createRoute({ name: `Weekly North ${tag}`, data: { startTime: '07:00', rows: [] } });
  const r2 = await createRoute({ name: `Weekly South ${tag}`, data: { startTime: '06:00', rows: [] } });
  return {
    d1,
    d2,
    vOk: `veh-ok-${tag}`,
    vOff: `veh-off-${tag}`,
    vDue: `veh-due-${tag}`,
    r1: r1.id,
    r2: r2.id,
  };
}

export function caller(app: () => FastifyInstance) {
  return async (role: RoleNumber | null, url: string, body?: object) => {
    const res = await app().inject({
      method: body ? 'POST' : 'GET',
      url,
      headers: role === null ? {} : { authorization: `Bearer ${await tokenFor(role)}` },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, json: res.json(), headers: res.headers };
  };
}

/** Every routing.driverschedule.changed.v1 published from now on (an ordered, ephemeral consumer). */
export async function watchEvents(app: FastifyInstance) {
  const events: EventEnvelope<DriverScheduleChangedData>[] = [];
  const consumer = await app.js.consumers.get('ROUTING', {
    filter_subjects: Subjects.driverScheduleChanged,
    deliver_policy: DeliverPolicy.New,
  });
  const messages = await consumer.consume();
  void (async () => {
    for await (const m of messages) events.push(m.json<EventEnvelope<DriverScheduleChangedData>>());
  })();
  return { events, stop: () => void messages.stop() };
}
