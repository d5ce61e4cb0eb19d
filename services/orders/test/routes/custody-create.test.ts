// The custody gate on the form's paths: custody fields (check-in/out stamps, signatures) never come from a create's
// input, a new order starts as Received/Approved unless staff override with a reason (recorded in the ledger: who
// and why), the update's stamps are the server's, and a bulk row cannot carry a custody field.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderMessages as M, OrderStatus, Role, ScanMessages as SM } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { readSheet } from '../../src/domain/bulk/parse.js';
import { mapRow } from '../../src/domain/bulk/map.js';
import { bulkOrderData } from '../../src/domain/bulk/write.js';
import { BULK_HEADINGS } from '../../src/domain/bulk/columns.js';
import { csv, row } from '../fixtures/bulk/files.js';
import { SIGNATURE, call, orderInput, seedReadModels, suiteEnv } from './order-helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, suiteEnv('gate'));
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const create = (role: number, order: object) =>
  call(app, role as never, 'POST', '/api/orders/create', { order });
const update = (role: number, id: string, version: number, order: object) =>
  call(app, role as never, 'POST', '/api/orders/update', { order: { id, version, data: { order } } });
const stored = (notes: string) => Order.find({ 'data.order.notes': notes }).lean<any[]>();
const forged = { time: '2020-01-01T00:00:00.000Z', user: 'Somebody Else' };

test('a vendor cannot create an order already checked out (or checked in, or signed)', async () => {
  for (const [field, value] of [
    ['checkedout', forged],
    ['checkedin', forged],
    ['signature', { customer: { name: 'Nobody', image: SIGNATURE.image } }],
  ] as const) {
    const notes = `vendor-${field}`;
    const res = await create(Role.AccountAdmin, orderInput({ notes, [field]: value }));
    assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
    assert.equal(res.json().detail, M.custodyFieldAtCreate(field));
    assert.deepEqual(await stored(notes), [], `${field}: nothing stored`);
  }
});

test('staff cannot create straight at Delivered (or Picked Up) without an override', async () => {
  for (const status of [OrderStatus.delivered, OrderStatus.pickedUp, OrderStatus.inTransit]) {
    const notes = `staff-${status}`;
    const res = await create(Role.Admin, orderInput({ notes, status }));
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.json().detail, /A new order starts as Order Received or Order Approved/);
    assert.deepEqual(await stored(notes), []);
  }
  const approved = await create(Role.Admin, orderInput({ notes: 'staff-approved', status: 1 }));
  assert.equal(approved.statusCode, 200, 'Approved is an initial status');
});

test('a staff override with a reason creates at Delivered and the ledger says who and why', async () => {
  const res = await create(Role.Admin, {
    ...orderInput({ notes: 'staff-override', status: OrderStatus.delivered }),
    override: { reason: 'paper manifest, entered after the fact' },
  });
  assert.equal(res.statusCode, 200, res.body);
  const [o] = await stored('staff-override');
  assert.equal(o.data.order.status, OrderStatus.delivered);
  assert.deepEqual(
    o.history.map((e: any) => [e.action, e.by.name, e.by.role]),
    [
      ['created', 'Ada Admin', Role.Admin],
      ['gate-override', 'Ada Admin', Role.Admin],
    ],
  );
  assert.equal(o.history[1].changes[0].to.reason, 'paper manifest, entered after the fact');
  assert.equal(o.history[1].changes[0].to.status, OrderStatus.delivered);
  assert.equal(o.history[1].prevHash, o.history[0].hash, 'the override entry is chained like any other');
  // even with an override, custody fields are not input
  const withStamp = await create(Role.Admin, {
    ...orderInput({ notes: 'staff-override-stamp', status: 3, checkedout: forged }),
    override: { reason: 'paper manifest' },
  });
  assert.equal(withStamp.statusCode, 400);
  assert.deepEqual(await stored('staff-override-stamp'), []);
});

test('a vendor cannot override, nor a driver', async () => {
  const body = {
    ...orderInput({ notes: 'vendor-override', status: OrderStatus.delivered }),
    override: { reason: 'trust me' },
  };
  const res = await create(Role.AccountAdmin, body);
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().detail, SM.overrideStaffOnly);
  const driver = await create(Role.Driver, {
    ...body,
    data: { order: { ...body.data.order, orderType: 'cash_pickup' } },
  });
  assert.equal(driver.statusCode, 403);
  assert.deepEqual(await stored('vendor-override'), []);
});

test('on update the stamps are the server’s: vendors none, staff stamped with themselves, picked up signed', async () => {
  const o = (await create(Role.Admin, orderInput({ notes: 'upd' }))).json().data.order;
  const vendor = await update(Role.AccountAdmin, o.id, 1, { checkedout: forged });
  assert.equal(vendor.statusCode, 403, 'vendors check out by the custody call, which meets the gate');
  const staff = await update(Role.Admin, o.id, 1, { checkedin: forged });
  assert.equal(staff.statusCode, 200, staff.body);
  const stamp = (await Order.findById(o.id).lean<any>()).data.order.checkedin;
  assert.notEqual(stamp.user, 'Somebody Else', 'the person is the caller, never the input');
  assert.notEqual(stamp.time, forged.time);
  const unsigned = await update(Role.Admin, o.id, 2, { status: OrderStatus.pickedUp });
  assert.equal(unsigned.statusCode, 409);
  assert.equal(unsigned.json().detail, M.pickedUpNeedsSignature);
  const out = await update(Role.Admin, o.id, 2, { checkedout: forged });
  assert.equal(out.statusCode, 409, 'check-out on the form meets the manifest gate');
});

test('bulk rows cannot carry custody fields: such columns are not read, rows start as Received', () => {
  const headings = [...BULK_HEADINGS, 'Checked Out', 'Checked In', 'Status', 'Signature'];
  const cells = row('LIC-A', 'LIC-B', 1, { 5: '2030-03-04' }).map((c) => String(c ?? ''));
  const file = csv([[...cells, '2020-01-01 Somebody', '2020-01-01 Somebody', '3', 'x']], headings);
  const [m] = readSheet('a.csv', file).map(mapRow);
  for (const f of ['checkedout', 'checkedin', 'status', 'signature'])
    assert.equal((m!.input.order as Record<string, unknown>)[f], undefined, f);
  const data = bulkOrderData(m!.input, new Map(), { isInternalDist: false }, new Date());
  assert.equal(data.order.status, OrderStatus.received);
  assert.equal(data.order.checkedout, undefined);
});
