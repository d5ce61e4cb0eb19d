import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGeocoder, zipCentroid } from '../../src/adapters/geocode.js';
import { createDirections, straightDirections } from '../../src/adapters/directions.js';
import { haversineM } from '../../src/adapters/geo.js';
import { startGeoStub } from './maps-geo-stub.js';

let stub: Awaited<ReturnType<typeof startGeoStub>>;
before(async () => {
  stub = await startGeoStub();
});
after(() => stub.close());

test('offline: zip centroids from the shipped data set (ZIP+4 cut), null for unknown zips', async () => {
  const trenton = zipCentroid('08608-1234')!;
  assert.ok(
    Math.abs(trenton.lat - 40.22) < 0.1 && Math.abs(trenton.lon + 74.76) < 0.1,
    JSON.stringify(trenton),
  );
  assert.equal(zipCentroid('00000'), null);
  assert.equal(zipCentroid('abc'), null);
  const geocode = createGeocoder({ url: '', timeoutMs: 500, concurrency: 1 });
  const [a, b] = await geocode([
    { address: '1 Main St', zip: '10001' },
    { address: 'Nowhere', zip: '99999' },
  ]);
  assert.equal(a!.precision, 'zip');
  assert.ok(Math.abs(a!.lat - 40.75) < 0.05);
  assert.equal(b, null);
});

test('haversine: New York → Philadelphia about 130 km', () => {
  const d = haversineM({ lat: 40.7128, lon: -74.006 }, { lat: 39.9526, lon: -75.1652 });
  assert.ok(d > 125_000 && d < 135_000, String(d));
});

test('geocoder URL: the street address from the API, else the zip centroid; cached; timeouts fall back', async () => {
  // A stub that answers must not lose to a busy machine's scheduler; only the hanging stub meets the short timeout.
  const geocode = createGeocoder({ url: stub.url + '/', timeoutMs: 10_000, concurrency: 2 });
  const impatient = createGeocoder({ url: stub.url + '/', timeoutMs: 300, concurrency: 2 });
  stub.state.mode = 'ok';
  const stops = [
    { address: '1 Main St, Trenton, NJ 08608', zip: '08608' },
    { address: '5 Unknown Rd, Newark, NJ 07102', zip: '07102' },
  ];
  const [hit, miss] = await geocode(stops);
  assert.deepEqual(hit, { lat: 40.2206, lon: -74.7597, precision: 'address' });
  assert.equal(miss!.precision, 'zip');
  const q = stub.calls.find((c) => c.startsWith('/search'))!;
  assert.match(q, /format=jsonv2/);
  assert.match(q, /countrycodes=us/);
  const before = stub.calls.length;
  await geocode(stops); // cached
  assert.equal(stub.calls.length, before);
  stub.state.mode = 'hang';
  const t0 = Date.now();
  const [late] = await impatient([{ address: '9 Slow Ln, Trenton, NJ', zip: '08608' }]);
  assert.ok(Date.now() - t0 < 2000, 'the timeout fired');
  assert.equal(late!.precision, 'zip');
  stub.state.mode = '500';
  assert.equal((await impatient([{ address: '10 Err St', zip: '08608' }]))[0]!.precision, 'zip');
  stub.state.mode = 'ok';
});

test('directions: the router line, else straight segments at the assumed speed', async () => {
  const pts = [
    { lat: 40.2206, lon: -74.7597 },
    { lat: 40.7357, lon: -74.1724 },
    { lat: 40.7128, lon: -74.006 },
  ];
  const straight = straightDirections(pts, 60);
  assert.equal(straight.source, 'straight');
  assert.deepEqual(straight.line[0], [-74.7597, 40.2206]);
  const legs = haversineM(pts[0]!, pts[1]!) + haversineM(pts[1]!, pts[2]!);
  assert.equal(straight.distance, Math.round(legs));
  assert.equal(straight.duration, Math.round(legs / (60_000 / 3600)));

  stub.state.mode = 'ok';
  const routed = await createDirections({ url: stub.url, timeoutMs: 10_000, speedKmh: 60 })(pts);
  assert.deepEqual(
    [routed.source, routed.distance, routed.duration, routed.line.length],
    ['router', 12346, 987, 5],
  );
  assert.ok(
    stub.calls.some(
      (c) => c.startsWith('/route/v1/driving/-74.759700,40.220600;') && c.includes('geometries=geojson'),
    ),
  );
  for (const mode of ['500', 'hang', 'empty'] as const) {
    stub.state.mode = mode;
    const d = await createDirections({ url: stub.url, timeoutMs: 300, speedKmh: 60 })(pts);
    assert.equal(d.source, 'straight', mode);
    assert.equal(d.distance, straight.distance);
  }
  stub.state.mode = 'ok';
});
