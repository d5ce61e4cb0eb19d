import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type Route } from '@portal/contracts';
import { DISPATCH } from '@portal/contracts/dispatch';
import { RouteIndex } from '../../src/domain/route-index.js';
import { dayNumber, strictOffset } from '../../src/domain/days.js';
import {
  SearchMessages as M,
  fold,
  indexRowsOf,
  parseSearchQuery,
  searchRows,
  type SearchQuery,
} from '../../src/domain/search/search.js';

/** The public schedule search's rules, table by table, over a real RouteIndex (no HTTP, no database). */
const TODAY = dayNumber('2026-11-25'); // a Wednesday
let n = 0;
const route = (name: string, rows: Partial<Route['data']['rows'][number]>[], startTime = '07:30'): Route =>
  ({
    id: `r${++n}`,
    name,
    data: {
      startTime,
      rows: rows.map((r, i) => ({
        id: `row${n}_${i}`,
        city: 'Trenton',
        zipCode: '08601',
        dayOfTheWeek: 'mon',
        price: 0,
        biWeekly: false,
        overnight: false,
        ...r,
      })),
    },
  }) as unknown as Route;

const index = new RouteIndex();
const add = (r: Route) => (index.set(r.id, r), r);
add(route('North', [{ city: 'Trenton', zipCode: '08601', dayOfTheWeek: 'mon,wed' }]));
add(route('East', [{ city: 'Trenton', zipCode: '08609', dayOfTheWeek: 'sat', overnight: true }]));
add(route('South', [{ city: 'Saint-Étienne', zipCode: '07001', dayOfTheWeek: 'tue', biWeekly: true }]));
add(route('Shore', [{ city: 'Lawrenceville', zipCode: '08648', dayOfTheWeek: 'fri' }]));
add(route('West', [{ city: 'West Trenton', zipCode: '08628', dayOfTheWeek: 'thur' }]));
add(route('Cash Run', [{ city: 'Trenton', zipCode: '08601', dayOfTheWeek: 'mon' }]));
add(route('Main Warehouse', [{ city: 'Trenton', zipCode: '08601', dayOfTheWeek: 'mon' }]));
add(route('Anywhere', [{ city: 'Everywhere', zipCode: '00000', dayOfTheWeek: 'mon' }]));
add(route('Utility', [{ city: 'Trenton Utility', zipCode: '08601', dayOfTheWeek: 'mon' }]));
// strict dates: one past Monday, one coming Saturday (2026-11-28), one coming Tuesday (2026-12-01)
const strict = [dayNumber('2026-11-23'), dayNumber('2026-11-28'), dayNumber('2026-12-01')].map(strictOffset);
add(route('Holiday', [{ city: 'Princeton', zipCode: '08540', dayOfTheWeek: strict.join(',') }]));

const q = (raw: Parameters<typeof parseSearchQuery>[0]) => {
  const parsed = parseSearchQuery(raw);
  assert.ok(!('error' in parsed), JSON.stringify(parsed));
  return parsed as SearchQuery;
};
const names = (raw: Parameters<typeof parseSearchQuery>[0]) =>
  searchRows(indexRowsOf(index), q(raw), TODAY).rows.map((r) => `${r.routeName}:${r.city}`);

test('fold: case, accents and punctuation do not matter', () => {
  for (const [input, want] of [
    ['Saint-Étienne', 'saint etienne'],
    ['  TRENTON ', 'trenton'],
    ['Münster', 'munster'],
    ["Coeur d'Alene", 'coeur d alene'],
  ])
    assert.equal(fold(input!), want);
});

test('validation: clear messages for what cannot be searched', () => {
  const cases: [Parameters<typeof parseSearchQuery>[0], string][] = [
    [{}, M.tooShort],
    [{ q: 't' }, M.tooShort],
    [{ q: '  -- ' }, M.tooShort],
    [{ q: '0' }, M.tooShort],
    [{ q: '086011' }, M.tooShort],
    [{ q: 'x'.repeat(65) }, M.tooLong],
    [{ q: 'trenton', days: '' }, M.noDays],
    [{ q: 'trenton', days: 'mon,funday' }, M.badDays('funday')],
    [{ q: 'trenton', page: '0' }, M.badPage],
    [{ q: 'trenton', page: 'two' }, M.badPage],
    [{ q: 'trenton', page: '101' }, M.badPage],
  ];
  for (const [raw, message] of cases)
    assert.deepEqual(parseSearchQuery(raw), { error: message }, JSON.stringify(raw));
  assert.match(M.badDays('funday'), /Unknown day "funday"\. Use any of mon, tue, wed, thur, fri, sat, sun/);
});

