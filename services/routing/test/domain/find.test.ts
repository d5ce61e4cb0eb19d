import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ANY_ZIP, type Route, type RouteRow } from '@portal/contracts';
import { ANSWERS_KEPT, RouteIndex, find } from '../../src/domain/route-index.js';
import { dayNumber, findRange } from '../../src/domain/days.js';

// /routes/find as a pure function over an index, table by table. Dates are calendar days (UTC): the US DST weeks
// (2026-03-08, 2026-11-01) and the year boundary must not shift a weekday, a strict date or the bi-weekly parity.
let n = 0;
const row = (r: Partial<RouteRow>): RouteRow => ({
  id: `row${++n}`,
  city: 'Trenton',
  zipCode: '08601',
  dayOfTheWeek: 'mon',
  biWeekly: false,
  overnight: false,
  price: 10,
  data: {},
  ...r,
});
const route = (name: string, rows: RouteRow[], id = name): Route => ({
  id,
  name,
  data: { startTime: '07:00', rows },
  created: '2026-01-01T00:00:00.000Z',
  lastUpdated: '2026-01-01T00:00:00.000Z',
});
const range = (from: string, to: string) => ({ from: dayNumber(from), to: dayNumber(to) });
const findIn = (routes: Route[], zip: string, from: string, to: string) => {
  const index = new RouteIndex();
  for (const r of routes) index.set(r.id, r);
  return find(index, zip, range(from, to));
};
// strict-date offsets from the 2023-01-01 marker
const offset = (iso: string) => String(dayNumber(iso) - dayNumber('2023-01-01'));

const CASES: {
  name: string;
  rows: Partial<RouteRow>[];
  from: string;
  to: string;
  dates: string[];
  delivery?: string[];
}[] = [
  {
    name: 'weekday',
    rows: [{ dayOfTheWeek: 'mon,thur' }],
    from: '2026-11-23',
    to: '2026-11-29',
    dates: ['2026-11-23', '2026-11-26'],
  },
  {
    name: 'weekday codes in any case and order',
    rows: [{ dayOfTheWeek: 'SUN, Tue' }],
    from: '2026-11-23',
    to: '2026-11-29',
    dates: ['2026-11-24', '2026-11-29'],
  },
  {
    name: 'DST start week (Sun 2026-03-08)',
    rows: [{ dayOfTheWeek: 'sun,mon' }],
    from: '2026-03-07',
    to: '2026-03-10',
    dates: ['2026-03-08', '2026-03-09'],
  },
  {
    name: 'DST end week (Sun 2026-11-01)',
    rows: [{ dayOfTheWeek: 'sat,sun' }],
    from: '2026-10-31',
    to: '2026-11-02',
    dates: ['2026-10-31', '2026-11-01'],
  },
  {
    name: 'year boundary, weekday',
    rows: [{ dayOfTheWeek: 'wed,thur,fri' }],
    from: '2026-12-30',
    to: '2027-01-02',
    dates: ['2026-12-30', '2026-12-31', '2027-01-01'],
  },
  {
    name: 'strict dates',
    rows: [{ dayOfTheWeek: `${offset('2026-11-24')},${offset('2026-12-01')}` }],
    from: '2026-11-23',
    to: '2026-12-06',
    dates: ['2026-11-24', '2026-12-01'],
  },
  {
    name: 'strict dates across the year boundary',
    rows: [{ dayOfTheWeek: `${offset('2026-12-31')},${offset('2027-01-01')}` }],
    from: '2026-12-28',
    to: '2027-01-03',
    dates: ['2026-12-31', '2027-01-01'],
  },
  {
    name: 'strict date on a DST day',
    rows: [{ dayOfTheWeek: offset('2026-03-08') }],
    from: '2026-03-01',
    to: '2026-03-14',
    dates: ['2026-03-08'],
  },
  {
    name: 'strict dates ignore bi-weekly',
    rows: [{ dayOfTheWeek: `${offset('2026-11-24')},${offset('2026-12-01')}`, biWeekly: true }],
    from: '2026-11-23',
    to: '2026-12-06',
    dates: ['2026-11-24', '2026-12-01'],
  },
  // week 0 is the marker's week (Mon 2022-12-26); 2026-11-23 is 204 weeks later (even), 2026-11-30 odd
  {
    name: 'bi-weekly: even weeks from the marker',
    rows: [{ dayOfTheWeek: 'mon', biWeekly: true }],
    from: '2026-11-16',
    to: '2026-12-13',
    dates: ['2026-11-23', '2026-12-07'],
  },
  {
    name: 'bi-weekly parity runs on across the year boundary (no ISO week reset)',
    rows: [{ dayOfTheWeek: 'mon', biWeekly: true }],
    from: '2026-12-14',
    to: '2027-01-17',
    dates: ['2026-12-21', '2027-01-04'],
  },
  {
    name: 'bi-weekly over the DST week',
    rows: [{ dayOfTheWeek: 'sun', biWeekly: true }],
    from: '2026-03-01',
    to: '2026-03-22',
    dates: ['2026-03-08', '2026-03-22'],
  },
  {
    name: 'overnight: delivered the next day',
    rows: [{ dayOfTheWeek: 'fri', overnight: true }],
    from: '2026-12-28',
    to: '2027-01-03',
    dates: ['2027-01-01'],
    delivery: ['2027-01-02'],
  },
  {
    name: 'overnight into the DST change',
    rows: [{ dayOfTheWeek: 'sat', overnight: true }],
    from: '2026-03-02',
    to: '2026-03-08',
    dates: ['2026-03-07'],
    delivery: ['2026-03-08'],
  },
  {
    name: 'a row that runs on no day of the range is still listed',
    rows: [{ dayOfTheWeek: 'sat' }],
    from: '2026-11-23',
    to: '2026-11-27',
    dates: [],
  },
  {
    name: 'days text that does not parse (old data) runs on no day',
    rows: [{ dayOfTheWeek: 'someday' }],
    from: '2026-11-23',
    to: '2026-11-29',
    dates: [],
  },
];

