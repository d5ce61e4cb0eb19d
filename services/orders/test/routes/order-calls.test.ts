// The single-order calls: role × endpoint, role × tenant, create with every server rule, bad input
// → 4xx with the spec's words and nothing written, the version check. Real stack: FerretDB, NATS, Redis, Keycloak,
// routing's /routes/find. Own database (TEST_ENV).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderMessages as M, Role, STAFF_ROLES, ALL_ROLES } from '@portal/contracts';
import { assertRoleMatrix, demoEmail, startService, type Policy } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { LIC, TEST_ENV, call, nextWeekday, noon, orderInput, seedReadModels } from './order-helpers.js';

const POLICY: Policy = {
  'GET /api/orders/:id': ALL_ROLES,
  'POST /api/orders/create': ALL_ROLES,
  'POST /api/orders/update': ALL_ROLES,
  'POST /api/orders/cancel': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
  'POST /api/orders/delete': STAFF_ROLES,
  'POST /api/orders/undelete': STAFF_ROLES,
  'GET /api/orders/:id/history': ALL_ROLES,
  'GET /api/orders/:id/history/verify': ALL_ROLES,
};

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await Order.deleteMany({});
  await seedReadModels();
});
after(() => app?.close());

const create = (role: number, input: object) =>
  call(app, role as never, 'POST', '/api/orders/create', { order: input });

test('role × endpoint: each single-order call admits exactly the roles of its policy', async () => {
  const mine = (r: { url: string }) => Object.keys(POLICY).some((k) => k.split(' ')[1] === r.url);
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, POLICY);
});

test('a vendor creates an order: licence copies, list keys, version 1, the first ledger entry', async () => {
  const res = await create(Role.AccountAdmin, orderInput());
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().message, 'Order created successfully!');
  const o = res.json().data.order;
  assert.match(o.orderId, /^G-\d{6}$/);
  assert.equal(o.version, 1);
  assert.equal(o.status, 0);
  assert.equal(o.data.order.pickupType, 'layoverpickup', 'type rule: layover → layoverpickup');
  assert.equal(o.data.pickupCompany.Licensee, 'Alpha Farms', 'copied from the licence list');
  assert.equal(o.data.destCompany.DBA, 'Delta Store DBA');
  assert.deepEqual([o.pickupKey, o.destKey], [LIC.A, LIC.DEST]);
  assert.ok(o.searchTokens.includes('alpha'));
  assert.equal(o.createdBy, 'Val Vendor');
  const h = await call(app, Role.AccountAdmin, 'GET', `/api/orders/${o.id}/history`);
  assert.equal(h.json().data.entries.length, 1);
  assert.equal(h.json().data.entries[0].action, 'created');
  assert.equal(h.json().data.entries[0].prevHash, '0'.repeat(64));
});

test('bad input → 4xx with the spec message, nothing written', async () => {
  const before = await Order.countDocuments();
  const wed = nextWeekday(3, 2);
  const cases: [string, number, object, number, string][] = [
    [
      'unknown destination',
      Role.AccountAdmin,
      orderInput({ destinationLN: 'NOPE-1' }),
      400,
      "License number doesn't exist",
    ],
    ['no destination', Role.AccountAdmin, orderInput({ destinationLN: '' }), 400, 'Destination is required!'],
    [
      'past date',
      Role.AccountAdmin,
      orderInput({ preferredDelivery: '2020-01-04T12:00:00Z' }),
      400,
      M.deliveryInPast,
    ],
    [
      'not a route day',
      Role.AccountAdmin,
      orderInput({ preferredDelivery: noon(wed) }),
      400,
      'Day chosen not allowed',
    ],
    [
      'pickup after delivery',
      Role.Admin,
      orderInput({ preferredDelivery: noon(wed), preferredPickup: noon(nextWeekday(4, 2)) }),
      400,
      M.pickupAfterDelivery,
    ],
    ['no invoice', Role.AccountAdmin, orderInput({}, {}), 400, 'Billing Invoice # is required!'],
    [
      'Same Day not offered',
      Role.AccountAdmin,
      orderInput({ orderType: 'sameDay' }),
      400,
      M.sameDayNotOffered,
    ],
    ['wrong types', Role.AccountAdmin, orderInput({ weight: 3, status: 'one' }), 400, ''],
    ["another company's licence", Role.AccountAdmin, orderInput({ pickupLN: LIC.B }), 403, M.notOwnLicence],
    [
      'a vendor setting the status',
      Role.AccountAdmin,
      orderInput({ status: 1 }),
      403,
      M.staffOnlyField('the status'),
    ],
    [
      'a vendor setting a route',
      Role.User,
      orderInput({ pickupLN: LIC.B, route: 'r1' }),
      403,
      M.staffOnlyField('the route'),
    ],
    ['a driver placing a layover', Role.Driver, orderInput(), 403, M.driverOnlyFields],
  ];
  for (const [name, role, input, status, message] of cases) {
    const res = await create(role, input);
    assert.equal(res.statusCode, status, `${name}: ${res.body}`);
    if (message) assert.equal(res.json().detail, message, name);
  }
  const wrongDay = await create(Role.AccountAdmin, orderInput({ preferredDelivery: noon(wed) }));
  assert.deepEqual(
    wrongDay.json().errors,
    { preferredDelivery: 'Day chosen not allowed' },
    'every field message',
  );
  assert.equal(await Order.countDocuments(), before, 'nothing written');
  const admin = await create(Role.Admin, orderInput({ preferredDelivery: noon(wed) }));
  assert.equal(admin.statusCode, 200, 'admins are not held to the route days (they confirm in the form)');
  const unknownForAdmin = await create(Role.Admin, {
    ...orderInput({ destinationLN: 'NEW-9' }),
    data: {
      ...orderInput({ destinationLN: 'NEW-9' }).data,
      destCompany: { 'Street Address': '9 New Rd', Zip: '93326' },
    },
  });
  assert.equal(unknownForAdmin.statusCode, 200, 'admins are exempt from the licence list');
});

