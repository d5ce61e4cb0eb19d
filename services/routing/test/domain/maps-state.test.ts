import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergePartial, normalizeStops, parseMapId } from '../../src/domain/maps/state.js';

test('map ids: {routeId}_{YYYY-MM-DD} with a real day', () => {
  assert.deepEqual(parseMapId('64f0a1b2c3d4e5f601234567_2026-11-23'), {
    routeId: '64f0a1b2c3d4e5f601234567',
    day: '2026-11-23',
  });
  assert.deepEqual(parseMapId('__utility__abc_2026-02-28'), { routeId: '__utility__abc', day: '2026-02-28' });
  assert.deepEqual(parseMapId('_2026-01-01'), { routeId: '', day: '2026-01-01' }); // the "No route" group
  for (const bad of ['x', 'r_2026-02-30', 'r_2026-13-01', '2026-01-01', 'r/../x_2026-01-01', 'r_26-01-01'])
    assert.equal(parseMapId(bad), null, bad);
});

test('stops are kept sorted by order, renumbered, trimmed; an order id twice is refused', () => {
  const s = (orderId: string, order: number, deleted = false) => ({
    address: ` ${orderId} St `,
    name: orderId,
    deleted,
    order,
    orderId,
  });
  const out = normalizeStops([s('a', 7), s('b', 2, true), s('c', 2), s('d', 0)]);
  assert.deepEqual(
    out.map((a) => [a.orderId, a.order, a.deleted, a.address]),
    [
      ['d', 0, false, 'd St'],
      ['b', 1, true, 'b St'],
      ['c', 2, false, 'c St'],
      ['a', 3, false, 'a St'],
    ],
  );
  assert.throws(() => normalizeStops([s('a', 0), s('a', 1)]), /Stop a is in the list twice\./);
});

test("a driver's partial list fills their own slots; others' stops stay; their new stops are appended", () => {
  const a = (orderId: string, order: number, deleted = false) => ({
    address: orderId,
    name: orderId,
    deleted,
    order,
    orderId,
  });
  // saved: x1 m1 x2 m2 (m* are the driver's); the driver sends m2, m1 (m1 removed) and a new m3
  const saved = [a('x1', 0), a('m1', 1), a('x2', 2), a('m2', 3)];
  const out = mergePartial(saved, [a('m2', 0), a('m1', 1, true), a('m3', 2)]);
  assert.deepEqual(
    out.map((s) => [s.orderId, s.order, s.deleted]),
    [
      ['x1', 0, false],
      ['m2', 1, false],
      ['x2', 2, false],
      ['m1', 3, true],
      ['m3', 4, false],
    ],
  );
  assert.deepEqual(
    mergePartial([], [a('m1', 0)]).map((s) => s.orderId),
    ['m1'],
  );
});