for (const c of CASES) {
  test(`find: ${c.name}`, () => {
    const res = findIn([route('R', c.rows.map(row))], '08601', c.from, c.to);
    assert.equal(res.routes.length, 1);
    assert.deepEqual(res.routes[0]!.dates, c.dates);
    assert.deepEqual(res.routes[0]!.deliveryDates, c.delivery ?? c.dates);
    assert.deepEqual(res.dates, c.delivery ?? c.dates);
  });
}

test('find: only rows for the zip, ZIP+4 rows by their 5 digits, 00000 rows everywhere', () => {
  const routes = [
    route('North', [row({ zipCode: '12201', city: 'Albany' }), row({ zipCode: '08601' })]),
    route('South', [row({ zipCode: '08601-1234', dayOfTheWeek: 'tue' })]),
    route('Warehouse run', [row({ zipCode: '00000', city: 'Warehouse', dayOfTheWeek: 'wed' })]),
  ];
  const res = findIn(routes, '08601', '2026-11-23', '2026-11-29');
  assert.deepEqual(
    res.routes.map((r) => [r.name, r.city, r.dates]),
    [
      ['North', 'Trenton', ['2026-11-23']],
      ['South', 'Trenton', ['2026-11-24']],
      ['Warehouse run', 'Warehouse', ['2026-11-25']],
    ],
  );
  assert.deepEqual(res.dates, ['2026-11-23', '2026-11-24', '2026-11-25']);
  assert.deepEqual(
    findIn(routes, '99999', '2026-11-23', '2026-11-29').routes.map((r) => r.name),
    ['Warehouse run'],
  );
});

test('find: the utility route is one pseudo-route per row, named by its city, any day allowed', () => {
  const utility = route(
    'Utility',
    [row({ id: 'u1', city: 'Will call', zipCode: '08601', dayOfTheWeek: 'mon' })],
    'ut',
  );
  const res = findIn([utility], '08601', '2026-11-23', '2026-11-25');
  assert.equal(res.routes.length, 1);
  const m = res.routes[0]!;
  assert.deepEqual([m.routeId, m.name, m.utility], ['__utility__u1', 'Will call', true]);
  assert.deepEqual(m.dates, ['2026-11-23', '2026-11-24', '2026-11-25']);
});

