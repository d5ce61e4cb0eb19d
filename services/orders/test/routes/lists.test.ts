import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import {
  OrderMessages,
  OrderRowPage,
  PublicOrderWeek,
  Role,
  type OrderRow,
  type RoleNumber,
} from '@portal/contracts';
import { assertRoleMatrix, type Policy, subOf, tablePolicy, tokenFor } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { OrderRowModel, OrderRowsMeta } from '../../src/models/order-row.js';
import { ROWS_VERSION, backfillRows, forceRows, writeRow } from '../../src/domain/lists-store.js';
import { Member } from '../../src/models/member.js';
import { listKeysOf, weekOf, dayOf } from '../../src/domain/list-keys.js';
import { seedListed, startLists } from './lists-helpers.js';

// The lists over HTTP with real Keycloak tokens: role × endpoint from the route table, then role × tenant — two
// companies (A holds two licences), a driver, staff — through every list, filter, search and the public view.

const policy = {
  'GET /api/orders': 'signed-in',
  'POST /api/orders': 'signed-in',
  'POST /api/orders/userorders': [0, 1, 3, 4],
  'POST /api/orders/ordersrange': [0, 1],
  'POST /api/orders/ordersrangeforuser': [0, 1, 3],
  'GET /api/orders/public': 'public',
} as const;
let app: FastifyInstance;
const get = () => app;

const A1 = 'LISTA-0001',
  A2 = 'LISTA-0002',
  B1 = 'LISTB-0001',
  C1 = 'LISTC-0001';
const now = new Date();
const today = dayOf(now);
const thisWeek = weekOf(today);
const DAY = 86_400_000;
const subs = new Map<RoleNumber, string>();
// company B's public orders link: a token as accounts makes it (32 random bytes, base64url); orders holds its hash
const B_TOKEN = randomBytes(32).toString('base64url');
const B_HASH = createHash('sha256').update(B_TOKEN).digest('hex');

function order(
  i: number,
  pickup: string,
  dest: string,
  o: { status?: number; days?: number; deleted?: number; driver?: string; by?: string } = {},
) {
  const createdAt = new Date(
    now.getTime() - (i % 20) * 3_600_000 - (o.days && o.days < 0 ? -o.days * DAY : 0),
  );
  // today unless told: in this week whatever the weekday (tomorrow is next week's on a Sunday, and the admin's
  // default list is this week's)
  const delivery = new Date(now.getTime() + (o.days ?? 0) * DAY);
  const doc = {
    _id: new mongoose.Types.ObjectId(),
    orderId: `L-${String(100000 + i)}`,
    createdAt,
    user: o.by ?? '',
    deleted: o.deleted ?? 0,
    version: 1,
    history: [{ seq: 1, secret: 'never listed' }],
    data: {
      order: {
        orderDef: i % 3 ? 'ext' : 'int',
        orderType: 'layover',
        status: o.status ?? i % 8,
        pickupLN: pickup,
        destinationLN: dest,
        preferredDelivery: delivery.toISOString(),
        driver: { pickup: o.driver ?? '', delivery: o.driver ?? '' },
        weight: String(1 + (i % 5)),
      },
      pickupCompany: {
        Licensee: `${pickup === C1 ? 'Cedar' : pickup.startsWith('LISTA') ? 'Alder' : 'Birch'} Farms ${i}`,
        City: 'Portland',
        'Street Address': `${i} Main St`,
      },
      destCompany: { Licensee: `Shop ${dest}`, City: 'Salem' },
      billing: { manifest: `MAN-${i}` },
    },
  };
  return { ...doc, ...listKeysOf(doc) };
}

