import mongoose from 'mongoose';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Role, type OrderListKind, type OrderListParams } from '@portal/contracts';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { OrderRowModel } from '../../src/models/order-row.js';
import { Member } from '../../src/models/member.js';
import { ORDER_LIST_INDEXES } from '../../src/models/order-indexes.js';
import { listPlan, type ListCaller } from '../../src/domain/lists-query.js';
import { publicFilter } from '../../src/domain/lists-caller.js';
import { buildApp } from '../../src/app.js';

// Every first page of every list, exactly as the domain plans it, reaches the database through an index
// (docs/DATA.md §2-3): each scope of the plan is top-level equalities only, which FerretDB pushes down and a GIN
// index serves. The residual (the 40-day floor, $in of statuses, search prefixes, keyset) is filtered among the
// rows a scope returns.
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_orders_test',
    QUEUE_PREFIX: 'portal-orders-index-test',
  });
  await Order.collection.insertOne({
    orderId: 'INDEX-PROBE',
    pickupKey: 'INDEX-PROBE',
    companyKeys: ['INDEX-PROBE'],
  });
  await OrderRowModel.collection.insertOne({
    _id: new mongoose.Types.ObjectId(),
    pickupKey: 'INDEX-PROBE',
    companyKeys: ['INDEX-PROBE'],
    tok: ' index-probe',
    r: '{}',
  });
});
after(async () => {
  await Order.deleteMany({ orderId: 'INDEX-PROBE' });
  await OrderRowModel.deleteMany({ tok: ' index-probe' });
  await app.close();
});

test('the model declares the list indexes (the plugin is applied)', () => {
  const declared = Order.schema.indexes().map(([fields]) => JSON.stringify(fields));
  for (const fields of ORDER_LIST_INDEXES)
    assert.ok(declared.includes(JSON.stringify(fields)), JSON.stringify(fields));
});

const now = new Date('2026-11-23T10:00:00Z');
const admin: ListCaller = { role: Role.Admin, companyKeys: [] };
const vendor: ListCaller = {
  role: Role.AccountAdmin,
  companyKeys: ['C11-0001', 'C11-0002'],
  memberIds: ['u1'],
};
const user: ListCaller = { role: Role.User, companyKeys: ['C11-0003'] };
const driver: ListCaller = { role: Role.Driver, companyKeys: [], driverId: 'drv-1' };
const cases: [string, OrderListKind, ListCaller, OrderListParams][] = [
  ['admin, this week', 'admin', admin, {}],
  [
    'admin, a week and a status, searched, sorted by vendor',
    'admin',
    admin,
    { week: '2026-11-10', status: 3, q: 'green', sort: 'vendor' },
  ],
  [
    'admin, only delivered, internal, deleted too',
    'admin',
    admin,
    { delivered: true, def: 'int', deleted: true },
  ],
  ['admin, a date range', 'admin', admin, { from: '2026-11-01', to: '2026-11-03' }],
  ['admin, one company (40 days)', 'admin', admin, { company: 'c11 0001' }],
  ['admin, one company, all history', 'admin', admin, { company: 'C11-0001', all: true }],
  ['admin, all history by a search word', 'admin', admin, { all: true, q: 'G-104233 green' }],
  ['outgoing (two licences)', 'outgoing', vendor, {}],
  ['outgoing, one week, approved (with exceptions)', 'outgoing', vendor, { week: '2026-11-23', status: 1 }],
  ['incoming, searched', 'incoming', user, { q: 'salem' }],
  ['placed, one month from a week', 'placed', vendor, { week: '2026-11-26' }],
  ['driver, most recent 300', 'driver', driver, {}],
  ['driver, searched', 'driver', driver, { q: 'salem' }],
];

/** A scope's equalities: what the index serves (a driver's creation window is a range among the rows they find). */
const equalities = (scope: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(scope).filter(
      ([, v]) =>
        !(
          v &&
          typeof v === 'object' &&
          Object.keys(v).length &&
          Object.keys(v).every((k) => k.startsWith('$'))
        ),
    ),
  );

test('a caller found by email (a token subject the read model does not know) uses an index', () =>
  assertUsesIndex(Member, { email: 'someone@demo.portal' }));

test('the public page finds the link owner by the token hash with an index', () =>
  assertUsesIndex(Member, { publicOrdersHash: 'ab'.repeat(32), deleted: false, suspended: false }));

test('the public weekly view uses an index', async () => {
  await assertUsesIndex(Order, publicFilter('C11-0001', '2026-11-23'));
  await assertUsesIndex(OrderRowModel, publicFilter('C11-0001', '2026-11-23'));
});

for (const [label, kind, caller, params] of cases) {
  test(`the list uses an index: ${label}`, async () => {
    const plan = listPlan(kind, caller, params, now)!;
    assert.ok(plan.scopes.length >= 1);
    // the lists read the list rows (domain/lists.ts; the driver's by their own scopes); the whole-token search of
    // all history reads the orders, as do the lists until a database's rows are backfilled
    for (const scope of plan.rowScopes ?? plan.scopes)
      await assertUsesIndex('searchTokens' in scope ? Order : OrderRowModel, equalities(scope), {
        [plan.sort.path]: plan.sort.dir,
      });
    for (const scope of plan.rowScopes ? plan.scopes : [])
      await assertUsesIndex(Order, equalities(scope), { [plan.sort.path]: plan.sort.dir });
  });
}
