import { test } from 'node:test';
import assert from 'node:assert/strict';
import { affectedNow, isDirty, rowsOf, setEntry, type Days } from '../src/weekly/grid.js';

const e = (driver: string, route = '', vehicle = '', misc = {}) => ({ driver, route, vehicle, misc });
const drivers = [
  { id: 'd1', name: 'Bea' },
  { id: 'd2', name: 'Al' },
  { id: 'd3', name: 'Cy', deleted: true },
];

test('rowsOf: drivers of the week (and added ones) by name; Show All adds every live driver', () => {
  const days: Days = { '1': [e('d1', 'r1')] };
  assert.deepEqual(
    rowsOf(drivers, days, false, []).map((d) => d.id),
    ['d1'],
  );
  assert.deepEqual(
    rowsOf(drivers, days, false, ['d2']).map((d) => d.id),
    ['d2', 'd1'],
  );
  assert.deepEqual(
    rowsOf(drivers, days, true, []).map((d) => d.id),
    ['d2', 'd1'],
  );
  assert.deepEqual(
    rowsOf(drivers, { '2': [e('d3')] }, true, []).map((d) => d.id),
    ['d2', 'd1', 'd3'],
  );
});

test('setEntry and affectedNow: an edit marks the driver; undoing it clears; extras are not changes', () => {
  const loaded: Days = { '1': [e('d1', 'r1', 'v1')] };
  let days = setEntry(loaded, 'd1', '1', e('d1', 'r2', 'v1'));
  assert.deepEqual(affectedNow([], loaded, days), ['d1']);
  days = setEntry(days, 'd1', '1', e('d1', 'r1', 'v1'));
  assert.deepEqual(affectedNow([], loaded, days), []);
  assert.equal(isDirty(loaded, days), false);
  days = setEntry(days, 'd1', '1', e('d1', 'r1', 'v1', { notes: 'x' }));
  assert.deepEqual(affectedNow([], loaded, days), []);
  assert.equal(isDirty(loaded, days), true);
  days = setEntry(days, 'd1', '1', null);
  assert.deepEqual(days, {}, 'a day with nobody left is dropped');
  assert.deepEqual(affectedNow([{ driverId: 'd2', day: 3, before: null, after: {} }], loaded, days), [
    'd2',
    'd1',
  ]);
});
