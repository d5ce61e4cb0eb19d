import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { assertUsesIndex, startService } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { orderListQuery } from '../../src/domain/orders.js';
import { buildApp } from '../../src/app.js';

// Each first page exactly as the domain builds it reaches the database through an index (docs/DATA.md §2-3): the
// company or the month is the pushed-down equality. Later pages add the keyset range (createdAt, _id), and a
// vendor's "approved" adds the exceptions ($in); FerretDB filters both among the rows that equality returned.
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, { MONGO_DB: 'portal_orders_test' });
  await Order.create({ companyKey: 'INDEX-PROBE', createdBy: 'test', createdMonth: '2026-11' });
});
after(async () => {
  await Order.deleteMany({ companyKey: 'INDEX-PROBE' });
  await app.close();
});

const now = new Date('2026-11-23T10:00:00Z');
const cases = [
  ['staff, this month', { role: Role.Admin }, {}],
  ['staff, this month, one status', { role: Role.Admin }, { status: 3 }],
  ['staff, one company', { role: Role.SuperAdmin }, { company: 'INDEX-PROBE' }],
  ['a vendor', { role: Role.User, companyKey: 'INDEX-PROBE' }, {}],
  [
    'a vendor, one status and month',
    { role: Role.AccountAdmin, companyKey: 'INDEX-PROBE' },
    { status: 3, month: '2026-11' },
  ],
] as const;

for (const [label, caller, query] of cases) {
  test(`the order list uses an index: ${label}`, async () => {
    const q = orderListQuery(caller, query, now)!;
    await assertUsesIndex(Order, q.filter, q.sort);
  });
}
