// An order's life over the calls: approve, driver pick-up and delivery with the signature
// auto-fill, illegal moves as 409, cancel (reason default Other), delete/undelete, each step in the ledger and as an
// event on the ORDERS stream (real NATS) with its recipients; then the ledger is edited in the database and verify
// names the entry.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderMessages as M, Role, Subjects } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import {
  DRIVER_ID,
  SIGNATURE,
  TEST_ENV,
  call,
  orderInput,
  publishedSince,
  seedReadModels,
} from './order-helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const post = (role: number, path: string, order: object) =>
  call(app, role as never, 'POST', `/api/orders/${path}`, { order });
const update = (role: number, id: string, version: number, order: object) =>
  post(role, 'update', { id, version, data: { order } });
const vendor = 'core-3@test.portal';
/** The chain's own verdict (the anchoring's fields are ledger-anchor.test.ts's). */
const pick = ({ ok, entries, brokenAt }: { ok: boolean; entries: number; brokenAt?: number }) =>
  brokenAt === undefined ? { ok, entries } : { ok, entries, brokenAt };
const admins = ['core-0@test.portal', 'core-1@test.portal'];

async function eventsFor(subject: string, since: Date, id: string, n = 1) {
  return waitFor(async () => {
    const evs = (await publishedSince(app, subject, since)).filter((e) => e.data.id === id);
    return evs.length >= n ? evs : undefined;
  }, 15_000);
}

