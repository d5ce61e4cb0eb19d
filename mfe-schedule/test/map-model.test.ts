// The route map's pure parts: the suggest-order algorithm (nearest neighbour + 2-opt), merging a saved map with the
// schedule's stops, the Google Maps link, marker numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { haversine, pathLength, suggestOrder } from '../src/map/suggest.js';
import { googleMapsUrl, mergeStops, move, numbersOf, spreadSame, toAddresses } from '../src/map/model.js';

const line = (lons: number[]) => lons.map((lon) => ({ lat: 0, lon }));

test('suggest: stops on a line come out in line order, first stop kept first', () => {
  const s = suggestOrder(line([0, 3, 1, 4, 2]));
  assert.deepEqual(s.order, [0, 2, 4, 1, 3]);
  assert.ok(s.after < s.before);
  assert.ok(Math.abs(s.after - haversine({ lat: 0, lon: 0 }, { lat: 0, lon: 4 })) < 1);
});

test('suggest: 2-opt removes the crossing nearest neighbour leaves', () => {
  // nearest neighbour from A goes to the near cluster first and must come back across; 2-opt fixes crossings
  const pts = [
    { lat: 0, lon: 0 },
    { lat: 0, lon: 1 },
    { lat: 1, lon: 1 },
    { lat: 1, lon: 0 },
    { lat: 0.5, lon: 0.1 },
    { lat: 0.1, lon: 0.5 },
  ];
  const s = suggestOrder(pts);
  const d = (i: number, j: number) => haversine(pts[i]!, pts[j]!);
  // no improving 2-opt move remains
  for (let i = 1; i < pts.length - 1; i++)
    for (let k = i + 1; k < pts.length; k++) {
      const o = s.order;
      const flipped = [...o.slice(0, i), ...o.slice(i, k + 1).reverse(), ...o.slice(k + 1)];
      assert.ok(pathLength(flipped, d) >= s.after - 1e-6, `2-opt (${i}, ${k}) would shorten`);
    }
  assert.equal(s.order[0], 0);
  assert.deepEqual([...s.order].sort(), [0, 1, 2, 3, 4, 5]);
});

test('suggest: never longer than the current order; fewer than 3 stops unchanged', () => {
  const best = line([0, 1, 2, 3]);
  assert.deepEqual(suggestOrder(best).order, [0, 1, 2, 3]);
  assert.deepEqual(suggestOrder(line([0, 5])).order, [0, 1]);
  // random sets: the proposal is a permutation no longer than the input
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let t = 0; t < 20; t++) {
    const pts = Array.from({ length: 30 }, () => ({ lat: 39 + rnd(), lon: -75 + rnd() }));
    const s = suggestOrder(pts);
    assert.equal(new Set(s.order).size, 30);
    assert.ok(s.after <= s.before);
  }
});

test('suggest: 200 stops in well under a second', () => {
  const pts = Array.from({ length: 200 }, (_, i) => ({
    lat: 39 + ((i * 37) % 100) / 100,
    lon: -75 + ((i * 53) % 100) / 100,
  }));
  const t0 = performance.now();
  suggestOrder(pts);
  assert.ok(performance.now() - t0 < 1000);
});

const stop = (orderId: string) => ({
  orderId,
  name: `N ${orderId}`,
  address: `${orderId} Main St, Trenton`,
  zip: '08608',
});

test('merge: the saved order and deleted flags win; new stops appended; gone stops dropped', () => {
  const saved = toAddresses(
    mergeStops([stop('c'), stop('a'), stop('x')], []).map((s) =>
      s.orderId === 'a' ? { ...s, deleted: true } : s,
    ),
  );
  const merged = mergeStops([stop('a'), stop('b'), stop('c')], saved);
  assert.deepEqual(
    merged.map((s) => [s.orderId, s.deleted]),
    [
      ['c', false],
      ['a', true],
      ['b', false],
    ],
  );
  assert.deepEqual(numbersOf(merged), [1, null, 2]);
  assert.deepEqual(move(['a', 'b', 'c'], 2, 0), ['c', 'a', 'b']);
  assert.deepEqual(move(['a', 'b'], 1, 5), ['a', 'b']);
});

test('Google Maps: origin, waypoints and destination of the kept stops, driving', () => {
  const stops = mergeStops([stop('a'), stop('b'), stop('c'), stop('d')], []);
  stops[2]!.deleted = true;
  const url = new URL(googleMapsUrl(stops)!);
  assert.equal(url.origin + url.pathname, 'https://www.google.com/maps/dir/');
  assert.equal(url.searchParams.get('api'), '1');
  assert.equal(url.searchParams.get('origin'), 'a Main St, Trenton 08608');
  assert.equal(url.searchParams.get('waypoints'), 'b Main St, Trenton 08608');
  assert.equal(url.searchParams.get('destination'), 'd Main St, Trenton 08608');
  assert.equal(url.searchParams.get('travelmode'), 'driving');
  assert.equal(googleMapsUrl(stops.map((s) => ({ ...s, deleted: true }))), null);
});

test('markers at one position are spread around it; lone ones stay put', () => {
  const pts = [
    { k: 'a', lat: 40.22, lon: -74.76 },
    { k: 'b', lat: 40.22, lon: -74.76 },
    { k: 'c', lat: 40.22, lon: -74.76 },
    { k: 'd', lat: 40.35, lon: -74.66 },
  ];
  const out = spreadSame(pts);
  assert.deepEqual(out[3], pts[3]);
  const keys = new Set(out.slice(0, 3).map((p) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`));
  assert.equal(keys.size, 3);
  for (const p of out.slice(0, 3)) {
    const d = haversine(p, pts[0]!);
    assert.ok(d > 50 && d < 400, String(d));
  }
  assert.deepEqual(
    out.map((p) => p.k),
    ['a', 'b', 'c', 'd'],
  );
});
