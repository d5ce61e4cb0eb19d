// orders §2 "Order list screens", the driver's list: the orders the driver picks up or delivers (either leg, or
// both), newest first, each once, across pages and with a search; another driver's orders never.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { subOf, tokenFor } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { OrderRowModel } from '../../src/models/order-row.js';
import { Member } from '../../src/models/member.js';
import { listKeysOf } from '../../src/domain/list-keys.js';
import { everyPage, seedListed, startLists } from './lists-helpers.js';
let app: FastifyInstance;
const DAY = 86_400_000;
const now = Date.now();
const ME = 'drv-sides';

/** An order created `i` hours ago (`daysAgo` days more), with its pickup and delivery drivers. */
function order(i: number, pickup: string, delivery: string, o: { daysAgo?: number; city?: string } = {}) {
  const createdAt = new Date(now - (o.daysAgo ?? 0) * DAY - i * 3_600_000);
  const doc = {
    _id: new mongoose.Types.ObjectId(),
    orderId: `DS-${String(300000 + i)}`,
    createdAt,
    user: '',
    deleted: 0,
    version: 1,
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        status: 1,
        pickupLN: 'SIDES-0001',
        destinationLN: 'SIDES-0002',
        preferredDelivery: new Date(createdAt.getTime() + DAY).toISOString(),
        driver: { pickup, delivery },
      },
      pickupCompany: { Licensee: 'Sides Farm', City: o.city ?? 'Salem' },
      destCompany: { Licensee: 'Sides Shop', City: 'Bend' },
      billing: {},
    },
  };
  return { ...doc, ...listKeysOf(doc) };
}

const docs: ReturnType<typeof order>[] = [];
before(async () => {
  app = await startLists('portal_orders_lists_driver_test');
  await Promise.all([Order.deleteMany({}), OrderRowModel.deleteMany({}), Member.deleteMany({})]);
  await Member.create({
    userId: 'u-ds',
    sub: subOf(await tokenFor(Role.Driver)),
    companyKeys: [],
    role: 2,
    driverId: ME,
  });
  // more than a page of each kind, interleaved in time: both legs, the pickup only, the delivery only (one with no
  // pickup driver yet), and orders of other drivers
  const kinds: [string, string][] = [
    [ME, ME],
    [ME, 'drv-other'],
    ['drv-other', ME],
    ['', ME],
    ['drv-other', 'drv-third'],
  ];
  for (let i = 0; i < 500; i++)
    docs.push(order(i, ...kinds[i % kinds.length]!, { city: i % 7 ? 'Salem' : 'Cedar' }));
  docs.push(order(501, ME, ME, { daysAgo: 400 })); // older than the list's 366 days
  await seedListed(docs);
});
after(async () => {
  await Promise.all([Order.deleteMany({}), OrderRowModel.deleteMany({}), Member.deleteMany({})]);
  await app.close();
});

/** Every row of the driver's list, page by page (200 a page). */
const every = (query = '') => everyPage(app, Role.Driver, `list=driver${query}`, 200);
const mine = (d: (typeof docs)[number]) =>
  d.driverIds.includes(ME) && d.createdAt.getTime() > now - 366 * DAY;

test("driver list: the orders of either leg, newest first, each once across pages, none of another driver's", async () => {
  const rows = await every();
  const want = docs.filter(mine).map((d) => d.orderId);
  assert.equal(want.length, 400);
  assert.deepEqual(
    rows.map((r) => r.orderId),
    want,
    'the seed is newest first: the same order, nothing twice, nothing missing',
  );
});

test('driver list: a search keeps both legs', async () => {
  const rows = await every('&q=cedar');
  const want = docs.filter((d) => mine(d) && d.data.pickupCompany.City === 'Cedar').map((d) => d.orderId);
  assert.ok(want.length > 40);
  assert.deepEqual(
    rows.map((r) => r.orderId),
    want,
  );
});

test('the list row holds the drivers as scalars: the delivery driver only when another one', async () => {
  const row = (i: number) =>
    OrderRowModel.collection.findOne(
      { _id: docs[i]!._id },
      { projection: { driverPickup: 1, driverDelivery: 1 } },
    );
  assert.deepEqual(await row(0), { _id: docs[0]!._id, driverPickup: ME });
  assert.deepEqual(await row(1), { _id: docs[1]!._id, driverPickup: ME, driverDelivery: 'drv-other' });
  assert.deepEqual(await row(3), { _id: docs[3]!._id, driverDelivery: ME });
});
