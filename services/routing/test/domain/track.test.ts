import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderStatus, type OrderFacts } from '@portal/contracts';
import type { ReadOrder } from '../../src/readmodels/orders.js';
import { stopList, trackingView } from '../../src/domain/track/view.js';
import { orderFacts } from '../routes/schedule-helpers.js';

/** What a receiver's tracking link shows, pure over read-model orders (no HTTP, no database). */
const DAY = '2026-11-25';
const order = (id: string, o: Partial<ReadOrder> = {}, f: Partial<OrderFacts> = {}): ReadOrder => ({
  id,
  orderId: id.replace('db', ''),
  status: OrderStatus.inTransit,
  orderType: '',
  orderDef: 'ext',
  pickupLN: '',
  destinationLN: '',
  vendorName: 'Vendor',
  destName: `Dest ${id}`,
  deliveryDay: DAY,
  pickupDay: '',
  ...o,
  facts: orderFacts({
    updatedAt: '2026-11-25T08:00:00.000Z',
    route: 'routeA',
    createdBy: 'u',
    ...f,
  }),
});
// the route's day: 4 live deliveries, one cancelled, one deleted, one on another route, one on another day
const day = [
  order('db1003'),
  order('db1001'),
  order('db1002', { status: OrderStatus.delivered }),
  order('db1004', { status: OrderStatus.approved }),
  order('db1005', { status: OrderStatus.cancelled }),
  order('db1006', {}, { deleted: 1 }),
  order('db1007', {}, { route: 'routeB' }),
  order('db1008', { deliveryDay: '2026-11-26' }),
];
const me = day[0]!; // orderId 1003

test('in transit: stop k of n among the route’s live deliveries of the day, in schedule order (by order id)', () => {
  assert.deepEqual(
    stopList(me, day, null).map((o) => o.orderId),
    ['1001', '1002', '1003', '1004'],
  );
  assert.deepEqual(trackingView(me, day, null), {
    orderId: '1003',
    destName: 'Dest db1003',
    state: 'out-for-delivery',
    stop: { k: 3, n: 4 },
    window: { day: DAY },
  });
});

test('a saved map order wins (db ids or order ids); stops not in it come after', () => {
  assert.deepEqual(trackingView(me, day, ['db1003', 'db1004', '1001'])!.stop, { k: 1, n: 4 });
  assert.deepEqual(
    stopList(me, day, ['db1004', 'db1003']).map((o) => o.orderId),
    ['1004', '1003', '1001', '1002'],
  );
  // the order itself left out of the map (a removed stop): after the mapped ones
  assert.deepEqual(trackingView(me, day, ['db1001', 'db1004'])!.stop, { k: 4, n: 4 }); // 1001, 1004, then 1002, 1003
});

test('delivered: the time and the signer, no stop', () => {
  const done = order(
    'db1003',
    { status: OrderStatus.delivered },
    { deliveredAt: '2026-11-25T14:03:00.000Z', signedBy: 'Pat Receiver' },
  );
  assert.deepEqual(trackingView(done, day, null), {
    orderId: '1003',
    destName: 'Dest db1003',
    state: 'delivered',
    window: { day: DAY },
    delivered: { at: '2026-11-25T14:03:00.000Z', name: 'Pat Receiver' },
  });
});

test('before and after the run: scheduled, not delivered (rejection/exception) — no stop count', () => {
  for (const [status, state] of [
    [OrderStatus.received, 'scheduled'],
    [OrderStatus.approved, 'scheduled'],
    [OrderStatus.pickedUp, 'scheduled'],
    [OrderStatus.exception, 'not-delivered'],
    [OrderStatus.fullRejection, 'not-delivered'],
    [OrderStatus.partialRejection, 'not-delivered'],
  ] as const) {
    const v = trackingView(order('db1003', { status }), day, null)!;
    assert.equal(v.state, state, String(status));
    assert.equal(v.stop, undefined);
  }
});

test('revoked: unknown, deleted or cancelled orders show nothing', () => {
  assert.equal(trackingView(null, day, null), null);
  assert.equal(trackingView(order('db1003', {}, { deleted: 1 }), day, null), null);
  assert.equal(trackingView(order('db1003', {}, { deleted: 2 }), day, null), null);
  assert.equal(trackingView(order('db1003', { status: OrderStatus.cancelled }), day, null), null);
});
