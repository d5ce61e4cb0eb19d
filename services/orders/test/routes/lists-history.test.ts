// orders §2 "Order list screens" — Show All History (staff) without a search pages the whole history on the server
// (every month from the oldest order's, in any sort, each row once), and Show Only Delivered keeps the delivery
// stop's outcomes: Delivered, Exception (staff only), Full and Partial Rejection — never Order Picked Up. orders §6
// switches orders.includeAddress / orders.includeDBA word the rows' companies.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, Role, type RoleNumber } from '@portal/contracts';
import { subOf, tokenFor } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { OrderRowModel } from '../../src/models/order-row.js';
import { Member } from '../../src/models/member.js';
import { listKeysOf } from '../../src/domain/list-keys.js';
import { OrderConfigValue } from '../../src/models/order-config.js';
import { everyPage, seedListed, startLists } from './lists-helpers.js';

let app: FastifyInstance;
const DAY = 86_400_000;
const now = Date.now();
const A = 'HIST-0001';

/** An order created `daysAgo` days ago, delivered the next day. */
function order(i: number, daysAgo: number, status: number, deleted = 0) {
  const createdAt = new Date(now - daysAgo * DAY - i * 60_000);
  const doc = {
    _id: new mongoose.Types.ObjectId(),
    orderId: `H-${String(200000 + i)}`,
    createdAt,
    user: '',
    deleted,
    version: 1,
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        status,
        pickupLN: A,
        destinationLN: 'HIST-0002',
        preferredDelivery: new Date(createdAt.getTime() + DAY).toISOString(),
        weight: String(1 + (i % 4)),
      },
      pickupCompany: {
        Licensee: `Hist Farms ${i}`,
        DBA: 'Hist Green',
        'Street Address': '5 Oak St',
        City: 'Eugene',
      },
      destCompany: { Licensee: 'Hist Shop', City: 'Bend' },
      billing: {},
    },
  };
  return { ...doc, ...listKeysOf(doc) };
}

const docs: ReturnType<typeof order>[] = [];
before(async () => {
  app = await startLists('portal_orders_lists_history_test');
  await Promise.all([
    Order.deleteMany({}),
    OrderRowModel.deleteMany({}),
    Member.deleteMany({}),
    OrderConfigValue.deleteMany({}),
  ]);
  await Member.create({ userId: 'u-h', sub: subOf(await tokenFor(Role.User)), companyKeys: [A], role: 4 });
  // 3 years back to this week: months without an order in between; every status; one deleted
  const ages = [0, 2, 9, 45, 70, 130, 400, 800, 1100];
  let i = 0;
  for (const age of ages) for (let s = 0; s <= 8; s++) docs.push(order(i++, age, s));
  docs.push(order(i++, 500, OrderStatus.delivered, 1));
  await seedListed(docs);
});
after(async () => {
  await Promise.all([Order.deleteMany({}), OrderRowModel.deleteMany({}), OrderConfigValue.deleteMany({})]);
  await app.close();
});

/** Every row of a list, page by page (25 a page), as the table asks. */
const every = (role: RoleNumber, query: string) => everyPage(app, role, query);
const ids = (rows: { orderId: string }[]) => rows.map((r) => r.orderId).sort();
const live = () => docs.filter((d) => d.deleted !== 1);

test('orders §2 Show All History: staff without a search page the whole history, newest first', async () => {
  const rows = await every(Role.Admin, 'list=admin&all=true');
  assert.deepEqual(ids(rows), ids(live()), 'every order ever created, deleted ones left out');
  const times = rows.map((r) => Date.parse(r.createdAt));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
    'newest first across months',
  );
});

test('orders §2 Show All History: any sort column pages the whole history once, in order', async () => {
  const rows = await every(Role.SuperAdmin, 'list=admin&all=true&sort=orderId&dir=asc');
  assert.deepEqual(
    rows.map((r) => r.orderId),
    ids(live()),
  );
  const delivered = await every(Role.Admin, 'list=admin&all=true&delivered=true');
  assert.equal(delivered.length, live().filter((d) => [3, 4, 5, 6].includes(d.status)).length);
});

test('orders §2 Show All History stays staff-only', async () => {
  const res = await app.inject({
    url: '/api/orders?list=admin&all=true',
    headers: { authorization: `Bearer ${await tokenFor(Role.User)}` },
  });
  assert.equal(res.statusCode, 403);
});

test('orders §2 Show Only Delivered: delivery outcomes only, never Order Picked Up', async () => {
  const staff = await every(Role.Admin, 'list=admin&all=true&delivered=true');
  assert.deepEqual([...new Set(staff.map((r) => r.status))].sort(), [3, 4, 5, 6]);
  const vendor = await every(Role.User, 'list=outgoing&delivered=true');
  const seen = [...new Set(vendor.map((r) => r.status))].sort();
  assert.deepEqual(
    seen,
    [3, 5, 6],
    'no Picked Up; an Exception (Order Approved to a vendor) is not delivered',
  );
  const picked = await every(Role.Admin, `list=admin&all=true&delivered=true&status=${OrderStatus.pickedUp}`);
  assert.deepEqual(picked, [], 'Picked Up with Show Only Delivered: nothing');
});

test('orders §6 orders.includeAddress / orders.includeDBA: the city and the licensee, else street and DBA too', async () => {
  const first = async () => (await every(Role.User, 'list=outgoing&sort=orderId&dir=asc'))[0]!;
  const plain = await first();
  assert.deepEqual([plain.vendor, plain.pickup], ['Hist Farms 0', 'Eugene'], 'both off (their default)');
  await OrderConfigValue.create([
    { key: 'orders.includeAddress', value: true },
    { key: 'orders.includeDBA', value: true },
  ]);
  const full = await first();
  assert.deepEqual([full.vendor, full.pickup], ['Hist Farms 0 (DBA Hist Green)', '5 Oak St, Eugene']);
  assert.equal(full.destName, 'Hist Shop', 'no DBA, no suffix');
  await OrderConfigValue.deleteMany({});
});
