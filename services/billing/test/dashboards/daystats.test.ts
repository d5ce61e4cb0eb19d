import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { OrderStatus as S, orderSliceOf } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { OrderProjection } from '../../src/readmodels/order-projection.js';
import { DayStats, DayVersion, bumpDays } from '../../src/models/day-stats.js';
import { operationsDashboard, operationsFullRead } from '../../src/domain/dashboards/read.js';
import { dayStatsCounters, forgetDayStats } from '../../src/domain/dashboards/day-stats.js';
import { applyOrder } from '../../src/readmodels/store.js';
import { SEEDS, projected } from './helpers.js';
import { seedProjected } from '../helpers/projected.js';
import { billingFacts, facts, notice } from '../projection/helpers.js';

/** Own database: the day summaries must equal the full read, follow every projected change, and never serve stale. */
const ENV = {
  MONGO_DB: 'portal_billing_daystats_test',
  CONSUMER_SUFFIX: `ds${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: 'portal-billing-daystats-test',
  BILLING_SNAPSHOT: 'off',
};
const NOW = new Date('2031-03-12T10:00:00Z'); // week of 2031-03-10
const MARCH = { from: '2031-03-01', to: '2031-03-31' };

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, ENV);
  await OrderProjection.deleteMany({});
  await DayVersion.deleteMany({});
  await forgetDayStats();
  await seedProjected([
    ...SEEDS.map(projected),
    // more of this week (a Sunday, a cancelled one, two reasons) and an order with no delivery day (in no week)
    projected({
      id: 'W1',
      ln: 'DS-1',
      day: '2031-03-16',
      status: S.delivered,
      approved: '2031-03-15',
      delivered: '2031-03-16',
    }),
    projected({ id: 'W2', ln: 'DS-1', day: '2031-03-14', status: S.cancelled, deleted: 2 }),
    projected({ id: 'W3', ln: 'DS-1', day: '2031-03-13', status: S.partialRejection, rejected: '5' }),
    projected({ id: 'W4', ln: 'DS-1', day: '2031-03-13', status: S.fullRejection, rejected: '2' }),
    { ...projected({ id: 'N1', ln: 'DS-1', day: '', status: S.approved }), deliveryDay: '' },
  ]);
});
after(() => app?.close());

const ranges = [
  MARCH,
  { from: '2031-03-10', to: '2031-03-16' },
  { from: '2031-02-15', to: '2031-04-15' }, // over 31 days: the full read goes by month
  { from: '2030-01-01', to: '2030-01-07' }, // empty
];

test('summed day summaries answer exactly what the full read of every order answers (cold, then from the summaries)', async () => {
  for (const r of ranges) {
    const full = await operationsFullRead(r, NOW);
    const before = { ...dayStatsCounters };
    assert.deepEqual(await operationsDashboard(r, NOW), full, `cold ${r.from}..${r.to}`);
    const mid = { ...dayStatsCounters };
    assert.deepEqual(await operationsDashboard(r, NOW), full, `warm ${r.from}..${r.to}`);
    assert.equal(dayStatsCounters.recomputed, mid.recomputed, 'the second read recomputes nothing');
    assert.ok(dayStatsCounters.hits - mid.hits >= full.deliveriesPerDay.length);
    assert.ok(mid.recomputed >= before.recomputed);
  }
  const march = await operationsDashboard(MARCH, NOW);
  assert.deepEqual(march.totals, { orders: 14, delivered: 5, rejections: 5 });
  assert.equal(march.week, '2031-03-10');
  const weekStatuses = Object.fromEntries(
    march.ordersByStatusThisWeek.filter((s) => s.count).map((s) => [s.label, s.count]),
  );
  assert.deepEqual(weekStatuses, {
    Delivered: 2,
    'Full Rejection': 2,
    'Partial Rejection': 1,
    Exception: 1,
    'Order Approved': 1,
    'Order Cancelled': 1,
  });
  const stored = await DayStats.findById('2031-03-03').lean();
  assert.equal(stored?.figures.delivered, 3, 'one small document per day');
});

test('a projected change bumps the old and the new day; both recompute and the figures move', async () => {
  await operationsDashboard(MARCH, NOW);
  const v = async (day: string) => (await DayVersion.findById(day).lean())?.v ?? 0;
  const [v20, v21] = [await v('2031-03-20'), await v('2031-03-21')];
  const order = (day: string, version: number, status: number) =>
    applyOrder(
      orderSliceOf(notice('DS-EV', {}, { status, deliveryDate: day, pickupLN: 'DS-1' })),
      facts({ version, billing: billingFacts({ dateApproved: day, deliveredDay: day }) }),
    );
  try {
    assert.equal(await order('2031-03-20', 1, S.delivered), true);
    assert.equal(await v('2031-03-20'), v20 + 1);
    let d = await operationsDashboard(MARCH, NOW);
    assert.equal(d.deliveriesPerDay.find((x) => x.day === '2031-03-20')!.delivered, 1);
    assert.equal(d.totals.delivered, 6);
    assert.equal(d.onTime.onTime, 3);

    // moved to the 21st and rejected: the 20th loses it, the 21st gains a rejection
    assert.equal(await order('2031-03-21', 2, S.fullRejection), true);
    assert.equal(await v('2031-03-20'), v20 + 2);
    assert.equal(await v('2031-03-21'), v21 + 1);
    d = await operationsDashboard(MARCH, NOW);
    assert.equal(d.deliveriesPerDay.find((x) => x.day === '2031-03-20')!.delivered, 0);
    assert.equal(d.totals.delivered, 5);
    assert.equal(d.totals.rejections, 6);
    assert.deepEqual(d, await operationsFullRead(MARCH, NOW));

    // an older version (redelivery) changes nothing and bumps nothing
    assert.equal(await order('2031-03-25', 1, S.delivered), false);
    assert.equal(await v('2031-03-25'), 0);
  } finally {
    await OrderProjection.deleteOne({ _id: 'DS-EV' });
    await bumpDays(['2031-03-21']);
  }
  assert.deepEqual(await operationsDashboard(MARCH, NOW), await operationsFullRead(MARCH, NOW));
});

test('a summary behind its day’s version is never used; one at the current version is', async () => {
  await operationsDashboard(MARCH, NOW);
  const day = '2031-03-03';
  const v = (await DayVersion.findById(day).lean())?.v ?? 0;
  const bogus = { orders: 999, delivered: 999, measured: 0, onTime: 0, reasons: [], statuses: [] };
  // a change the summary has not seen: version ahead of it
  await bumpDays([day]);
  await DayStats.replaceOne({ _id: day }, { _id: day, v, figures: bogus }, { upsert: true });
  const d = await operationsDashboard(MARCH, NOW);
  assert.equal(d.deliveriesPerDay.find((x) => x.day === day)!.delivered, 3);
  assert.equal(d.totals.orders, 14);
  const fresh = await DayStats.findById(day).lean();
  assert.equal(fresh?.v, v + 1, 'recomputed and stored under the current version');
  assert.equal(fresh?.figures.delivered, 3);

  // the same bogus figures at the current version are served: the reader trusts only the version (the proof it is read)
  await DayStats.replaceOne({ _id: day }, { _id: day, v: v + 1, figures: bogus });
  assert.equal((await operationsDashboard(MARCH, NOW)).totals.orders, 14 - 3 + 999);
  await forgetDayStats();
  assert.equal((await operationsDashboard(MARCH, NOW)).totals.orders, 14);
});

test('the route answers the summed figures in the contract shape', async () => {
  const { tokenFor } = await import('@portal/service-kit/testing');
  const res = await app.inject({
    method: 'GET',
    url: `/api/billing/dashboard/operations?from=${MARCH.from}&to=${MARCH.to}`,
    headers: { authorization: `Bearer ${await tokenFor(0)}` },
  });
  assert.equal(res.statusCode, 200, res.body);
  const d = res.json().data;
  assert.deepEqual(d.totals, { orders: 14, delivered: 5, rejections: 5 });
  assert.equal(d.deliveriesPerDay.length, 31);
});
