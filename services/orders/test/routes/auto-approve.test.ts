// orders §5/§6 "Configured switches": orders.autoApprove — "New orders are approved at once" (the Settings help).
// A vendor's new order is Order Approved right after its creation, with the approved dates the preferred ones and
// dateApproved stamped, a 'status' ledger entry after 'created' (the chain verifies) and the status-changed event
// (previous status Received) like any approval; without the switch it stays Received. The preferred pickup date is
// required with the switch (contracts' rules).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderMessages as M, OrderStatus, Role, Subjects } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import { bulkOrderData } from '../../src/domain/bulk/write.js';
import type { BulkOrderInput } from '../../src/domain/bulk/map.js';
import {
  call,
  nextWeekday,
  noon,
  orderInput,
  publishedSince,
  seedReadModels,
  suiteEnv,
} from './order-helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('autoapprove'));
  await Order.deleteMany({});
  await seedReadModels();
});
after(async () => {
  await OrderConfigValue.deleteMany({});
  await app?.close();
});

const create = (order: object) => call(app, Role.AccountAdmin, 'POST', '/api/orders/create', { order });
const setSwitch = (value: boolean) =>
  OrderConfigValue.updateOne(
    { key: 'orders.autoApprove' },
    { $set: { value, removed: false, asOf: new Date() } },
    { upsert: true },
  );
const pickupDay = noon(nextWeekday(5, 1));

test('orders.autoApprove on: a new order is approved at once, in the ledger and on the bus', async () => {
  await setSwitch(true);
  const since = new Date();
  const res = await create(orderInput({ preferredPickup: pickupDay, notes: 'auto-on' }));
  assert.equal(res.statusCode, 200, res.body);
  const answered = res.json().data.order;
  assert.equal(answered.data.order.status, OrderStatus.approved, 'the answer is the approved order');
  const o = await Order.findById(answered.id).lean<any>();
  const sent = orderInput({ preferredPickup: pickupDay }).data.order;
  assert.equal(o.data.order.status, OrderStatus.approved);
  assert.equal(o.data.order.pickupDate, pickupDay, 'approved pickup = preferred pickup');
  assert.equal(o.data.order.deliveryDate, sent.preferredDelivery, 'approved delivery = preferred delivery');
  assert.ok(o.data.order.dateApproved, 'dateApproved stamped');
  assert.equal(o.deliveryDate, sent.preferredDelivery, 'the list keys follow the approved delivery');
  assert.deepEqual(
    o.history.map((h: { action: string }) => h.action),
    ['created', 'status'],
  );
  assert.ok(
    o.history[1].changes.some(
      (c: { path: string; from?: number; to?: number }) =>
        c.path === 'data.order.status' && c.from === 0 && c.to === 1,
    ),
    JSON.stringify(o.history[1].changes),
  );
  assert.match(o.history[1].by.name, /auto-approve/);
  const v = await call(app, Role.AccountAdmin, 'GET', `/api/orders/${answered.id}/history/verify`);
  assert.equal(v.json().ok, true, v.body);
  const evs = await waitFor(async () => {
    const all = await publishedSince(app, Subjects.orderStatusChanged, since);
    const mine = all.filter((e) => e.data.id === answered.id);
    return mine.length ? mine : undefined;
  }, 15_000);
  assert.deepEqual([evs[0]!.data.previousStatus, evs[0]!.data.status], [0, 1]);
});

test('orders.autoApprove on: the preferred pickup date is required, nothing stored without it', async () => {
  await setSwitch(true);
  const res = await create(orderInput({ notes: 'auto-no-pickup' }));
  assert.equal(res.statusCode, 400, res.body);
  assert.match(res.body, new RegExp(M.required('Preferred Pickup Date')));
  assert.equal(await Order.countDocuments({ 'data.order.notes': 'auto-no-pickup' }), 0);
});

test('orders.autoApprove off: a new order stays Order Received', async () => {
  await setSwitch(false);
  const res = await create(orderInput({ preferredPickup: pickupDay, notes: 'auto-off' }));
  assert.equal(res.statusCode, 200, res.body);
  const o = await Order.findById(res.json().data.order.id).lean<any>();
  assert.equal(o.data.order.status, OrderStatus.received);
  assert.equal(o.data.order.pickupDate, undefined);
  assert.deepEqual(
    o.history.map((h: { action: string }) => h.action),
    ['created'],
  );
});

test('orders.autoApprove on: a bulk-uploaded order is created approved in its one write', () => {
  const sent = orderInput({ preferredPickup: pickupDay }).data.order;
  const input = {
    order: { ...sent, notes: '', weight: '2' },
    billing: { invoice: 'INV-9', method: '', methodSelectId: '', manifest: '' },
  } as unknown as BulkOrderInput;
  const now = new Date();
  const on = bulkOrderData(input, new Map(), { isInternalDist: false, autoApprove: true }, now);
  assert.deepEqual(
    [on.order.status, on.order.pickupDate, on.order.deliveryDate, on.order.dateApproved],
    [OrderStatus.approved, pickupDay, sent.preferredDelivery, now.toISOString()],
  );
  const off = bulkOrderData(input, new Map(), { isInternalDist: false, autoApprove: false }, now);
  assert.deepEqual([off.order.status, off.order.pickupDate], [OrderStatus.received, undefined]);
});
