// The custody report over HTTP: who may read it (every role, the order's tenancy), the chain built from
// the real ledger after real steps (create, approve, print), verified; a tampered stored entry shows as broken; the
// PDF carries the same verdict.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, OrderMessages, Role } from '@portal/contracts';
import { assertRoleMatrix, startService, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { readPdf } from '../domain/labels-pdf-read.js';
import { call, fixtureWrite, seedReadModels } from './order-helpers.js';
import { placedOrder, printLabels } from './labels-helpers.js';
import { suiteEnv } from './order-helpers.js';

const POLICY: Policy = {
  'GET /api/orders/:id/custody': ALL_ROLES,
  'GET /api/orders/:id/custody.pdf': ALL_ROLES,
};

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('custody'));
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const custody = (role: number, id: string) => call(app, role as never, 'GET', `/api/orders/${id}/custody`);

test('role × endpoint: every signed-in role reaches the custody report (tenancy decides what)', async () => {
  const mine = (r: { url: string }) => Object.keys(POLICY).some((k) => k.split(' ')[1] === r.url);
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
});

test('the chain after create, approve and a print: each step with who, when and its hash, all verified', async () => {
  const o = await placedOrder(app, '2');
  assert.equal((await printLabels(app, Role.AccountAdmin, { id: o.id })).statusCode, 200);
  const res = await custody(Role.AccountAdmin, o.id);
  assert.equal(res.statusCode, 200, res.body);
  const r = res.json().data;
  assert.equal(r.orderId, o.orderId);
  assert.equal(r.status, 'Order Approved');
  assert.equal(r.verified, true);
  assert.equal(r.ledgerEntries, 3);
  assert.deepEqual(
    r.entries.map((e: { title: string; by: { name: string } }) => [e.title, e.by.name]),
    [
      ['Order created', 'Val Vendor'],
      ['Order approved', 'Ada Admin'],
      ['2 labels printed', 'Val Vendor'],
    ],
  );
  assert.ok(r.entries.every((e: { verified: boolean; hash: string }) => e.verified && e.hash.length === 64));
  assert.equal(r.entries[1].prevHash, r.entries[0].hash, 'each entry links to the one before');

  const pdf = await call(app, Role.Admin, 'GET', `/api/orders/${o.orderId}/custody.pdf`);
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  const text = (await readPdf(pdf.rawPayload)).text.join('\n');
  assert.match(text, /LEDGER VERIFIED: all 3 entries/);
  assert.ok(text.includes('#3 2 labels printed'));
});

test('tenancy: another company and an unassigned driver get "Order not found"; staff and the driver read it', async () => {
  const o = await placedOrder(app, '1');
  for (const role of [Role.User]) {
    for (const url of [`/api/orders/${o.id}/custody`, `/api/orders/${o.id}/custody.pdf`]) {
      const r = await call(app, role, 'GET', url);
      assert.equal(r.statusCode, 404, `${url} as ${role}`);
      assert.equal(r.json().detail, OrderMessages.orderNotFound);
    }
  }
  assert.equal((await custody(Role.Driver, o.id)).statusCode, 200, 'the assigned driver');
  await fixtureWrite(o.id, { $set: { driverIds: ['someone-else'] } });
  assert.equal((await custody(Role.Driver, o.id)).statusCode, 404, 'no longer their order');
  assert.equal((await custody(Role.SuperAdmin, o.id)).statusCode, 200);
});

test('an entry edited in the database: the report and the PDF say the chain does not verify from that entry', async () => {
  const o = await placedOrder(app, '1');
  await fixtureWrite(o.id, { $set: { 'history.1.by.name': 'Someone Else' } });
  const r = (await custody(Role.Admin, o.id)).json().data;
  assert.equal(r.verified, false);
  assert.equal(r.brokenAt, 2);
  assert.deepEqual(
    r.entries.map((e: { verified: boolean }) => e.verified),
    [true, false],
  );
  const pdf = await call(app, Role.Admin, 'GET', `/api/orders/${o.id}/custody.pdf`);
  assert.match((await readPdf(pdf.rawPayload)).text.join('\n'), /LEDGER DOES NOT VERIFY: entry 2/);
});
