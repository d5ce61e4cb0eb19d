import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Subjects, orderSliceOf } from '@portal/contracts';
import { startService, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { NameModel, OrderProjection, fromStored } from '../../src/readmodels/order-projection.js';
import { MemberModel } from '../../src/readmodels/member.js';
import { namesOf } from '../../src/readmodels/names.js';
import { PROJECTION_ENV, facts, notice, tag } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, PROJECTION_ENV);
  await Promise.all([OrderProjection.deleteMany({}), NameModel.deleteMany({}), MemberModel.deleteMany({})]);
});
after(() => app?.close());

const projected = (id: string, version = 1) =>
  waitFor(async () => {
    const doc = await OrderProjection.findById(id).lean();
    const d = doc ? fromStored(doc) : null;
    return d && d.version >= version ? d : null;
  }, 15_000);

test('an order event → the projected order with its billing in cents, period keys and the vendor name', async () => {
  const id = `pj-${tag()}`;
  await app.bus.publish(Subjects.orderCreated, notice(id));
  const d = await projected(id);
  assert.equal(d.billing.amountCents, 125050);
  assert.equal(d.billing.method, 'Net Terms');
  assert.deepEqual(
    [d.deliveryDay, d.month, d.vendorMonth, d.week],
    ['2026-11-04', '2026-11', 'PJ-A-1|2026-11', '2026-11-02'],
  );
  assert.deepEqual(
    [d.route, d.pickupDriver, d.deliveryDriver, d.companyKeys],
    ['r-1', 'd-1', 'd-2', ['PJ-A-1']],
  );
  const vendor = await NameModel.findById('vendor:PJ-A-1').lean();
  assert.equal(vendor?.name, 'Projection Farm');
  assert.equal(vendor?.registered, false, 'no account said so yet');
});

test('an older version is ignored; a newer one (deliveryDate, delete) wins whatever the arrival order', async () => {
  const id = `pj-${tag()}`;
  const cheap = { ...facts().billing!, amount: '7.5', amountCents: 750 };
  await app.bus.publish(
    Subjects.orderUpdated,
    notice(id, { version: 3, billing: cheap }, { deliveryDate: '2026-12-01T12:00:00.000Z' }),
  );
  await projected(id, 3);
  await app.bus.publish(Subjects.orderCreated, notice(id, { version: 1 }));
  await app.bus.publish(
    Subjects.orderDeleted,
    notice(id, { version: 4, deleted: 1, billing: cheap }, { deliveryDate: '2026-12-01' }),
  );
  const d = await projected(id, 4);
  assert.equal(d.deleted, 1);
  assert.equal(d.createdAt, '', 'first seen at version 3: not its creation');
  assert.equal(d.billing.amountCents, 750, 'version 1 (1,250.50) never overwrote version 3');
  assert.deepEqual([d.deliveryDay, d.vendorMonth], ['2026-12-01', 'PJ-A-1|2026-12']);
});

test('an event without a billing block (an older publisher) projects a zeroed block', async () => {
  const id = `pj-${tag()}`;
  await app.bus.publish(Subjects.orderCreated, notice(id, { billing: undefined }));
  const d = await projected(id);
  assert.equal(d.billing.amountCents, 0);
  assert.equal(d.billing.amount, '');
  assert.deepEqual(d.billing.signatures, { pickup: false, driver: false, customer: false, dropoff: false });
});

test("a snapshot page for billing (this scope) is applied; routing's page and another scope's are not", async () => {
  const [a, b, c] = [`pj-${tag()}`, `pj-${tag()}`, `pj-${tag()}`];
  const item = (id: string) => ({ ...orderSliceOf(notice(id)), facts: facts({ version: 2 }) });
  const page = { page: 0, last: true, asOf: new Date().toISOString() };
  await app.bus.publish(Subjects.ordersSnapshotPublished, {
    requestId: 'r-routing',
    requestedBy: 'routing',
    scope: PROJECTION_ENV.CONSUMER_SUFFIX,
    ...page,
    orders: [item(b)],
  });
  await app.bus.publish(Subjects.ordersSnapshotPublished, {
    requestId: 'r-other',
    requestedBy: 'billing',
    scope: 'someoneelse',
    ...page,
    orders: [item(c)],
  });
  await app.bus.publish(Subjects.ordersSnapshotPublished, {
    requestId: 'r-mine',
    requestedBy: 'billing',
    scope: PROJECTION_ENV.CONSUMER_SUFFIX,
    ...page,
    orders: [item(a)],
  });
  const d = await projected(a, 2);
  assert.equal(d.billing.amountCents, 125050);
  // pages are handled in order by one consumer: the two before it were seen and skipped
  assert.equal(await OrderProjection.countDocuments({ _id: { $in: [b, c] } }), 0);
});

test('route, driver and user names; a company user registers its licences as vendors', async () => {
  const t = tag();
  const at = new Date().toISOString();
  await app.bus.publish(Subjects.routeChanged, {
    action: 'created',
    route: {
      id: `r-${t}`,
      name: 'Bakersfield 16',
      data: { startTime: '08:00', rows: [] },
      created: at,
      lastUpdated: at,
    },
  });
  await app.bus.publish(Subjects.driverChanged, {
    action: 'updated',
    driver: { id: `d-${t}`, name: 'Dana Driver', email: `dana-${t}@test.portal` },
  });
  await app.bus.publish(Subjects.userCreated, {
    userId: `u-${t}`,
    email: `Vendor-${t}@Test.Portal`,
    role: 3,
    sub: `sub-${t}`,
    name: 'Vera Vendor',
    companyKeys: [`PJV${t.toUpperCase()}`],
  });
  const member = await waitFor(() => MemberModel.findById(`u-${t}`).lean(), 15_000);
  assert.deepEqual(
    [member.email, member.role, member.companyKeys],
    [`vendor-${t}@test.portal`, 3, [`PJV${t.toUpperCase()}`]],
  );
  const vendor = await waitFor(
    () => NameModel.findOne({ _id: `vendor:PJV${t.toUpperCase()}`, registered: true }).lean(),
    15_000,
  );
  assert.equal(vendor.kind, 'vendor');
  await waitFor(() => NameModel.findById(`route:r-${t}`).lean(), 15_000);
  await waitFor(() => NameModel.findById(`driver:d-${t}`).lean(), 15_000);
  assert.deepEqual([...(await namesOf('route', [`r-${t}`, 'nope']))], [[`r-${t}`, 'Bakersfield 16']]);
  assert.deepEqual([...(await namesOf('driver', [`d-${t}`]))], [[`d-${t}`, 'Dana Driver']]);
  // an order naming the licence in another spelling meets the same vendor row (licenceKey)
  await app.bus.publish(
    Subjects.orderCreated,
    notice(`pj-${t}`, {}, { pickupLN: `pjv${t} `, vendorName: 'Vera Farms' }),
  );
  await projected(`pj-${t}`);
  const named = await waitFor(() =>
    NameModel.findOne({ _id: `vendor:PJV${t.toUpperCase()}`, name: 'Vera Farms' }).lean(),
  );
  assert.equal(named.registered, true, 'the order named it; the account keeps it registered');
  assert.deepEqual([...(await namesOf('vendor', [`pjv${t}`]))], [[`pjv${t}`, 'Vera Farms']]);
  // an older user fact (asOf) never overwrites a newer one; deleted marks it gone
  await app.bus.publish(Subjects.userDeleted, {
    userId: `u-${t}`,
    email: `vendor-${t}@test.portal`,
    role: 3,
  });
  await waitFor(() => MemberModel.findOne({ _id: `u-${t}`, deleted: true }).lean(), 15_000);
});
