import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, type RoleNumber } from '@portal/contracts';
import { serviceBasics, tokenFor, type Policy } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { Member } from '../../src/models/member.js';
import { recordMember } from '../../src/domain/members.js';
import { periodOf } from '../../src/domain/orders.js';
import { buildApp } from '../../src/app.js';

const POLICY: Policy = {
  'GET /api/orders': [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User],
};
// Two tenants: the demo account admin's company A, the demo standard user's company B.
const A = 'LIC-A-TEST';
const B = 'LIC-B-TEST';
// Rows are dated from the 2nd of the current month, so a run at any hour keeps them in one month.
const today = new Date();
const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 2, 12);
const lastMonth = periodOf(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)));

const subOf = async (role: RoleNumber) =>
  JSON.parse(Buffer.from((await tokenFor(role)).split('.')[1], 'base64url').toString()).sub as string;
const as = async (role: RoleNumber, url: string) =>
  app().inject({ url, headers: { authorization: `Bearer ${await tokenFor(role)}` } });
const order = (companyKey: string, i: number, extra: object = {}) => {
  const createdAt = new Date(now - i * 60_000);
  return {
    companyKey,
    createdBy: 'seed',
    status: i % 4,
    createdAt,
    createdMonth: periodOf(createdAt),
    ...extra,
  };
};

// health, readiness, the route table against POLICY and the role × endpoint matrix (the kit's shared basics)
const app = serviceBasics(buildApp, POLICY, { MONGO_DB: 'portal_orders_test' });

before(async () => {
  await Promise.all([Order.deleteMany({}), Member.deleteMany({})]);
  await recordMember(await subOf(Role.AccountAdmin), A);
  await recordMember(await subOf(Role.User), B);
  await Order.insertMany([
    ...Array.from({ length: 30 }, (_, i) => order(A, i)),
    ...Array.from({ length: 5 }, (_, i) => order(B, i + 100)),
    order(A, 200, { status: 4 }), // an exception
    order(A, 201, { deleted: 1 }), // soft-deleted: in no list
    order(A, 0, { createdAt: new Date(`${lastMonth}-15T12:00:00Z`), createdMonth: lastMonth }),
  ]);
});

/** Every page of a caller's list, following nextCursor. */
async function all(role: RoleNumber, query = '') {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const res = await as(role, `/api/orders?limit=25${query}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(res.statusCode, 200, res.body);
    rows.push(...res.json().data.orders);
    cursor = res.json().data.nextCursor;
  } while (cursor);
  return rows;
}

test("role × tenant: each vendor sees only their company's live orders, newest first, over keyset pages", async () => {
  const a = await all(Role.AccountAdmin);
  assert.equal(a.length, 32, '30 + the exception + last month, not the deleted one');
  assert.ok(a.every((o) => o.companyKey === A));
  assert.equal(new Set(a.map((o) => o.id)).size, a.length, 'no row twice across pages');
  assert.ok(
    a.every((o, i) => i === 0 || o.createdAt <= a[i - 1].createdAt),
    'newest first',
  );
  const b = await all(Role.User);
  assert.deepEqual([...new Set(b.map((o) => o.companyKey))], [B]);
  assert.equal(b.length, 5);
});

test('a page holds PAGE_SIZES rows and says where the next starts', async () => {
  const first = (await as(Role.AccountAdmin, '/api/orders')).json().data;
  assert.equal(first.orders.length, 25, 'DEFAULT_PAGE_SIZE');
  assert.equal(typeof first.nextCursor, 'string');
  const big = (await as(Role.AccountAdmin, '/api/orders?limit=50')).json().data;
  assert.equal(big.orders.length, 32);
  assert.equal(big.nextCursor, null);
  assert.deepEqual(Object.keys(big.orders[0]).sort(), [
    'companyKey',
    'createdAt',
    'id',
    'orderType',
    'status',
    'statusName',
  ]);
});

test("staff see every company's orders of the month, one company, or another month", async () => {
  for (const role of [Role.SuperAdmin, Role.Admin]) {
    const month = await all(role);
    assert.deepEqual([...new Set(month.map((o) => o.companyKey))].sort(), [A, B]);
    assert.equal(month.length, 36);
    assert.equal((await all(role, `&company=${B}`)).length, 5);
    assert.equal((await all(role, `&month=${lastMonth}`)).length, 1);
  }
});

test('a vendor naming another company is refused; the exception reads as approved to them', async () => {
  const res = await as(Role.AccountAdmin, `/api/orders?company=${B}`);
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().message, 'You do not have permission to do this.');
  const approved = await all(Role.AccountAdmin, '&status=1');
  assert.ok(
    approved.length > 1 && approved.every((o) => o.status === 1 && o.statusName === 'Order Approved'),
  );
  const staffView = await all(Role.Admin, `&company=${A}&status=4`);
  assert.deepEqual(
    staffView.map((o) => o.statusName),
    ['Exception'],
  );
});

test("a caller whose company is not known yet sees an empty list, not everyone's", async () => {
  await Member.deleteOne({ userId: await subOf(Role.User) });
  const res = await as(Role.User, '/api/orders');
  assert.deepEqual(res.json(), { data: { orders: [], nextCursor: null } });
  await recordMember(await subOf(Role.User), B);
});

test('drivers are refused (their orders come with the schedule)', async () => {
  assert.equal((await as(Role.Driver, '/api/orders')).statusCode, 403);
});

test('bad list queries are 400s that say what is wrong', async () => {
  const cases: [string, string][] = [
    ['limit=7', 'limit must be one of 25, 50, 100'],
    ['status=9', 'status must be an order status from 0 to 8'],
    ['month=2026-13', 'month must be YYYY-MM'],
    ['cursor=not!a!cursor', 'cursor is not valid'],
    [`cursor=${Buffer.from('1.zz').toString('base64url')}`, 'cursor is not valid'],
  ];
  for (const [q, message] of cases) {
    const res = await as(Role.Admin, `/api/orders?${q}`);
    assert.equal(res.statusCode, 400, q);
    assert.equal(res.json().message, message, q);
  }
});