test('the index follows changes: a replaced route swaps its rows, a removed one is gone', () => {
  const index = new RouteIndex();
  index.set('a', route('A', [row({ zipCode: '08601' })], 'a'));
  index.set('a', route('A', [row({ zipCode: '12201' })], 'a'));
  assert.equal(find(index, '08601', range('2026-11-23', '2026-11-29')).routes.length, 0);
  assert.equal(find(index, '12201', range('2026-11-23', '2026-11-29')).routes.length, 1);
  index.set('a', null);
  assert.equal(index.routes, 0);
  assert.equal(find(index, '12201', range('2026-11-23', '2026-11-29')).routes.length, 0);
});

test('a kept answer lasts until the index changes: a new day, a new route, a removed one, each answered afresh', () => {
  const index = new RouteIndex();
  const week = range('2026-11-23', '2026-11-29');
  index.set('a', route('A', [row({ id: 'a1', zipCode: '08601', dayOfTheWeek: 'mon' })], 'a'));
  const first = find(index, '08601', week);
  assert.deepEqual(first.dates, ['2026-11-23']);
  assert.equal(find(index, '08601', week), first, 'asked again, unchanged: the kept answer');
  index.set('never-here', null);
  assert.equal(find(index, '08601', week), first, 'a route it never had, removed: nothing changed');
  // the same route runs one more day
  index.set('a', route('A', [row({ id: 'a1', zipCode: '08601', dayOfTheWeek: 'mon,wed' })], 'a'));
  assert.deepEqual(find(index, '08601', week).dates, ['2026-11-23', '2026-11-25']);
  // another route comes to the zip (the zip's own rows did not change)
  index.set('b', route('B', [row({ id: 'b1', zipCode: '08601', dayOfTheWeek: 'fri' })], 'b'));
  assert.deepEqual(
    find(index, '08601', week).routes.map((r) => [r.name, r.dates]),
    [
      ['A', ['2026-11-23', '2026-11-25']],
      ['B', ['2026-11-27']],
    ],
  );
  // a route that serves every zip, then one removed
  index.set('c', route('C', [row({ id: 'c1', zipCode: ANY_ZIP, dayOfTheWeek: 'sat' })], 'c'));
  assert.deepEqual(find(index, '08601', week).dates, [
    '2026-11-23',
    '2026-11-25',
    '2026-11-27',
    '2026-11-28',
  ]);
  index.set('a', null);
  assert.deepEqual(find(index, '08601', week).dates, ['2026-11-27', '2026-11-28']);
  // another range is its own answer
  assert.deepEqual(find(index, '08601', range('2026-11-30', '2026-12-06')).dates, [
    '2026-12-04',
    '2026-12-05',
  ]);
});

test('the kept answers are bounded: the oldest goes first', () => {
  const index = new RouteIndex();
  index.set('a', route('A', [row({ zipCode: '08601' })], 'a'));
  const week = range('2026-11-23', '2026-11-29');
  const first = find(index, '08601', week);
  for (let i = 0; i < ANSWERS_KEPT; i++) find(index, String(10000 + i), week);
  const again = find(index, '08601', week);
  assert.notEqual(again, first, 'dropped and worked out again');
  assert.deepEqual(again, first);
});

test('the range: default today … today + 27, real dates only, forward, at most 366 days', () => {
  const now = new Date('2026-11-23T23:30:00-05:00'); // already the 24th in UTC: days are UTC days
  assert.deepEqual(findRange({}, now), range('2026-11-24', '2026-12-21'));
  assert.deepEqual(findRange({ from: '2026-12-30' }, now), range('2026-12-30', '2027-01-26'));
  assert.deepEqual(
    findRange({ from: '2026-01-01', to: '2027-01-01' }, now),
    range('2026-01-01', '2027-01-01'),
  );
  for (const bad of [
    { from: '2026-02-30' },
    { from: '2026-12-01', to: '2026-11-30' },
    { from: '2026-01-01', to: '2027-01-02' },
  ]) {
    assert.ok('error' in findRange(bad, now), JSON.stringify(bad));
  }
});
