// The events of one scan write, as routing and billing receive them: a custody step publishes its custody event and
// the status notices of the same write (one facts.version). Each must carry the order's whole state after the write,
// status included, so whichever a read model applies first brings it up to date and the others change nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { OrderFacts, OrderStatus, Role, Subjects, orderStateOf } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { DRIVER_ID, suiteEnv, call, orderInput, publishedSince, seedReadModels } from './order-helpers.js';

const ENV = suiteEnv('scan-events');
const RECEIVER = { name: 'Rita Receiver', image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' };

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const SUBJECTS = [Subjects.orderCustody, Subjects.orderUpdated, Subjects.orderStatusChanged];
/** Every order event of `id` published since `since`, once `want` of them are there. */
async function eventsOf(id: string, since: Date, want: number) {
  return waitFor(async () => {
    const all = [];
    for (const s of SUBJECTS) all.push(...(await publishedSince(app, s, since)));
    const mine = all.filter((e) => e.data.id === id);
    return mine.length >= want ? mine : undefined;
  }, 15_000);
}

test('picked up and delivered by scan: every event of each write carries the new status and the same facts', async () => {
  const input = orderInput({ status: OrderStatus.approved, driver: { delivery: DRIVER_ID } });
  const created = await call(app, Role.Admin, 'POST', '/api/orders/create', { order: input });
  assert.equal(created.statusCode, 200, created.body);
  const id = created.json().data.order.id as string;

  for (const [step, body, status] of [
    ['pickedup', {}, OrderStatus.pickedUp],
    ['delivered', { signature: RECEIVER }, OrderStatus.delivered],
  ] as const) {
    const since = new Date();
    const res = await call(app, Role.Driver, 'POST', `/api/orders/${step}`, {
      id,
      scanId: `scan-${randomUUID()}`,
      ...body,
    });
    assert.equal(res.statusCode, 200, res.body);
    // one write: the custody event, `updated` and `status-changed`
    const evs = await eventsOf(id, since, 3);
    assert.deepEqual(evs.map((e) => e.type).sort(), [...SUBJECTS].sort(), step);
    const custody = evs.find((e) => e.type === Subjects.orderCustody)!;
    for (const e of evs) {
      assert.ok(Value.Check(OrderFacts, e.data.facts), `${e.type}: facts valid`);
      assert.equal(e.data.facts.order?.status, status, `${step} ${e.type}: facts carry the new status`);
      assert.equal(orderStateOf(e.data)?.status, status, `${step} ${e.type}: a reader sees the new status`);
      assert.deepEqual(e.data.facts, custody.data.facts, `${step} ${e.type}: one write, one state`);
    }
    assert.ok(!JSON.stringify(evs).includes(RECEIVER.image), 'no signature image on the bus');
  }
});
