import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advanceBaseline, affectedDrivers, diffDays, type Days } from '../../src/domain/weekly/changes.js';

const e = (driver: string, route?: string, vehicle?: string, misc = {}) => ({ driver, route, vehicle, misc });

/** Table: before, after → the net changes (driver, day, before, after). */
const TABLE: {
  name: string;
  before: Days;
  after: Days;
  want: [string, number, object | null, object | null][];
}[] = [
  { name: 'nothing scheduled', before: {}, after: {}, want: [] },
  {
    name: 'a driver added on Monday',
    before: {},
    after: { '1': [e('d1', 'r1', 'v1')] },
    want: [['d1', 1, null, { route: 'r1', vehicle: 'v1' }]],
  },
  {
    name: 'a driver taken off Tuesday',
    before: { '2': [e('d1', 'r1')] },
    after: { '2': [] },
    want: [['d1', 2, { route: 'r1' }, null]],
  },
  {
    name: 'route changed',
    before: { '3': [e('d1', 'r1', 'v1')] },
    after: { '3': [e('d1', 'r2', 'v1')] },
    want: [['d1', 3, { route: 'r1', vehicle: 'v1' }, { route: 'r2', vehicle: 'v1' }]],
  },
  {
    name: 'vehicle changed',
    before: { '4': [e('d1', 'r1', 'v1')] },
    after: { '4': [e('d1', 'r1', 'v2')] },
    want: [['d1', 4, { route: 'r1', vehicle: 'v1' }, { route: 'r1', vehicle: 'v2' }]],
  },
  {
    name: 'the driver of a cell changed: both drivers are affected',
    before: { '5': [e('d1', 'r1', 'v1')] },
    after: { '5': [e('d2', 'r1', 'v1')] },
    want: [
      ['d1', 5, { route: 'r1', vehicle: 'v1' }, null],
      ['d2', 5, null, { route: 'r1', vehicle: 'v1' }],
    ],
  },
  {
    name: 'changed back to the original: cancels out',
    before: { '1': [e('d1', 'r1', 'v1')] },
    after: { '1': [e('d1', 'r1', 'v1')] },
    want: [],
  },
  {
    name: 'extras (notes, flags) and entry order are not changes; empty strings equal missing',
    before: { '1': [e('d1', 'r1', ''), e('d2', 'r2')] },
    after: {
      '1': [e('d2', 'r2', undefined, { notes: 'late' }), e('d1', 'r1', undefined, { cancelled: true })],
    },
    want: [],
  },
  {
    name: 'a driver moved from Monday to Wednesday',
    before: { '1': [e('d1', 'r1')] },
    after: { '3': [e('d1', 'r1')] },
    want: [
      ['d1', 1, { route: 'r1' }, null],
      ['d1', 3, null, { route: 'r1' }],
    ],
  },
];

for (const row of TABLE) {
  test(`diffDays: ${row.name}`, () => {
    const got = diffDays(row.before, row.after).map((c) => [c.driverId, c.day, c.before, c.after]);
    assert.deepEqual(got, row.want);
  });
}

test('a change made then reverted over several saves is no net change against the notified baseline', () => {
  const baseline: Days = { '1': [e('d1', 'r1', 'v1')] };
  const save1: Days = { '1': [e('d1', 'r2', 'v1')] };
  assert.equal(diffDays(baseline, save1).length, 1);
  const save2: Days = { '1': [e('d1', 'r1', 'v1')] };
  assert.deepEqual(diffDays(baseline, save2), []);
});

test('advanceBaseline: only the notified drivers are up to date; the others stay pending', () => {
  const baseline: Days = { '1': [e('d1', 'r1'), e('d2', 'r2')] };
  const current: Days = { '1': [e('d1', 'r9'), e('d2', 'r8')], '2': [e('d3', 'r3')] };
  const next = advanceBaseline(baseline, current, ['d1', 'd3']);
  const pending = diffDays(next, current);
  assert.deepEqual(affectedDrivers(pending), ['d2']);
  assert.deepEqual(affectedDrivers(diffDays(baseline, current)), ['d1', 'd2', 'd3']);
  assert.deepEqual(diffDays(advanceBaseline(next, current, ['d2']), current), []);
});
