import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import mongoose from 'mongoose';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import { OrderRowPage, Role, type OrderRow, type RoleNumber } from '@portal/contracts';
import { subOf, tokenFor } from '@portal/service-kit/testing';
import { Order } from '../../src/models/order.js';
import { OrderRowModel } from '../../src/models/order-row.js';
import { forceRows } from '../../src/domain/lists-store.js';
import { Member } from '../../src/models/member.js';
import { listKeysOf } from '../../src/domain/list-keys.js';
import { seedListed, startLists } from './lists-helpers.js';

// What a dispatcher types and reads in the order lists: an order ID finds its order outside the list's window
// (without "Show All History"), and the row carries the manifest's number and both legs' drivers and vehicles.
let app: FastifyInstance;
const A = 'SRCHA-0001',
  B = 'SRCHB-0001';
const DAY = 86_400_000;
const now = Date.now();

function order(
  n: number,
  pickup: string,
  dest: string,
  daysAgo: number,
  extra: Record<string, unknown> = {},
) {
  const at = new Date(now - daysAgo * DAY);
  const doc = {
    _id: new mongoose.Types.ObjectId(),
    orderId: `S-${700000 + n}`,
    createdAt: at,
    user: 'u-a',
    deleted: 0,
    version: 1,
    manifest: { file: `upload-${n}.pdf` },
    data: {
      order: {
        orderDef: 'ext',
        status: 1,
        pickupLN: pickup,
        destinationLN: dest,
        preferredDelivery: at.toISOString(),
        weight: '2',
      },
      pickupCompany: { Licensee: `Vendor ${pickup}`, City: 'Portland' },
      destCompany: { Licensee: `Shop ${dest}`, City: 'Salem' },
      billing: {},
    },
    ...extra,
  };
  return { ...doc, ...listKeysOf(doc as never) };
}

// recent: this week; old: delivered three weeks ago (another week, inside 40 days); ancient: 70 days ago
const recent = order(1, A, B, 0);
const old = order(2, A, B, 21);
const ancient = order(3, A, B, 70);
const theirs = order(4, B, B, 21);
const gone = order(5, A, B, 21, { deleted: 1 });
const manifested = order(6, A, B, 0, {
  manifest: { file: 'scan-0042.pdf', current: { manifestNo: '0004471234' } },
});
const assigned = order(7, A, B, 0);
assigned.data.order = {
  ...assigned.data.order,
  driver: { pickup: 'drv-p', delivery: 'drv-d', pickupChange: new Date(now - 3_600_000).toISOString() },
  vehicle: { pickup: 'veh-p', delivery: 'veh-d' },
} as never;
const billed = order(8, A, B, 0);
billed.data.billing = { manifest: 'M-2231' } as never;
const docs = [recent, old, ancient, theirs, gone, manifested, assigned, billed];

before(async () => {
  app = await startLists('portal_orders_lists_search_test');
  await Order.deleteMany({});
  await Member.deleteMany({});
  await Member.create([
    { userId: 'u-a', sub: subOf(await tokenFor(Role.AccountAdmin)), companyKeys: [A], role: 3 },
  ]);
  await OrderRowModel.deleteMany({});
  await seedListed(docs);
});
after(async () => {
  forceRows(undefined);
  await Order.deleteMany({});
  await OrderRowModel.deleteMany({});
  await app.close();
});

async function list(role: RoleNumber, query: string): Promise<OrderRow[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/orders?${query}`,
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json();
  assert.ok(Value.Check(OrderRowPage, body), JSON.stringify([...Value.Errors(OrderRowPage, body)][0]));
  return body.data.orders;
}
const ids = (rows: OrderRow[]) => rows.map((r) => r.orderId).sort();

for (const fromRows of [true, false])
  describe(`an order ID searched finds its order without Show All History (${fromRows ? 'rows' : 'orders'})`, () => {
    before(() => forceRows(fromRows));

    test('admin, this week shown: an order of another week, typed as written or compacted', async () => {
      assert.deepEqual(
        ids(await list(Role.Admin, 'list=admin')),
        ids([recent, manifested, assigned, billed] as never),
      );
      for (const q of [old.orderId, old.orderId.toLowerCase(), old.orderId.replace('-', '')])
        assert.deepEqual(
          ids(await list(Role.Admin, `list=admin&q=${encodeURIComponent(q)}`)),
          [old.orderId],
          q,
        );
      // beyond the 40 days too, and with Show All History as before
      assert.deepEqual(ids(await list(Role.Admin, `list=admin&q=${ancient.orderId}`)), [ancient.orderId]);
      assert.deepEqual(ids(await list(Role.Admin, `list=admin&all=true&q=${old.orderId}`)), [old.orderId]);
    });

    test('the list filters still apply: a deleted order only with Show deleted, Show Only Delivered', async () => {
      assert.deepEqual(await list(Role.Admin, `list=admin&q=${gone.orderId}`), []);
      assert.deepEqual(ids(await list(Role.Admin, `list=admin&deleted=true&q=${gone.orderId}`)), [
        gone.orderId,
      ]);
      assert.deepEqual(await list(Role.Admin, `list=admin&delivered=true&q=${old.orderId}`), []);
    });

    test("a vendor's outgoing list: its own order outside the 40 days, never another company's", async () => {
      assert.deepEqual(ids(await list(Role.AccountAdmin, `list=outgoing&q=${ancient.orderId}`)), [
        ancient.orderId,
      ]);
      assert.deepEqual(await list(Role.AccountAdmin, `list=outgoing&q=${theirs.orderId}`), []);
      assert.deepEqual(await list(Role.AccountAdmin, `list=outgoing&q=${gone.orderId}`), []);
      // a licence or name word is no ID: the window stays
      assert.deepEqual(
        ids(await list(Role.AccountAdmin, `list=outgoing&q=${A}`)),
        ids([recent, old, manifested, assigned, billed] as never),
      );
    });
  });

describe('the row shows numbers and both legs, never a file name', () => {
  before(() => forceRows(true));

  test("Manifest No. is the manifest's number: the billing one, else the uploaded manifest's; never the file", async () => {
    const rows = await list(Role.Admin, 'list=admin');
    const by = (o: { orderId: string }) => rows.find((r) => r.orderId === o.orderId)!;
    assert.equal(by(manifested).manifestNo, '0004471234');
    assert.equal(by(billed).manifestNo, 'M-2231');
    assert.equal(by(recent).manifestNo, '');
    assert.ok(!rows.some((r) => r.manifestNo.endsWith('.pdf')));
    // and the search finds it by that number, not by the file's name
    assert.deepEqual(ids(await list(Role.Admin, 'list=admin&q=0004471234')), [manifested.orderId]);
    assert.deepEqual(await list(Role.Admin, 'list=admin&q=scan'), []);
  });

  test("both legs' driver and vehicle ids and the pickup driver change", async () => {
    const row = (await list(Role.Admin, 'list=admin')).find((r) => r.orderId === assigned.orderId)!;
    assert.deepEqual(
      [row.driver, row.vehicle, row.pickupDriver, row.deliveryDriver, row.pickupVehicle, row.deliveryVehicle],
      ['drv-d', 'veh-d', 'drv-p', 'drv-d', 'veh-p', 'veh-d'],
    );
    assert.equal(
      row.pickupDriverChange,
      (assigned.data.order as unknown as { driver: { pickupChange: string } }).driver.pickupChange,
    );
    const plain = (await list(Role.Admin, 'list=admin')).find((r) => r.orderId === recent.orderId)!;
    assert.equal(plain.vehicle, '');
    assert.equal(plain.pickupDriverChange, null);
  });
});
