import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderFacts } from '@portal/contracts';
import { buildScheduleDay, legsOf, type ScheduleRouteInfo } from '../../src/domain/schedule/build.js';
import { routeInfosOf } from '../../src/domain/schedule/load.js';
import type { ReadOrder } from '../../src/readmodels/orders.js';
import { orderFacts } from '../routes/schedule-helpers.js';

const DAY = '2026-03-04';
const NOW = new Date('2026-03-04T12:00:00Z');
const addr = { name: '', street: '', city: '', zip: '' };
let n = 1000;
function order(o: Partial<ReadOrder> & { f?: Partial<OrderFacts> } = {}): ReadOrder {
  const { f, ...rest } = o;
  const id = String(++n);
  return {
    id,
    orderId: id,
    status: 1,
    orderType: 'layover',
    orderDef: 'ext',
    pickupLN: 'A',
    destinationLN: 'B',
    vendorName: 'Vendor',
    destName: 'Shop',
    deliveryDay: DAY,
    pickupDay: '',
    ...rest,
    facts: orderFacts({
      updatedAt: NOW.toISOString(),
      route: 'r1',
      pickupAddress: addr,
      destAddress: addr,
      ...f,
    }),
  };
}
const R = (id: string, name: string, extra: Partial<ScheduleRouteInfo> = {}): ScheduleRouteInfo => ({
  id,
  name,
  startTime: '08:00',
  cities: ['Seattle'],
  anyZip: false,
  ...extra,
});
const ROUTES = [
  R('r1', 'North 1', { startTime: '07:00' }),
  R('r2', 'South 2', { startTime: '09:00' }),
  R('rc', 'Cash Run'),
  R('rw', 'Main Warehouse'),
  R('rz', 'Anywhere', { anyZip: true }),
  R('ru', 'Depot', { anyZip: true, cities: ['Utility Yard'] }),
];
const build = (orders: ReadOrder[], opts: { q?: string } = {}, role = 1, ids: string[] = []) =>
  buildScheduleDay(orders, ROUTES, [{ id: 'd1', name: 'Dan' }], { day: DAY, ...opts }, role, ids, NOW, 7);
const where = (day: ReturnType<typeof build>, id: string) =>
  day.routes.flatMap((r) =>
    Object.entries(r.sections)
      .filter(([, list]) => list.some((o) => o.id === id))
      .map(([k]) => `${r.route.id}:${k}`),
  );

test('sections: where each kind of order lands (table)', () => {
  const cases: [string, Partial<ReadOrder> & { f?: Partial<OrderFacts> }, string[]][] = [
    ['a delivery', {}, ['r1:deliveries']],
    ['cash return → Cash Return', { orderType: 'cash_return' }, ['r1:cashReturn']],
    [
      'same day picked up and delivered the same day, same route → listed once',
      { orderType: 'sameDay', pickupDay: DAY, f: { pickupType: 'regular' } },
      ['r1:sameDay'],
    ],
    [
      'regular pickup on the pickup route, delivered another day',
      { deliveryDay: '2026-03-05', pickupDay: DAY, f: { pickupType: 'regular', pickupRoute: 'r2' } },
      ['r2:sameDay'],
    ],
    [
      'layover pickup today on r2, delivery today on r1',
      { pickupDay: DAY, f: { pickupType: 'layoverpickup', pickupRoute: 'r2' } },
      ['r1:deliveries', 'r2:layover'],
    ],
    [
      'warehouse pickup',
      { deliveryDay: '2026-03-06', pickupDay: DAY, f: { pickupType: 'warehouse', pickupRoute: 'r2' } },
      ['r2:warehouse'],
    ],
    ['route named Cash → skipped in the main list', { f: { route: 'rc' } }, []],
    ['route named Warehouse → skipped in the main list', { f: { route: 'rw' } }, []],
    ['no route → "No route"', { f: { route: '' } }, [':deliveries']],
    ['a route named by its name (older orders)', { f: { route: 'south 2' } }, ['r2:deliveries']],
  ];
  for (const [what, o, expected] of cases) {
    const ord = order(o);
    assert.deepEqual(where(build([ord]), ord.id).sort(), expected.sort(), what);
  }
});