test('approve → pick up → in transit → delivered, with stamps, signatures, events and the ledger', async () => {
  const since = new Date();
  const created = await post(Role.AccountAdmin, 'create', orderInput());
  assert.equal(created.statusCode, 200, created.body);
  const o = created.json().data.order;
  const [createdEv] = await eventsFor(Subjects.orderCreated, since, o.id);
  assert.deepEqual(
    createdEv!.data.recipients,
    [vendor],
    'the users of the pickup licence (alertNewOrders default on)',
  );
  assert.equal(createdEv!.data.link, `${app.env.APP_URL}/order/${o.id}`);

  const vendorMove = await update(Role.AccountAdmin, o.id, 1, { status: 1 });
  assert.equal(vendorMove.statusCode, 403, 'vendors never set a status');
  const approved = await update(Role.Admin, o.id, 1, {
    status: 1,
    driver: { pickup: DRIVER_ID, delivery: DRIVER_ID },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  const a = approved.json().data.order;
  assert.ok(a.data.order.dateApproved, 'dateApproved set at status ≥ 1');
  assert.deepEqual(a.driverIds, [DRIVER_ID, DRIVER_ID]);
  const [statusEv] = await eventsFor(Subjects.orderStatusChanged, since, o.id);
  assert.equal(statusEv!.data.previousStatus, 0);
  assert.equal(statusEv!.data.status, 1);
  assert.deepEqual(statusEv!.data.recipients, [vendor], 'the vendor receives the status mail');

  // the driver now reaches it, moves it along the road, and the signature fills itself
  assert.equal((await call(app, Role.Driver, 'GET', `/api/orders/${o.id}`)).statusCode, 200);
  const picked = await update(Role.Driver, o.id, 2, { status: 7 });
  assert.equal(picked.statusCode, 200, picked.body);
  assert.equal(picked.json().data.order.data.order.signature.pickup.image, SIGNATURE.image);
  const locked = await update(Role.AccountAdmin, o.id, 3, { notes: 'too late' });
  assert.equal(locked.statusCode, 409, 'a vendor edits only while the order waits');
  assert.equal(locked.json().detail, M.orderLocked);
  const back = await update(Role.Driver, o.id, 3, { status: 0 });
  assert.equal(back.statusCode, 409);
  assert.equal(back.json().detail, M.illegalTransition('Order Picked Up', 'Order Received'));
  const notes = await update(Role.Driver, o.id, 3, { notes: 'driver notes' });
  assert.equal(notes.statusCode, 403, "notes are disabled in the driver's form");
  assert.equal((await update(Role.Driver, o.id, 3, { status: 2 })).statusCode, 200);
  const noReason = await update(Role.Driver, o.id, 4, { status: 5 });
  assert.equal(noReason.statusCode, 400);
  assert.equal(noReason.json().detail, 'Reason for rejection is required. ');
  const unsigned = await update(Role.Driver, o.id, 4, { status: 3 }); // The receiver's signature gate
  assert.equal(
    unsigned.json().detail,
    "Cannot mark delivered this order: the receiver's signature is missing.",
  );
  const customer = { name: 'Rita Receiver', image: SIGNATURE.image };
  const delivered = await update(Role.Driver, o.id, 4, { status: 3, signature: { customer } });
  assert.equal(delivered.statusCode, 200);
  assert.equal(delivered.json().data.order.data.order.signature.driver.name, SIGNATURE.name);
  const toCancelled = await update(Role.Admin, o.id, 5, { status: 8 });
  assert.equal(toCancelled.statusCode, 409, 'cancelled only through the cancel call');

  const h = (await call(app, Role.AccountAdmin, 'GET', `/api/orders/${o.id}/history`)).json().data.entries;
  assert.deepEqual(
    h.map((e: any) => [e.seq, e.action, e.by.name]),
    [
      [1, 'created', 'Val Vendor'],
      [2, 'status', 'Ada Admin'],
      [3, 'status', 'Dee Driver'],
      [4, 'status', 'Dee Driver'],
      [5, 'status', 'Dee Driver'],
    ],
  );
  assert.ok(!JSON.stringify(h).includes(SIGNATURE.image), 'no signature images in the ledger');
  const evs = await publishedSince(app, Subjects.orderStatusChanged, since);
  assert.ok(!JSON.stringify(evs).includes('base64'), 'no signature images in events');
  const v = await call(app, Role.AccountAdmin, 'GET', `/api/orders/${o.id}/history/verify`);
  assert.deepEqual(pick(v.json()), { ok: true, entries: 5 });
});

test('rejection and exception mails follow their switches', async () => {
  await OrderConfigValue.create({ key: 'rejectionEmails', value: false }).catch(() => undefined);
  const since = new Date();
  const o = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  assert.equal((await update(Role.Admin, o.id, 1, { status: 5, rejected: 2 })).statusCode, 200);
  assert.equal((await update(Role.Admin, o.id, 2, { status: 4, exception: 'wet boxes' })).statusCode, 200);
  const evs = await eventsFor(Subjects.orderStatusChanged, since, o.id, 2);
  assert.deepEqual(
    evs.map((e) => [e.data.status, e.data.recipients]),
    [
      [5, []],
      [4, [vendor]],
    ],
  );
  assert.ok((await Order.findById(o.id).lean<any>()).data.order.rejectedDate, 'rejectedDate stamped');
  const seen = (await call(app, Role.AccountAdmin, 'GET', `/api/orders/${o.id}`)).json().data.order;
  assert.deepEqual(
    [seen.status, seen.data.order.status, seen.data.order.exception],
    [1, 1, undefined],
    'an Exception reads as Approved to vendors',
  );
  const staff = (await call(app, Role.Admin, 'GET', `/api/orders/${o.id}`)).json().data.order;
  assert.deepEqual([staff.status, staff.data.order.exception], [4, 'wet boxes']);
  await OrderConfigValue.deleteMany({});
});

test('cancel: reason default Other, creator and admins notified, never twice; delete and undelete by staff', async () => {
  const since = new Date();
  const o = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  const cancelled = await post(Role.AccountAdmin, 'cancel', { id: o.id });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  const c = cancelled.json().data.order;
  assert.deepEqual([c.status, c.deleted, c.cancelReason], [8, 2, 'Other']);
  const [ev] = await eventsFor(Subjects.orderCancelled, since, o.id);
  assert.deepEqual(ev!.data.recipients, [...admins, vendor].sort());
  const again = await post(Role.AccountAdmin, 'cancel', { id: o.id });
  assert.equal(again.statusCode, 409);
  assert.equal(again.json().detail, M.cancelNotAllowed);
  assert.equal(
    (await update(Role.AccountAdmin, o.id, 2, { notes: 'x' })).statusCode,
    409,
    'a cancelled order is not edited',
  );

  const d = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  assert.equal((await post(Role.AccountAdmin, 'delete', { id: d.id })).statusCode, 403);
  const del = await post(Role.Admin, 'delete', { id: d.id, version: 1 });
  assert.equal(del.json().data.order.deleted, 1);
  assert.equal(
    (await post(Role.Admin, 'cancel', { id: d.id })).statusCode,
    409,
    'a deleted order is not cancelled',
  );
  const undel = await post(Role.Admin, 'undelete', { id: d.id });
  assert.equal(undel.json().data.order.deleted, 0);
  await eventsFor(Subjects.orderDeleted, since, d.id);
  await eventsFor(Subjects.orderUndeleted, since, d.id);
  const h = (await call(app, Role.Admin, 'GET', `/api/orders/${d.id}/history`)).json().data.entries;
  assert.deepEqual(
    h.map((e: any) => e.action),
    ['created', 'deleted', 'undeleted'],
  );
});

test('a changed approved delivery day announces that the preferred date cannot be met', async () => {
  const since = new Date();
  const o = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  const later = new Date(Date.parse(o.data.order.preferredDelivery) + 3 * 86_400_000).toISOString();
  assert.equal((await update(Role.Admin, o.id, 1, { status: 1, deliveryDate: later })).statusCode, 200);
  const [ev] = await eventsFor(Subjects.orderDateUnmet, since, o.id);
  assert.equal(ev!.data.deliveryDate, later);
  assert.deepEqual(ev!.data.recipients, [vendor]);
});

test('the ledger: an entry edited in the database is found by verify', async () => {
  const o = (await post(Role.AccountAdmin, 'create', orderInput())).json().data.order;
  await update(Role.Admin, o.id, 1, { status: 1 });
  await update(Role.Admin, o.id, 2, { notes: 'second' });
  const url = `/api/orders/${o.id}/history/verify`;
  assert.deepEqual(pick((await call(app, Role.Admin, 'GET', url)).json()), { ok: true, entries: 3 });
  // an edit straight in the database (what a tamperer with database access would do), once the relay has published
  // the events: its clean-up rewrites the document (FerretDB) and would put the old history back over the edit
  await waitFor(async () => !(await Order.findById(o.id).lean<any>())._outboxPending || undefined, 15_000);
  const stored = await Order.findById(o.id).lean<any>();
  const edited = structuredClone(stored.history);
  edited[1].by.name = 'Someone Else';
  await Order.collection.updateOne({ _id: stored._id }, { $set: { history: edited } });
  assert.deepEqual(pick((await call(app, Role.Admin, 'GET', url)).json()), {
    ok: false,
    entries: 3,
    brokenAt: 2,
  });
  await Order.collection.updateOne(
    { _id: stored._id },
    { $set: { history: [stored.history[0], stored.history[2]] } },
  );
  assert.deepEqual(
    pick((await call(app, Role.Admin, 'GET', url)).json()),
    { ok: false, entries: 2, brokenAt: 3 },
    'a removed entry breaks the chain at the entry after it',
  );
});

test("a driver's Cash Pickup names them as its pickup driver", async () => {
  const res = await post(Role.Driver, 'create', orderInput({ orderType: 'cash_pickup' }, {}));
  assert.equal(res.statusCode, 200, res.body);
  const o = res.json().data.order;
  assert.equal(o.data.order.driver.pickup, DRIVER_ID);
  assert.equal(o.isPickup, true);
  assert.equal((await call(app, Role.Driver, 'GET', `/api/orders/${o.id}`)).statusCode, 200);
});