test('a suspended account is refused with the spec words', async () => {
  await Member.updateOne({ role: Role.User }, { $set: { suspended: true } });
  const res = await create(Role.User, orderInput({ pickupLN: LIC.B }));
  await Member.updateOne({ role: Role.User }, { $set: { suspended: false } });
  assert.equal(res.statusCode, 403);
  assert.equal(
    res.json().detail,
    'Your account has been suspended. Please contact GPS to reactivate your account.',
  );
});

test('a caller whose token subject the read model does not know is found by its verified email', async () => {
  const m = await Member.findOne({ role: Role.User }).lean<any>();
  await Member.updateOne({ _id: m._id }, { $set: { sub: 'stale-subject', email: demoEmail(Role.User) } });
  const res = await create(Role.User, orderInput({ pickupLN: LIC.B }));
  await Member.updateOne({ _id: m._id }, { $set: { sub: m.sub, email: m.email } });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.order.createdBy, 'Bea Buyer');
});

test("role × tenant: a company user never reads or changes another company's order", async () => {
  const a = (await create(Role.AccountAdmin, orderInput())).json().data.order;
  const toB = (await create(Role.AccountAdmin, orderInput({ destinationLN: LIC.B }))).json().data.order;
  for (const url of [
    `/api/orders/${a.id}`,
    `/api/orders/${a.orderId}`,
    `/api/orders/${a.id}/history`,
    `/api/orders/${a.id}/history/verify`,
  ]) {
    assert.equal((await call(app, Role.User, 'GET', url)).statusCode, 404, url);
    assert.equal((await call(app, Role.Driver, 'GET', url)).statusCode, 404, `driver not assigned: ${url}`);
    assert.equal((await call(app, Role.Admin, 'GET', url)).statusCode, 200, url);
    assert.equal((await call(app, Role.AccountAdmin, 'GET', url)).statusCode, 200, url);
  }
  const upd = await call(app, Role.User, 'POST', '/api/orders/update', {
    order: { id: a.id, version: 1, data: { order: { notes: 'x' } } },
  });
  assert.equal(upd.statusCode, 404);
  assert.equal(upd.json().detail, 'Order not found');
  const cancel = await call(app, Role.User, 'POST', '/api/orders/cancel', { order: { id: a.id } });
  assert.equal(cancel.statusCode, 404);
  // the receiver sees its incoming order but may not change it
  assert.equal((await call(app, Role.User, 'GET', `/api/orders/${toB.id}`)).statusCode, 200);
  const recv = await call(app, Role.User, 'POST', '/api/orders/update', {
    order: { id: toB.id, version: 1, data: { order: { notes: 'x' } } },
  });
  assert.equal(recv.statusCode, 403);
  assert.equal((await Order.findById(a.id).lean<{ version: number }>())!.version, 1, 'nothing written');
});

test('updates check the version: a stale one is 409 naming who changed the order', async () => {
  const a = (await create(Role.AccountAdmin, orderInput())).json().data.order;
  const first = await call(app, Role.Admin, 'POST', '/api/orders/update', {
    order: { id: a.id, version: 1, data: { order: { notes: 'by admin' } } },
  });
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(first.json().data.order.version, 2);
  const stale = await call(app, Role.AccountAdmin, 'POST', '/api/orders/update', {
    order: { id: a.id, version: 1, data: { order: { notes: 'mine' } } },
  });
  assert.equal(stale.statusCode, 409);
  assert.equal(stale.json().detail, 'This order was changed by Ada Admin; reload');
  const o = await Order.findById(a.id).lean<any>();
  assert.equal(o.data.order.notes, 'by admin');
  assert.equal(o.history.length, 2);
  // a vendor may not move the destination once placed (staff's, §6)
  const dest = await call(app, Role.AccountAdmin, 'POST', '/api/orders/update', {
    order: { id: a.id, version: 2, data: { order: { destinationLN: LIC.B } } },
  });
  assert.equal(dest.statusCode, 403);
});