test('defaults: Monday to Friday, page 1; days are kept in week order', () => {
  assert.deepEqual(q({ q: 'Trenton' }), {
    text: 'trenton',
    kind: 'city',
    days: [...DISPATCH.publicSearchDefaultDays],
    page: 1,
  });
  assert.deepEqual(q({ q: '08601-1234', days: 'SAT, mon', page: '2' }), {
    text: '08601',
    kind: 'zip',
    days: ['mon', 'sat'],
    page: 2,
  });
});

test('matching table: city prefix/contains (accents folded), zip exact/prefix, day filter, hidden rows', () => {
  const table: [Parameters<typeof parseSearchQuery>[0], string[]][] = [
    // exact city first, then "contains" (West Trenton); Cash/Warehouse/00000/utility rows never show; East is Saturday
    [{ q: 'trenton' }, ['North:Trenton', 'West:West Trenton']],
    [{ q: 'TREN' }, ['North:Trenton', 'West:West Trenton']],
    [{ q: 'renton' }, ['North:Trenton', 'West:West Trenton']],
    [{ q: 'trenton', days: 'sat' }, ['East:Trenton']],
    [{ q: 'trenton', days: 'sat,sun,mon' }, ['North:Trenton', 'East:Trenton']],
    [{ q: 'saint etienne' }, ['South:Saint-Étienne']],
    [{ q: 'SAINT-ÉTI' }, ['South:Saint-Étienne']],
    [{ q: '08601' }, ['North:Trenton']],
    [{ q: '086' }, ['Shore:Lawrenceville', 'North:Trenton', 'West:West Trenton']],
    [{ q: '086', days: 'fri' }, ['Shore:Lawrenceville']],
    [{ q: '00000' }, []],
    [{ q: 'everywhere', days: 'mon' }, []],
    [{ q: 'utility', days: 'mon' }, []],
    [{ q: 'nowhere' }, []],
    // strict dates count on the weekday of their coming dates only (the past Monday does not)
    [{ q: 'princeton', days: 'mon' }, []],
    [{ q: 'princeton', days: 'sat' }, ['Holiday:Princeton']],
    [{ q: 'princeton', days: 'tue' }, ['Holiday:Princeton']],
  ];
  for (const [raw, want] of table) assert.deepEqual(names(raw), want, JSON.stringify(raw));
});

test('a row as the table shows it: days text, start time, overnight and bi-weekly flags', () => {
  const [east] = searchRows(indexRowsOf(index), q({ q: '08609', days: 'sat' }), TODAY).rows;
  assert.deepEqual(east, {
    routeId: east!.routeId,
    routeName: 'East',
    city: 'Trenton',
    zip: '08609',
    days: 'Sat',
    startTime: '07:30',
    overnight: true,
    biWeekly: false,
  });
  const [south] = searchRows(indexRowsOf(index), q({ q: '07001' }), TODAY).rows;
  assert.equal(south!.biWeekly, true);
  const [holiday] = searchRows(indexRowsOf(index), q({ q: 'princeton', days: 'sat' }), TODAY).rows;
  assert.equal(holiday!.days, '2026-11-28, 2026-12-01');
});

test('at most 250 results, 50 a page; a route change is seen at once (the index is live)', () => {
  const big = new RouteIndex();
  const rows = Array.from({ length: 300 }, (_, i) => ({
    city: `Springfield ${String(i).padStart(3, '0')}`,
    zipCode: '01101',
  }));
  const r = route('Big', rows);
  big.set(r.id, r);
  const page = (p: number) =>
    searchRows(indexRowsOf(big), q({ q: 'springfield', days: 'mon', page: String(p) }), TODAY);
  const first = page(1);
  assert.deepEqual([first.total, first.truncated, first.rows.length, first.pageSize], [250, true, 50, 50]);
  assert.equal(first.rows[0]!.city, 'Springfield 000');
  assert.equal(page(5).rows.at(-1)!.city, 'Springfield 249');
  assert.equal(page(6).rows.length, 0);
  // the route edited down to 3 rows: the index swaps its rows whole, the next search sees only those
  big.set(r.id, { ...r, data: { ...r.data, rows: r.data.rows.slice(0, 3) } } as Route);
  assert.deepEqual([page(1).total, page(1).truncated], [3, false]);
  big.set(r.id, null);
  assert.equal(page(1).total, 0);
});
