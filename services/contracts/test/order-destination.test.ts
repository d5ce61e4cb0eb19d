// The one delivery-day rule (form, orders' validation, bulk upload): the days a delivery route runs, never the
// warehouse's every-day pseudo-route, and an overnight row on its own run day (the public schedule lists those).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  OrderMessages as M,
  Role,
  deliversOvernight,
  licencePickupDays,
  licencePickupRoute,
  orderDeliveryDays,
  validateOrder,
} from '../src/index.js';

const row = { name: 'Salinas 25', zipCode: '94607', utility: false };

test('order delivery days: the run days of the delivery routes, overnight rows included as they run', () => {
  const routes = [
    // an overnight Mon/Wed/Fri row: the goods arrive Tue/Thu/Sat, the order's day is the route's day
    { ...row, dates: ['2026-11-30', '2026-12-02', '2026-12-04'], deliveryDates: ['2026-12-01'] },
    { ...row, name: 'Oakland 2', dates: ['2026-12-04', '2026-11-30'] },
    // the warehouse runs every day for every zip, and cash / warehouse routes are not delivery routes
    { ...row, name: 'Oakland', utility: true, dates: ['2026-11-29', '2026-12-01', '2026-12-03'] },
    { ...row, name: 'Main Warehouse', zipCode: '00000', dates: ['2026-12-05'] },
    { ...row, name: 'Cash Run', dates: ['2026-12-06'] },
  ];
  assert.deepEqual(orderDeliveryDays(routes), ['2026-11-30', '2026-12-02', '2026-12-04']);
  assert.deepEqual(orderDeliveryDays([]), []);
});

test('orders §2/§3 overnight: the delivery rows running that day (the order route when named) all overnight', () => {
  const night = { ...row, overnight: true, dates: ['2026-11-30', '2026-12-02'] };
  const day = { ...row, name: 'Oakland 2', overnight: false, dates: ['2026-12-02'] };
  const warehouse = { ...row, name: 'Oakland', utility: true, overnight: false, dates: ['2026-11-30'] };
  assert.equal(deliversOvernight([night, day, warehouse], '2026-11-30'), true, 'the warehouse never counts');
  assert.equal(
    deliversOvernight([night, day], '2026-12-02'),
    false,
    'two routes that day, one not overnight',
  );
  assert.equal(deliversOvernight([night, day], '2026-12-02', 'Salinas 25'), true, "the order's own route");
  assert.equal(deliversOvernight([night, day], '2026-12-01'), false, 'no row that day');
  assert.equal(deliversOvernight([], '2026-11-30'), false);
});

test("orders §3 pickup route from the licence record; §5 the admins' pickup days from it", () => {
  const entries = [
    { route: 'North Coast', day: 'tue' },
    { route: 'Bay Area', day: 'Thursday' },
  ];
  assert.equal(licencePickupRoute(entries, '2026-12-03'), 'Bay Area', 'a Thursday pickup');
  assert.equal(licencePickupRoute(entries, '2026-12-04'), 'North Coast', 'no entry that day: the first');
  assert.equal(licencePickupRoute(entries, ''), 'North Coast');
  assert.equal(licencePickupRoute([], '2026-12-03'), '');
  // the week (Monday to Sunday) of the chosen day: its Tuesday and Thursday
  assert.deepEqual(licencePickupDays(entries, '2026-12-05'), ['2026-12-01', '2026-12-03']);
  assert.deepEqual(licencePickupDays(entries, '2026-12-05', 'Bay Area'), ['2026-12-03']);
  assert.equal(licencePickupDays([], '2026-12-05'), undefined, 'no pickup day listed: nothing to confirm');
  assert.equal(licencePickupDays([{ route: 'X', day: 'someday' }], '2026-12-05'), undefined);
});

test('orders §5 all-available mode: a vendor asks for it for an NM- destination only; staff for any', () => {
  const base = {
    orderDef: 'ext' as const,
    orderType: 'layover' as const,
    pickupLN: 'C11-1',
    preferredDelivery: '2100-01-05',
    showAllRoutes: true,
  };
  const ctx = { now: new Date('2099-12-30T10:00:00Z'), config: {}, allowedDeliveryDays: ['2100-01-04'] };
  const billing = { invoice: 'I-1' };
  const nm = { ...base, destinationLN: 'NM-55' };
  const addr = { destCompany: { 'Street Address': '1 Mesa Rd' } };
  const vendorNm = validateOrder(
    { order: nm, billing, ...addr },
    { ...ctx, role: Role.User, destinationFound: false, allowAllRoutes: true },
  );
  assert.deepEqual(vendorNm, {}, 'unlisted NM- licence, any day');
  const listed = { ...base, destinationLN: 'C12-9' };
  const vendorListed = validateOrder(
    { order: listed, billing },
    { ...ctx, role: Role.User, destinationFound: true, allowAllRoutes: true },
  );
  assert.equal(vendorListed.showAllRoutes, M.allRoutesNmOnly);
  const staff = validateOrder(
    { order: listed, billing },
    { ...ctx, role: Role.Admin, destinationFound: true, allowAllRoutes: true },
  );
  assert.deepEqual(staff, {});
  const without = validateOrder(
    { order: { ...nm, showAllRoutes: false }, billing, ...addr },
    { ...ctx, role: Role.User, destinationFound: false },
  );
  assert.equal(without.destinationLN, M.licenceNotFound);
  assert.equal(without.preferredDelivery, M.dayNotAllowed);
});
