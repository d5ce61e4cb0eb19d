// A create writes the order's list row beside the order once its outbox intent is written (domain/order-write.ts).
// If the order never comes (the process died between the two), the sweep drops the intent after its grace and the
// row goes with it (onIntentAbandoned in domain/lists-store.ts), so a list never shows an order that does not exist.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { OrderRowModel } from '../../src/models/order-row.js';
import { call, orderInput, seedReadModels, suiteEnv } from './order-helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, { ...suiteEnv('abandon'), OUTBOX_SWEEP_MS: 200 });
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

test('a created order has its row and no intent left; an intent whose order never came takes its row with it', async () => {
  const res = await call(app, Role.AccountAdmin, 'POST', '/api/orders/create', { order: orderInput() });
  assert.equal(res.statusCode, 200, res.body);
  const id = new mongoose.Types.ObjectId(res.json().data.order.id as string);
  assert.ok(await OrderRowModel.collection.findOne({ _id: id }), 'the row was written with the order');
  const intents = Order.db.collection('outbox_intents');
  await waitFor(async () => (await intents.countDocuments({ doc: id })) === 0, 10_000);

  // the process died after the intent and the row, before the order (both written by hand here)
  const ghost = new mongoose.Types.ObjectId();
  const event = { id: randomUUID(), subject: 'orders.order.created.v1', data: {}, time: new Date() };
  await OrderRowModel.collection.insertOne({ _id: ghost, v: 1, tok: '', r: '{}' } as never);
  const young = { _id: event.id, col: 'orders', doc: ghost, json: JSON.stringify(event), at: new Date() };
  await intents.insertOne(young as never);
  await new Promise((r) => setTimeout(r, 800)); // several sweeps: a young intent may be an insert in flight
  assert.ok(await OrderRowModel.collection.findOne({ _id: ghost }), 'the row stays while the order may come');
  await intents.updateOne({ _id: event.id } as never, { $set: { at: new Date(Date.now() - 5 * 60_000) } });
  await waitFor(async () => !(await OrderRowModel.collection.findOne({ _id: ghost })), 10_000);
  await waitFor(async () => (await intents.countDocuments({ _id: event.id } as never)) === 0, 10_000);
  assert.equal(await Order.countDocuments({ _id: ghost }), 0, 'the order itself never existed');
});
