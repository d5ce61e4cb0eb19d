import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OrderStatus as S } from '@portal/contracts';
import {
  ByReason,
  OnTime,
  daysOf,
  mondayOf,
  monthsOf,
  weeksOf,
} from '../../src/domain/dashboards/figures.js';
import { rangeFilters, rangeOf } from '../../src/domain/dashboards/read.js';

const o = (status: number, approved = '', delivered = '', rejected = '') => ({
  status,
  deleted: 0,
  deliveryDay: '2031-03-03',
  billing: { dateApproved: approved, deliveredDay: delivered, rejected },
});

test('periods: days, months and ISO weeks of a range (leap day, year end)', () => {
  assert.deepEqual(daysOf('2028-02-28', '2028-03-01'), ['2028-02-28', '2028-02-29', '2028-03-01']);
  assert.deepEqual(monthsOf('2030-12-30', '2031-01-02'), ['2030-12', '2031-01']);
  assert.equal(mondayOf('2031-03-09'), '2031-03-03'); // a Sunday
  assert.equal(mondayOf('2031-03-10'), '2031-03-10');
  assert.deepEqual(weeksOf('2031-03-09', '2031-03-10'), ['2031-03-03', '2031-03-10']);
});

test('on time: delivered on the approved date; a blank approved date is not measured; only Delivered counts', () => {
  const t = new OnTime();
  t.add(o(S.delivered, '2031-03-03', '2031-03-03'));
  t.add(o(S.delivered, '2031-03-02', '2031-03-03'));
  t.add(o(S.delivered, '', '2031-03-03'));
  t.add(o(S.inTransit, '2031-03-03', ''));
  assert.deepEqual(t.view(), { delivered: 3, measured: 2, onTime: 1, rate: 0.5 });
  assert.equal(new OnTime().view().rate, null);
});

test('rejections by reason: full and partial, labelled from the contracts, unknown codes named', () => {
  const r = new ByReason();
  for (const x of [
    o(S.fullRejection, '', '', '7'),
    o(S.partialRejection, '', '', '7'),
    o(S.fullRejection, '', '', '42'),
  ])
    r.add(x);
  r.add(o(S.delivered, '', '', '7')); // a lingering code on a delivered order is not a rejection
  assert.deepEqual(r.view(), [
    { reason: '7', label: "Receiver didn't purchase product", count: 2 },
    { reason: '42', label: 'Reason 42', count: 1 },
  ]);
  assert.equal(r.total(), 3);
});

test('ranges: 31 days or fewer read day by day, longer ones month by month; no range is the last 30 days', () => {
  assert.equal(rangeFilters('2031-03-01', '2031-03-31').length, 31);
  assert.deepEqual(rangeFilters('2031-03-01', '2031-04-01'), [{ month: '2031-03' }, { month: '2031-04' }]);
  assert.deepEqual(rangeOf({}, new Date('2031-03-30T23:00:00Z')), { from: '2031-03-01', to: '2031-03-30' });
  assert.throws(() => rangeOf({ from: '2031-02-30', to: '2031-03-01' }), /valid date/);
});
