// Labels over HTTP: who may print (role × endpoint, tenancy), the PDF as printed (pages =
// count, page size, QR → order URL), the refusals with the spec's words and nothing written, and the ONE ledger
// entry + custody event a print writes. Real stack, own database.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { LabelMessages, OrderMessages, Role, Subjects } from '@portal/contracts';
import { assertRoleMatrix, startService, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { LABEL_PRINTERS } from '../../src/routes/labels.js';
import { decodeQr, readPdf } from '../domain/labels-pdf-read.js';
import { call, fixtureWrite, publishedSince, seedReadModels } from './order-helpers.js';
import { placedOrder, printLabels } from './labels-helpers.js';
import { suiteEnv } from './order-helpers.js';

const POLICY: Policy = { 'POST /api/orders/labels': LABEL_PRINTERS };

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('labels'));
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const historyOf = async (id: string) =>
  (await call(app, Role.Admin, 'GET', `/api/orders/${id}/history`)).json().data.entries as {
    action: string;
    by: { name: string };
    changes: { path: string; to: unknown }[];
  }[];

test('role × endpoint: every role but drivers may print labels', async () => {
  assert.deepEqual(POLICY['POST /api/orders/labels'], [0, 1, 3, 4]);
  const mine = (r: { url: string }) => r.url === '/api/orders/labels';
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
});

test('a vendor prints its approved order: one page per box, label size, QR to the order, one ledger entry', async () => {
  const since = new Date();
  const o = await placedOrder(app, '3');
  const res = await printLabels(app, Role.AccountAdmin, { id: o.id });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/pdf');
  assert.equal(res.headers['x-label-count'], '3', 'default: the box count');
  assert.equal(res.headers['x-order-version'], String(o.version + 1));
  const pdf = await readPdf(res.rawPayload);
  assert.equal(pdf.pages.length, 3);
  assert.ok(pdf.pages.every((p) => Math.abs(p.width - 286.56) < 0.01 && Math.abs(p.height - 239.04) < 0.01));
  assert.equal(decodeQr(pdf.streams), `${app.env.APP_URL}/order/${o.orderId}`);
  for (const t of [o.orderId, 'Alpha Farms DBA', 'Delta Store DBA', 'Bakersfield 16', '3 of 3'])
    assert.ok(pdf.text.includes(t), `label shows ${t}`);

  const printed = (await historyOf(o.id)).filter((e) => e.action === 'labels-printed');
  assert.equal(printed.length, 1, 'exactly one ledger entry for one print');
  assert.equal(printed[0]!.by.name, 'Val Vendor');
  assert.deepEqual(printed[0]!.changes, [{ path: 'labels.printed', to: 3 }]);
  const events = (await publishedSince(app, Subjects.orderCustody, since)).filter((e) => e.data.id === o.id);
  assert.equal(events.length, 1);
  assert.equal(events[0]!.data.step, 'labels-printed');
  assert.deepEqual(events[0]!.data.detail, { count: 3 });

  const five = await printLabels(app, Role.Admin, { id: o.orderId, count: 5 });
  assert.equal(five.statusCode, 200, 'staff print any order, by its human id too');
  assert.equal((await readPdf(five.rawPayload)).pages.length, 5);
  assert.equal((await historyOf(o.id)).filter((e) => e.action === 'labels-printed').length, 2);
});

