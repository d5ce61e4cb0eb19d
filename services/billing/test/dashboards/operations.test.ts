import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { assertRoleMatrix, assertUsesIndex, startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { OrderProjection, fromStored } from '../../src/readmodels/order-projection.js';
import {
  clearDashboardCache,
  operationsDashboard,
  rangeFilters,
  vendorFilters,
} from '../../src/domain/dashboards/read.js';
import { DASHBOARDS_POLICY } from '../policy/dashboards.js';
import { LN, TEST_ENV, get, nonZero, seed } from './helpers.js';
import { seedProjected } from '../helpers/projected.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await seed();
});
after(() => app?.close());
beforeEach(() => clearDashboardCache());

const OPS = '/api/billing/dashboard/operations';

test('role × endpoint: staff reach both dashboards, company users only their own, drivers neither', async () => {
  const mine = (r: { url: string }) => Object.keys(DASHBOARDS_POLICY).some((k) => k.split(' ')[1] === r.url);
  const only = Object.create(app, { routeTable: { value: () => app.routeTable().filter(mine) } });
  await assertRoleMatrix(only, DASHBOARDS_POLICY);
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    const res = await get(app, role, `${OPS}?from=2031-03-01&to=2031-03-31`);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, 'You do not have permission to do this.');
  }
});

test('March 2031: deliveries per day, on-time rate, rejections by reason and totals from the seeded orders', async () => {
  const res = await get(app, Role.Admin, `${OPS}?from=2031-03-01&to=2031-03-31`);
  assert.equal(res.statusCode, 200, res.body);
  const d = res.json().data;
  assert.equal(d.from, '2031-03-01');
  assert.equal(d.to, '2031-03-31');
  assert.equal(d.deliveriesPerDay.length, 31, 'every day listed, zeros included');
  assert.deepEqual(
    d.deliveriesPerDay.filter((x: { delivered: number }) => x.delivered),
    [
      { day: '2031-03-03', delivered: 3 },
      { day: '2031-03-10', delivered: 1 },
    ],
  );
  // A1, B1 on the approved date; A2 a day late; A3 has no approved date (not measured); A7 deleted
  assert.deepEqual(d.onTime, { delivered: 4, measured: 3, onTime: 2, rate: 0.667 });
  assert.deepEqual(d.rejectionsByReason, [
    { reason: '2', label: 'Wrong Product on the Manifest', count: 2 },
    { reason: '', label: 'No reason given', count: 1 },
  ]);
  assert.deepEqual(d.totals, { orders: 10, delivered: 4, rejections: 3 });
});

test('a range over 31 days reads by month and keeps only its days (April 2 in, April 20 out)', async () => {
  await seedProjected([
    {
      ...fromStored(await OrderProjection.findById('A8').lean()),
      _id: 'A9',
      orderId: 'A9',
      deliveryDay: '2031-04-20',
    },
  ]);
  try {
    const d = (await get(app, Role.SuperAdmin, `${OPS}?from=2031-02-15&to=2031-04-15`)).json().data;
    assert.equal(d.deliveriesPerDay.length, 60);
    assert.deepEqual(d.onTime, { delivered: 5, measured: 4, onTime: 3, rate: 0.75 });
    assert.equal(d.totals.orders, 11);
  } finally {
    await OrderProjection.deleteOne({ _id: 'A9' });
  }
});

test('orders by status this week: the ISO week of today, every status, deleted ones left out', async () => {
  const d = await operationsDashboard(
    { from: '2031-03-01', to: '2031-03-31' },
    new Date('2031-03-12T10:00:00Z'),
  );
  assert.equal(d.week, '2031-03-10');
  assert.equal(d.ordersByStatusThisWeek.length, 9);
  assert.deepEqual(nonZero(d.ordersByStatusThisWeek), {
    Delivered: 1,
    'Full Rejection': 1,
    Exception: 1,
    'Order Approved': 1,
  });
});

test('an empty period answers zeros, not an error', async () => {
  const d = (await get(app, Role.Admin, `${OPS}?from=2030-01-01&to=2030-01-07`)).json().data;
  assert.deepEqual(d.onTime, { delivered: 0, measured: 0, onTime: 0, rate: null });
  assert.deepEqual(d.rejectionsByReason, []);
  assert.deepEqual(d.totals, { orders: 0, delivered: 0, rejections: 0 });
  assert.equal(d.deliveriesPerDay.length, 7);
});

test('no range: the last 30 days ending today', async () => {
  const d = (await get(app, Role.Admin, OPS)).json().data;
  const today = new Date().toISOString().slice(0, 10);
  assert.equal(d.to, today);
  assert.equal(d.deliveriesPerDay.length, 30);
  assert.equal(d.deliveriesPerDay[29].day, today);
});

test('bad ranges are a 400 in the shared words, on both dashboards', async () => {
  const cases: [string, string][] = [
    ['from=2031-13-01&to=2031-03-31', 'Please enter a valid date (YYYY-MM-DD).'],
    ['from=2031-03-01', 'Please enter a valid date (YYYY-MM-DD).'],
    ['from=03/01/2031&to=2031-03-31', 'Please enter a valid date (YYYY-MM-DD).'],
    ['from=2031-03-31&to=2031-03-01', 'The start date must be on or before the end date.'],
    ['from=2030-01-01&to=2031-03-01', 'Please choose a date range of one year or less.'],
  ];
  for (const [query, message] of cases) {
    for (const [role, url] of [
      [Role.Admin, OPS],
      [Role.AccountAdmin, '/api/billing/dashboard/vendor'],
    ] as const) {
      const res = await get(app, role, `${url}?${query}`);
      assert.equal(res.statusCode, 400, `${url}?${query}`);
      assert.equal(res.json().message, message, `${url}?${query}`);
    }
  }
});

test('every dashboard query reaches the database through an index (one equality each)', async () => {
  const filters = [
    ...rangeFilters('2031-03-01', '2031-03-02'),
    ...rangeFilters('2031-01-01', '2031-03-31').slice(0, 1),
    { week: '2031-03-10' },
    ...vendorFilters([LN.A], '2031-03-01', '2031-03-31'),
  ];
  assert.deepEqual(filters.map((f) => Object.keys(f)[0]).sort(), [
    'deliveryDay',
    'deliveryDay',
    'month',
    'vendorMonth',
    'week',
  ]);
  for (const f of filters) await assertUsesIndex(OrderProjection, f);
});
