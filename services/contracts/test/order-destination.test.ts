// The one delivery-day rule (form, orders' validation, bulk upload): the days a delivery route runs, never the
// warehouse's every-day pseudo-route, and an overnight row on its own run day (the public schedule lists those).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderDeliveryDays } from '../src/index.js';

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