const docs: ReturnType<typeof order>[] = [];
before(async () => {
  app = await startLists('portal_orders_lists_test');
  for (const r of [Role.SuperAdmin, Role.Driver, Role.AccountAdmin, Role.User] as RoleNumber[])
    subs.set(r, subOf(await tokenFor(r)));
  await Order.deleteMany({});
  await Member.deleteMany({});
  await Member.create([
    { userId: 'u-a', sub: subs.get(Role.AccountAdmin), companyKeys: [A1, A2], role: 3 },
    { userId: 'u-a2', sub: 'other-a-user', companyKeys: [A1, A2], role: 4 },
    { userId: 'u-b', sub: subs.get(Role.User), companyKeys: [B1], role: 4, publicOrdersHash: B_HASH },
    { userId: 'u-d', sub: subs.get(Role.Driver), companyKeys: [], role: 2, driverId: 'drv-7' },
  ]);
  let i = 0;
  for (let k = 0; k < 30; k++)
    docs.push(order(i++, k % 2 ? A1 : A2, k % 3 ? B1 : C1, { by: k % 4 ? 'u-a' : 'u-a2' }));
  for (let k = 0; k < 12; k++) docs.push(order(i++, B1, A2, { by: 'u-b' }));
  for (let k = 0; k < 10; k++) docs.push(order(i++, C1, C1, { driver: k % 2 ? 'drv-7' : 'drv-8' }));
  docs.push(order(i++, A1, B1, { status: 4 }));
  docs.push(order(i++, A1, B1, { deleted: 1, status: 1 }));
  docs.push(order(i++, A1, B1, { deleted: 2, status: 8 }));
  docs.push(order(i++, A1, B1, { days: -70 })); // delivered long ago, created 70 days ago: outside the window
  // the driver's: two of earlier months (in their list, read in later windows), one older than its 366 days (not)
  docs.push(order(i++, C1, C1, { driver: 'drv-7', days: -45 }));
  docs.push(order(i++, C1, C1, { driver: 'drv-7', days: -150 }));
  docs.push(order(i++, C1, C1, { driver: 'drv-7', days: -400 }));
  // the lists read the orders' rows (models/order-row.ts): written as the seed writes them, marked complete
  await OrderRowModel.deleteMany({});
  await seedListed(docs);
});
after(async () => {
  await Order.deleteMany({});
  await OrderRowModel.deleteMany({});
  await app.close();
});

test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(app), policy));
test('role × endpoint: allowed callers pass the guard, everyone else gets 401/403', () =>
  assertRoleMatrix(app, policy as unknown as Policy));