test('refused statuses: 409 with SHIPPING LABEL ERROR, the current and the allowed status; nothing written', async () => {
  const received = await placedOrder(app, '2', false);
  const r = await printLabels(app, Role.AccountAdmin, { id: received.id });
  assert.equal(r.statusCode, 409, r.body);
  assert.equal(
    r.json().detail,
    'SHIPPING LABEL ERROR. Current status: Order Received. Allowed status: Order Approved.',
  );
  assert.equal(r.json().currentStatus, 'Order Received');
  assert.equal(r.json().allowedStatus, 'Order Approved');

  const cancelled = await placedOrder(app, '2');
  const c = await call(app, Role.AccountAdmin, 'POST', '/api/orders/cancel', { order: { id: cancelled.id } });
  assert.equal(c.statusCode, 200, c.body);
  const before = await Order.findById(cancelled.id).lean<{ version: number; history: unknown[] }>();
  const x = await printLabels(app, Role.AccountAdmin, { id: cancelled.id, count: 2 });
  assert.equal(x.statusCode, 409);
  assert.match(x.json().detail, /^SHIPPING LABEL ERROR\. Current status: Order Cancelled\./);
  const after = await Order.findById(cancelled.id).lean<{ version: number; history: unknown[] }>();
  assert.equal(after!.version, before!.version, 'a refused print writes nothing');
  assert.equal(after!.history.length, before!.history.length);
});

test('an approved order without a route says so on its label; a deleted one gets no label', async () => {
  const o = await placedOrder(app, '1', false);
  const approved = await call(app, Role.Admin, 'POST', '/api/orders/update', {
    order: { id: o.id, version: o.version, data: { order: { status: 1 } } },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  const res = await printLabels(app, Role.AccountAdmin, { id: o.id });
  assert.equal(res.statusCode, 200, res.body);
  const pdf = await readPdf(res.rawPayload);
  assert.ok(
    pdf.text.includes(LabelMessages.noRoute),
    `the label says it has no route: ${pdf.text.join(' | ')}`,
  );
  assert.ok(!/ROUTE\s*-/.test(pdf.text.join('\n')), 'never "ROUTE -"');

  const gone = await placedOrder(app, '1');
  const del = await call(app, Role.Admin, 'POST', '/api/orders/delete', { order: { id: gone.id } });
  assert.equal(del.statusCode, 200, del.body);
  const x = await printLabels(app, Role.Admin, { id: gone.id });
  assert.equal(x.statusCode, 409, x.body);
  assert.equal(x.json().currentStatus, 'Order Approved (deleted)');
  assert.match(x.json().detail, /^SHIPPING LABEL ERROR\./);
});

test('bad counts → 400 with the count message, nothing written', async () => {
  const o = await placedOrder(app, '2');
  for (const count of [0, 'abc', 501, 2.5, -1]) {
    const r = await printLabels(app, Role.AccountAdmin, { id: o.id, count });
    assert.equal(r.statusCode, 400, `count ${count}: ${r.body}`);
    assert.equal(r.json().detail, LabelMessages.count, `count ${count}`);
  }
  const big = await placedOrder(app, '900');
  const r = await printLabels(app, Role.AccountAdmin, { id: big.id });
  assert.equal(r.statusCode, 400, 'a box count over the cap must be asked for explicitly');
  assert.equal((await historyOf(o.id)).filter((e) => e.action === 'labels-printed').length, 0);
});

test('tenancy: another company gets "Order not found", drivers 403, the receiver may not print', async () => {
  const o = await placedOrder(app, '1');
  const other = await printLabels(app, Role.User, { id: o.id });
  assert.equal(other.statusCode, 404);
  assert.equal(other.json().detail, OrderMessages.orderNotFound);
  assert.equal((await printLabels(app, Role.Driver, { id: o.id })).statusCode, 403);
  const unknown = await printLabels(app, Role.AccountAdmin, { id: 'G-999999' });
  assert.equal(unknown.statusCode, 404);
  // the receiving company (destination licence) reads its incoming order but does not print the shipper's labels
  await fixtureWrite(o.id, { $set: { pickupKey: 'TST-D-3001', destKey: 'TST-A-1001' } });
  const receiver = await printLabels(app, Role.AccountAdmin, { id: o.id });
  assert.equal(receiver.statusCode, 403, receiver.body);
  assert.equal((await historyOf(o.id)).filter((e) => e.action === 'labels-printed').length, 0);
});