test('the Warehouse block: warehouse pickups and warehouse-type routes, not Utility cities', () => {
  const wp = order({ deliveryDay: '', pickupDay: DAY, f: { pickupType: 'warehouse', pickupRoute: 'r2' } });
  const named = order({ f: { route: 'rw' } });
  const anyZip = order({ f: { route: 'rz' } });
  const utility = order({ f: { route: 'ru' } });
  const plain = order({});
  const day = build([wp, named, anyZip, utility, plain]);
  assert.deepEqual(day.warehouse.map((o) => o.id).sort(), [wp.id, named.id, anyZip.id].sort());
  assert.equal(day.cursor, 7);
});

test('Dropoffs: dropoff orders, for staff only; drivers get no block', () => {
  const d = order({ orderType: 'dropoff', f: { deliveryDriver: 'd1' } });
  assert.deepEqual(
    build([d]).dropoffs?.map((o) => o.id),
    [d.id],
  );
  assert.deepEqual(where(build([d]), d.id), []);
  assert.equal(build([d], {}, 2, ['d1']).dropoffs, undefined);
});

test('drivers see only orders where they are the pickup or delivery driver', () => {
  const mine = order({ f: { deliveryDriver: 'd1' } });
  const minePickup = order({
    pickupDay: DAY,
    f: { pickupDriver: 'd1', pickupType: 'layoverpickup', pickupRoute: 'r2' },
  });
  const other = order({ f: { deliveryDriver: 'd2' } });
  const none = order({});
  const day = build([mine, minePickup, other, none], {}, 2, ['d1']);
  const ids = day.routes.flatMap((r) =>
    Object.values(r.sections)
      .flat()
      .map((o) => o.id),
  );
  assert.deepEqual([...new Set(ids)].sort(), [mine.id, minePickup.id].sort());
  assert.deepEqual(build([mine], {}, 2, []).routes, [], 'a driver with no fleet record sees nothing');
});

test('sort by status in the spec order; routes by start time; counts', () => {
  const s = (status: number) => order({ status });
  const list = [s(3), s(7), s(0), s(6), s(2), s(1), s(4), s(5)];
  const day = build(list);
  assert.deepEqual(
    day.routes[0]!.sections.deliveries.map((o) => o.status),
    [0, 1, 7, 2, 3, 4, 5, 6],
  );
  const two = build([order({ f: { route: 'r2' } }), order({})]);
  assert.deepEqual(
    two.routes.map((r) => r.route.name),
    ['North 1', 'South 2'],
  );
  const mix = build([
    order({ orderType: 'sameDay', pickupDay: DAY, f: { pickupType: 'regular' } }),
    order({ deliveryDay: '', pickupDay: DAY, f: { pickupType: 'layoverpickup', pickupRoute: 'r1' } }),
    order({}),
    order({ orderType: 'cash_return' }),
  ]);
  assert.deepEqual(mix.routes[0]!.counts, { sameDayPickups: 1, pickups: 2, deliveries: 3 });
});

test('cancelled and deleted orders are left out', () => {
  const day = build([order({ status: 8 }), order({ f: { deleted: 2 } }), order({ f: { deleted: 1 } })]);
  assert.deepEqual(day.routes, []);
});

test('search by order id or route name', () => {
  const a = order({});
  const b = order({ f: { route: 'r2' } });
  assert.deepEqual(
    build([a, b], { q: a.orderId }).routes.map((r) => r.route.id),
    ['r1'],
  );
  assert.deepEqual(
    build([a, b], { q: 'south' }).routes.map((r) => r.route.id),
    ['r2'],
  );
  assert.deepEqual(build([a, b], { q: 'nothing-like-it' }).routes, []);
});

test('pickup driver change within 24 hours is flagged; driver names resolved', () => {
  const recent = order({ f: { pickupDriver: 'd1', pickupDriverChange: '2026-03-04T01:00:00Z' } });
  const old = order({ f: { pickupDriverChange: '2026-03-03T11:00:00Z' } });
  const day = build([recent, old]);
  const got = day.routes[0]!.sections.deliveries;
  assert.equal(got.find((o) => o.id === recent.id)!.pickupDriverChanged, true);
  assert.equal(got.find((o) => o.id === recent.id)!.pickupDriverName, 'Dan');
  assert.equal(got.find((o) => o.id === old.id)!.pickupDriverChanged, false);
});