async function call(role: RoleNumber | null, url: string, payload?: unknown) {
  const headers = role === null ? {} : { authorization: `Bearer ${await tokenFor(role)}` };
  const res = await get().inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
/** Every row of a list, following nextCursor; checks the answer's schema and the count. */
async function all(role: RoleNumber, url: string) {
  const rows: OrderRow[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  do {
    const r = await call(
      role,
      `${url}${url.includes('?') ? '&' : '?'}limit=25${cursor ? `&cursor=${cursor}` : ''}`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(Value.Check(OrderRowPage, r.body), JSON.stringify([...Value.Errors(OrderRowPage, r.body)][0]));
    if (!cursor) total = r.body.data.total;
    rows.push(...r.body.data.orders);
    cursor = r.body.data.nextCursor;
  } while (cursor);
  assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'no row twice across pages');
  if (total !== null) assert.equal(rows.length, total, 'the count matches the rows');
  return rows;
}
const ids = (rows: { orderId: string }[]) => rows.map((r) => r.orderId).sort();
const expect = (f: (d: (typeof docs)[number]) => boolean) => ids(docs.filter(f));
const inWindow = (d: (typeof docs)[number]) => d.createdAt.getTime() >= now.getTime() - 40 * DAY;
/** The driver's list: their orders of the months of the last 366 days. */
const inDriverWindow = (d: (typeof docs)[number]) => d.createdAt.getTime() >= now.getTime() - 366 * DAY;

describe('company lists: only the caller company, in the 40-day window', () => {
  test('outgoing = pickups of any of the company licences', async () => {
    const rows = await all(Role.AccountAdmin, '/api/orders?list=outgoing');
    assert.deepEqual(
      ids(rows),
      expect((d) => [A1, A2].includes(d.pickupKey) && d.deleted !== 1 && inWindow(d)),
    );
  });
  test('incoming = deliveries to the company', async () => {
    assert.deepEqual(
      ids(await all(Role.User, '/api/orders?list=incoming')),
      expect((d) => d.destKey === B1 && d.deleted !== 1 && inWindow(d)),
    );
  });
  test('userorders {isIncoming} is the incoming list', async () => {
    const r = await call(Role.User, '/api/orders/userorders', { where: { isIncoming: true, limit: 100 } });
    assert.deepEqual(
      ids(r.body.data.orders),
      expect((d) => d.destKey === B1 && d.deleted !== 1 && inWindow(d)),
    );
  });
  test('placed = the company users orders, one month from the week', async () => {
    const r = await call(Role.AccountAdmin, '/api/orders/ordersrangeforuser', {
      opts: { week: today, limit: 100 },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const to = dayOf(new Date(Date.parse(`${thisWeek}T00:00:00Z`) + 31 * DAY));
    const want = expect(
      (d) =>
        d.companyKeys.some((k) => [A1, A2].includes(k)) &&
        ['u-a', 'u-a2'].includes(d.user) &&
        d.deliveryDay >= thisWeek &&
        d.deliveryDay < to &&
        d.deleted !== 1,
    );
    assert.ok(want.length > 10);
    assert.deepEqual(ids(r.body.data.orders), want);
  });
  test('another company named, or a list of another role: 403', async () => {
    assert.equal((await call(Role.User, `/api/orders?list=outgoing&company=${A1}`)).status, 403);
    assert.equal((await call(Role.User, '/api/orders?list=admin')).status, 403);
    assert.equal((await call(Role.AccountAdmin, '/api/orders?list=driver')).status, 403);
    assert.equal((await call(Role.Driver, '/api/orders?list=outgoing')).status, 403);
  });
  test('search never reaches another company: its order ID, licence or name finds nothing', async () => {
    const theirs = docs.find((d) => d.pickupKey === C1 && d.destKey === C1)!;
    for (const q of [theirs.orderId, C1, 'cedar', 'LISTC'])
      for (const list of ['outgoing', 'incoming'])
        assert.deepEqual(
          (await call(Role.User, `/api/orders?list=${list}&q=${q}`)).body.data.orders,
          [],
          `${list} ${q}`,
        );
  });
  test('search matches word prefixes of the own orders', async () => {
    const rows = await all(Role.AccountAdmin, '/api/orders?list=outgoing&q=alder%20farm');
    assert.ok(rows.length > 5);
    assert.ok(rows.every((r) => r.vendor.startsWith('Alder Farms')));
    const one = docs.find((d) => d.pickupKey === A1 && inWindow(d) && !d.deleted)!;
    assert.deepEqual(ids(await all(Role.AccountAdmin, `/api/orders?list=outgoing&q=${one.orderId}`)), [
      one.orderId,
    ]);
  });
  test('an Exception reads Order Approved, and filtering by Approved finds it', async () => {
    const rows = await all(Role.AccountAdmin, '/api/orders?list=outgoing&status=1');
    const ex = docs.find((d) => d.status === 4 && d.pickupKey === A1)!;
    const row = rows.find((r) => r.orderId === ex.orderId)!;
    assert.equal(row.status, 1);
    assert.equal(row.statusName, 'Order Approved');
    assert.ok(rows.every((r) => r.status === 1));
  });
  test('deleted orders are never shown to a company; cancelled ones are', async () => {
    const rows = await all(Role.AccountAdmin, '/api/orders?list=outgoing');
    assert.ok(!rows.some((r) => r.deleted === 1));
    assert.ok(rows.some((r) => r.deleted === 2 && r.status === 8));
    const asked = await all(Role.AccountAdmin, '/api/orders?list=outgoing&deleted=true');
    assert.ok(!asked.some((r) => r.deleted === 1), 'deleted=true is for staff only');
  });
  test('a caller whose company is not known yet sees an empty list', async () => {
    await Member.updateOne({ userId: 'u-b' }, { $set: { companyKeys: [] } });
    try {
      const r = await call(Role.User, '/api/orders?list=outgoing');
      assert.deepEqual(r.body.data, { orders: [], nextCursor: null, total: 0 });
    } finally {
      await Member.updateOne({ userId: 'u-b' }, { $set: { companyKeys: [B1] } });
    }
  });
});

describe('staff and driver lists', () => {
  test('admin: this week by delivery, every company, with deleted on request', async () => {
    const week = (d: (typeof docs)[number]) => d.deliveryWeek === thisWeek;
    assert.deepEqual(
      ids(await all(Role.Admin, '/api/orders')),
      expect((d) => week(d) && d.deleted !== 1),
    );
    assert.deepEqual(ids(await all(Role.Admin, '/api/orders?deleted=true')), expect(week));
    const ex = await all(Role.Admin, '/api/orders?status=4');
    assert.ok(ex.length >= 1 && ex.every((r) => r.status === 4 && r.statusName === 'Exception'));
  });
  test('admin: one company all history, a date range, Show Only Delivered, Order Def', async () => {
    assert.deepEqual(
      ids(await all(Role.SuperAdmin, `/api/orders?company=${A1}&all=true`)),
      expect((d) => d.companyKeys.includes(A1) && d.deleted !== 1),
    );
    const old = docs.find((d) => d.deliveryDay < dayOf(new Date(now.getTime() - 60 * DAY)))!;
    const r = await call(Role.Admin, '/api/orders/ordersrange', {
      opts: { from: old.deliveryDay, to: old.deliveryDay },
    });
    assert.deepEqual(ids(r.body.data.orders), [old.orderId]);
    const delivered = await all(Role.Admin, '/api/orders?delivered=true&def=ext');
    assert.ok(
      delivered.length && delivered.every((x) => [3, 4, 5, 6].includes(x.status) && x.orderDef === 'ext'),
    );
    // all history without a search pages every month on the server (lists-history.test.ts)
    assert.equal((await call(Role.Admin, '/api/orders?all=true')).status, 200);
    assert.equal((await call(Role.Admin, '/api/orders?from=2026-01-01&to=2026-06-01')).status, 400);
  });
  test('admin: all history searched by a whole word', async () => {
    const one = docs[7];
    assert.deepEqual(ids(await all(Role.Admin, `/api/orders?all=true&q=${one.orderId}`)), [one.orderId]);
  });
  test('sorting by any column pages each row once, in order', async () => {
    for (const [sort, key] of [
      ['vendor', 'vendor'],
      ['orderId', 'orderId'],
      ['status', 'status'],
      ['boxCount', 'boxCount'],
    ] as const) {
      const rows = await all(Role.Admin, `/api/orders?sort=${sort}&dir=desc&deleted=true`);
      assert.equal(rows.length, docs.filter((d) => d.deliveryWeek === thisWeek).length, sort);
      for (let i = 1; i < rows.length; i++)
        assert.ok(
          typeof rows[i][key] === 'number'
            ? Number(rows[i - 1][key]) >= Number(rows[i][key])
            : String(rows[i - 1][key]) >= String(rows[i][key]),
          `${sort} ${i}`,
        );
    }
  });
  test('the driver list pages by keyset too (newest first, each row once)', async () => {
    const first = await call(Role.Driver, '/api/orders?list=driver&limit=200');
    assert.equal(first.status, 200);
    assert.equal(first.body.data.total, null);
    assert.equal(first.body.data.nextCursor, null);
  });
  test('driver: only the orders they drive, the most recent 300', async () => {
    const r = await call(Role.Driver, '/api/orders');
    assert.equal(r.status, 200);
    assert.deepEqual(
      ids(r.body.data.orders),
      expect((d) => d.driverIds.includes('drv-7') && d.deleted !== 1 && inDriverWindow(d)),
    );
    assert.equal((await call(Role.Driver, '/api/orders?limit=25')).status, 400);
  });
  test("driver: a search finds their own orders of the list's months, newest first, none older", async () => {
    const r = await call(Role.Driver, '/api/orders?list=driver&limit=200&q=cedar');
    assert.equal(r.status, 200);
    const theirs = (d: (typeof docs)[number]) =>
      d.driverIds.includes('drv-7') && d.deleted !== 1 && inDriverWindow(d);
    assert.deepEqual(ids(r.body.data.orders), expect(theirs));
    assert.ok(r.body.data.orders.length > 5, 'the earlier month included');
    const at = r.body.data.orders.map((o: OrderRow) => Date.parse(o.createdAt));
    assert.deepEqual(
      at,
      [...at].sort((a, b) => b - a),
    );
  });
  test('lists never carry the history', async () => {
    const r = await call(Role.Admin, '/api/orders?limit=100');
    assert.ok(!JSON.stringify(r.body).includes('never listed'));
  });
});

describe('public weekly view', () => {
  test('no login; the link token’s company week; only the public columns', async () => {
    const r = await call(null, `/api/orders/public?token=${B_TOKEN}&week=${today}`);
    assert.equal(r.status, 200);
    assert.ok(Value.Check(PublicOrderWeek, r.body));
    assert.equal(r.body.data.week, thisWeek);
    assert.deepEqual(
      ids(r.body.data.orders),
      expect((d) => d.companyKeys.includes(B1) && d.deliveryWeek === thisWeek && d.deleted === 0),
    );
    for (const row of r.body.data.orders) {
      assert.deepEqual(Object.keys(row).sort(), [
        'boxCount',
        'deliveryDate',
        'destName',
        'destination',
        'orderId',
        'overnight',
        'preferredDelivery',
        'status',
        'statusName',
        'vendor',
      ]);
      assert.notEqual(row.status, 4);
    }
    assert.equal((await call(null, '/api/orders/public')).status, 400);
  });
  test('a user id (the old, guessable link) answers nothing but a 400 that says why', async () => {
    for (const url of ['/api/orders/public?userid=u-b', `/api/orders/public?userid=u-b&week=${today}`]) {
      const r = await call(null, url);
      assert.equal(r.status, 400, url);
      assert.equal(r.body.detail, OrderMessages.publicLinkNeedsToken);
      assert.equal(r.body.data, undefined);
    }
  });
  test('an unknown, malformed or replaced token is a 404; the new one answers at once', async () => {
    const other = randomBytes(32).toString('base64url');
    for (const t of [other, 'u-b', B_TOKEN.slice(0, 20), `${B_TOKEN}x`]) {
      const r = await call(null, `/api/orders/public?token=${encodeURIComponent(t)}`);
      assert.equal(r.status, 404, t);
      assert.equal(r.body.detail, OrderMessages.publicLinkInvalid);
    }
    // regenerated in accounts: the member's hash is the new token's (the event's fact); the old token stops at once
    const fresh = randomBytes(32).toString('base64url');
    await Member.updateOne(
      { userId: 'u-b' },
      { $set: { publicOrdersHash: createHash('sha256').update(fresh).digest('hex') } },
    );
    try {
      assert.equal((await call(null, `/api/orders/public?token=${B_TOKEN}`)).status, 404);
      assert.equal((await call(null, `/api/orders/public?token=${fresh}&week=${today}`)).status, 200);
      // suspended: no page, whatever the token
      await Member.updateOne({ userId: 'u-b' }, { $set: { suspended: true } });
      assert.equal((await call(null, `/api/orders/public?token=${fresh}`)).status, 404);
    } finally {
      await Member.updateOne({ userId: 'u-b' }, { $set: { publicOrdersHash: B_HASH, suspended: false } });
    }
  });
});

describe('the list rows (models/order-row.ts) answer what the orders answer', () => {
  const urls: [RoleNumber | null, string][] = [
    [Role.AccountAdmin, '/api/orders?list=outgoing&sort=destName'],
    [Role.AccountAdmin, '/api/orders?list=outgoing&q=alder%20farm&sort=vendor&dir=desc'],
    [Role.AccountAdmin, `/api/orders?list=placed&week=${thisWeek}&sort=deliveryDate`],
    [Role.User, '/api/orders?list=incoming&sort=status&dir=desc'],
    [Role.Admin, '/api/orders?deleted=true&sort=pickup'],
    [Role.Admin, `/api/orders?company=${A1}&all=true&sort=deliveryDate&dir=desc&q=farm`],
    [Role.Admin, `/api/orders?from=${today}&to=${dayOf(new Date(now.getTime() + 3 * DAY))}&delivered=true`],
    [Role.Admin, '/api/orders?status=4&def=ext'],
    [Role.Driver, '/api/orders?list=driver&limit=200'],
    [Role.Driver, '/api/orders?list=driver&limit=200&q=cedar'],
    [null, `/api/orders/public?token=${B_TOKEN}&week=${today}`],
  ];
  const answers = async () => {
    const out: unknown[] = [];
    for (const [role, url] of urls) {
      const r = await call(role, url);
      assert.equal(r.status, 200, `${url}: ${JSON.stringify(r.body)}`);
      out.push(r.body.data);
    }
    return out;
  };
  const withoutTotal = (a: unknown) => ({ ...(a as object), total: undefined });
  after(() => forceRows(undefined));

  test('same rows, same order, same counts, rows or orders', async () => {
    forceRows(true);
    const fromRows = await answers();
    forceRows(false);
    const fromOrders = await answers();
    assert.deepEqual(fromRows.map(withoutTotal), fromOrders.map(withoutTotal));
    // the rows count a list they read to its end; a longer one answers null rather than reading every row again
    fromRows.forEach((a, i) => {
      const t = (a as { total?: number | null }).total;
      if (t !== null) assert.equal(t, (fromOrders[i] as { total?: number | null }).total, urls[i]![1]);
    });
    assert.ok(fromRows.some((a) => ((a as { orders: unknown[] }).orders ?? []).length > 0));
    assert.ok(fromRows.some((a) => typeof (a as { total?: unknown }).total === 'number'));
  });

  test('the backfill writes every order its row once (idempotent) and marks the database', async () => {
    forceRows(false);
    const before = await answers();
    await OrderRowModel.deleteMany({});
    await OrderRowsMeta.deleteMany({});
    assert.equal(await backfillRows(7), docs.length);
    assert.equal(await OrderRowModel.countDocuments({}), docs.length);
    assert.equal(await backfillRows(7), docs.length); // again: nothing added, nothing doubled
    assert.equal(await OrderRowModel.countDocuments({}), docs.length);
    assert.equal((await OrderRowsMeta.findById('rows').lean<{ version: number }>())?.version, ROWS_VERSION);
    forceRows(undefined);
    assert.deepEqual((await answers()).map(withoutTotal), before.map(withoutTotal));
  });

  test('a newer row is never replaced by an older version of the order', async () => {
    const d = docs[0]!;
    await writeRow({ ...d, version: 5, orderId: 'L-NEWER' });
    await writeRow({ ...d, version: 2 });
    const row = await OrderRowModel.findById(d._id).lean<{ v: number; r: string }>();
    assert.equal(row?.v, 5);
    assert.equal(JSON.parse(row!.r).orderId, 'L-NEWER');
    await writeRow({ ...d, version: 6 });
    assert.equal(
      JSON.parse((await OrderRowModel.findById(d._id).lean<{ r: string }>())!.r).orderId,
      d.orderId,
    );
  });
});
