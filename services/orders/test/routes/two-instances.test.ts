// Two orders instances on one database, as two replicas behind the edge: this file's app in this process, the
// other a process of its own started by PORT alone (the stack's ORDERS_PORT stays set, as on any machine running
// the stack). Concurrent creates on both are all placed, each under its own number (two replicas took the same
// number block six times and answered 60 of 430 creates a bare 409 "Duplicate key"). Real stack.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { startInstance, startService, tokenFor, type Instance } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { call, orderInput, seedReadModels, suiteEnv } from './order-helpers.js';

const ENV = suiteEnv('twoinst');
let app: FastifyInstance;
let other: Instance;
before(async () => {
  app = await startService(buildApp, ENV);
  await Order.deleteMany({});
  await seedReadModels();
  other = await startInstance(fileURLToPath(new URL('../..', import.meta.url)), ENV);
});
after(async () => {
  await other?.stop();
  await app?.close();
});

test('the second instance listens on the PORT it was given, not on ORDERS_PORT', async () => {
  assert.notEqual(String(other.port), process.env.ORDERS_PORT);
  const res = await fetch(`${other.url}/readyz`);
  assert.equal(res.status, 200);
});

test('creates on both instances at once are all placed, each under its own order number', async () => {
  const N = 60;
  const token = await tokenFor(Role.AccountAdmin);
  const body = { order: orderInput() };
  const here = Array.from({ length: N }, () =>
    call(app, Role.AccountAdmin, 'POST', '/api/orders/create', body).then((r) => ({
      status: r.statusCode,
      json: r.json() as { data?: { order?: { orderId: string } }; title?: string; detail?: string },
    })),
  );
  const there = Array.from({ length: N }, () =>
    fetch(`${other.url}/api/orders/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({
      status: r.status,
      json: (await r.json()) as { data?: { order?: { orderId: string } }; title?: string; detail?: string },
    })),
  );
  const answers = await Promise.all([...here, ...there]);
  const refused = answers.filter((a) => a.status !== 200);
  assert.deepEqual(
    refused.map((a) => `${a.status} ${a.json.title ?? ''} ${a.json.detail ?? ''}`),
    [],
    'no create refused',
  );
  const ids = answers.map((a) => a.json.data!.order!.orderId);
  assert.equal(new Set(ids).size, 2 * N, 'every order its own number');
  const stored = await Order.find({ orderId: { $in: ids } }, { orderId: 1 }).lean();
  assert.equal(stored.length, 2 * N, 'each placed order stored once');
});