test('the red mark follows the pickup day: a change within 24 hours before it stays red; vehicles by name', () => {
  const late = order({
    pickupDay: DAY,
    f: {
      pickupDriver: 'd1',
      pickupDriverChange: '2026-03-03T13:00:00Z',
      pickupVehicle: 'v1',
      deliveryVehicle: 'v9',
    },
  });
  const early = order({
    pickupDay: DAY,
    f: { pickupDriver: 'd1', pickupDriverChange: '2026-03-01T09:00:00Z' },
  });
  // days later the mark stays: it tells how the pickup went, not how recent the change is
  const later = new Date('2026-03-06T12:00:00Z');
  const day = buildScheduleDay(
    [late, early],
    ROUTES,
    [
      { id: 'd1', name: 'Dan' },
      { id: 'v1', name: 'Van 7' },
    ],
    { day: DAY },
    1,
    [],
    later,
    7,
  );
  const all = day.routes.flatMap((r) => Object.values(r.sections).flat());
  const got = (id: string) => all.find((o) => o.id === id)!;
  assert.equal(got(late.id).pickupDriverChanged, true);
  assert.equal(got(early.id).pickupDriverChanged, false, 'changed days before the pickup');
  assert.equal(got(late.id).pickupVehicleName, 'Van 7');
  assert.equal(got(late.id).deliveryVehicle, 'v9');
  assert.equal(got(late.id).deliveryVehicleName, undefined, 'an unknown vehicle keeps its id only');
  assert.equal(got(early.id).pickupVehicle, undefined);
});

test('utility pseudo-routes: the utility route expands per row, zip 00000 is warehouse-type; legs need no day check', () => {
  const infos = routeInfosOf([
    {
      _id: 'u',
      name: 'utility',
      startTime: '06:00',
      rows: [{ _id: 'row1', city: 'Yard', zipCode: '98101' }],
    },
    { _id: 'w', name: 'Everywhere', rows: [{ _id: 'x', city: 'All', zipCode: '00000' }] },
    { _id: 'p', name: 'Plain', rows: [{ _id: 'y', city: 'Tacoma', zipCode: '98402' }] },
  ]);
  assert.deepEqual(
    infos.map((r) => [r.id, r.name, r.anyZip]),
    [
      ['__utility__row1', 'Yard', true],
      ['w', 'Everywhere', true],
      ['p', 'Plain', false],
    ],
  );
  const o = order({ f: { route: '__utility__row1' } });
  const legs = legsOf(o, DAY, new Map(infos.map((r) => [r.id, r])));
  assert.equal(legs.length, 1);
  assert.equal(legs[0]!.warehouse, true);
});

test('an order naming no route is listed on the route serving its zip (pickup or destination), else "No route"', () => {
  const routes = [
    R('z1', 'Trenton 01', { zips: ['08601', '08602'] }),
    R('w1', 'Warehouse', { zips: ['08603'] }),
    R('u1', 'Warehouse row', { anyZip: true, zips: ['08604'] }),
  ];
  const at = (zip: string) => ({ ...addr, zip });
  const byZip = order({ f: { route: '', destAddress: at('08602') } });
  const pickup = order({ pickupDay: DAY, deliveryDay: '', f: { route: '', pickupAddress: at('08601') } });
  const onlyWarehouse = order({ f: { route: '', destAddress: at('08603') } });
  const nowhere = order({ f: { route: '', destAddress: at('99999') } });
  const day = buildScheduleDay([byZip, pickup, onlyWarehouse, nowhere], routes, [], { day: DAY }, 1, [], NOW);
  const on = (id: string) => day.routes.find((r) => r.route.id === id);
  assert.deepEqual(
    on('z1')!.sections.deliveries.map((o) => o.id),
    [byZip.id],
  );
  assert.deepEqual(
    on('z1')!.sections.layover.map((o) => o.id),
    [pickup.id],
  );
  assert.deepEqual(
    on('')!.sections.deliveries.map((o) => o.id),
    [onlyWarehouse.id, nowhere.id],
  );
});
