import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, Role, type RoleNumber } from '@portal/contracts';
import { DISPATCH, mapIdOf } from '@portal/contracts/dispatch';
import { demoEmail, startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { RouteMap } from '../../src/models/map.js';
import { stopOrderOf } from '../../src/domain/maps/stop-order.js';
import { NOT_YOUR_ROUTE } from '../../src/domain/maps/access.js';
import { ReadOrderModel } from '../../src/readmodels/orders.js';
import { ReadDriverModel } from '../../src/readmodels/fleet.js';
import { MAPS_POLICY } from '../policy/maps.js';
import { startGeoStub } from '../domain/maps-geo-stub.js';

let app: FastifyInstance;
let stub: Awaited<ReturnType<typeof startGeoStub>>;
before(async () => {
  stub = await startGeoStub();
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_maps_test',
    CONSUMER_SUFFIX: `m${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    QUEUE_PREFIX: 'portal-routing-maps-test',
    ROUTING_DISPATCH_FEED: 'off',
    GEOCODER_URL: stub.url,
    DIRECTIONS_URL: stub.url,
    GEO_TIMEOUT_MS: 500,
    MAP_TILES_URL: 'https://tiles.example/{z}/{x}/{y}.png',
  });
  await Promise.all([RouteMap.deleteMany({}), ReadOrderModel.deleteMany({}), ReadDriverModel.deleteMany({})]);
  // the demo driver drives the delivery of o1 on maproute1 and the pickup of p1 on maproute4 (read models seeded)
  const sub = JSON.parse(
    Buffer.from((await tokenFor(Role.Driver)).split('.')[1]!, 'base64url').toString(),
  ).sub;
  await ReadDriverModel.create({
    _id: 'drv-maps',
    name: 'Dan Driver',
    email: demoEmail(Role.Driver),
    userId: sub,
    asOf: new Date(),
  });
  await ReadDriverModel.create({
    _id: 'drv-other',
    name: 'Other',
    email: 'other@x.test',
    userId: 'someone',
    asOf: new Date(),
  });
  const order = (id: string, facts: object, days: object) =>
    ReadOrderModel.create({
      _id: id,
      orderId: id,
      facts: { route: '', pickupRoute: '', pickupDriver: '', deliveryDriver: '', ...facts },
      ...days,
      days: Object.values(days),
    });
  await order(
    'o1',
    { route: 'maproute1', deliveryDriver: 'drv-maps' },
    { deliveryDay: '2026-11-24', pickupDay: '' },
  );
  await order(
    'p1',
    { route: 'maproute9', pickupRoute: 'maproute4', pickupDriver: 'drv-maps', deliveryDriver: 'drv-other' },
    { deliveryDay: '2026-11-25', pickupDay: '2026-11-24' },
  );
  await order(
    'q1',
    { route: 'maproute5', deliveryDriver: 'drv-other' },
    { deliveryDay: '2026-11-24', pickupDay: '' },
  );
});
after(async () => {
  await app?.close();
  await stub?.close();
});

const call = async (role: RoleNumber | null, url: string, body?: object) => {
  const res = await app.inject({
    method: body ? 'POST' : 'GET',
    url,
    headers: role === null ? {} : { authorization: `Bearer ${await tokenFor(role)}` },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, json: res.json() };
};
const stop = (orderId: string, order: number, deleted = false) => ({
  address: `${orderId} Main St, Trenton, NJ 08608`,
  name: `Dispensary ${orderId}`,
  deleted,
  order,
  orderId,
  zip: '08608',
});
const ID = mapIdOf('maproute1', '2026-11-24');

test('the maps routes: staff and drivers pass, companies are refused, anonymous is 401', async () => {
  for (const [key, rule] of Object.entries(MAPS_POLICY)) {
    const [method, path] = key.split(' ');
    const url = path!.replace(':id', ID);
    const body = method === 'POST' ? {} : undefined;
    assert.equal((await call(null, url, body)).status, 401, `${key} anonymous`);
    for (const role of ALL_ROLES) {
      const { status } = await call(role, url, body);
      if ((rule as number[]).includes(role))
        assert.ok(![401, 403].includes(status), `${key} role ${role} → ${status}`);
      else assert.equal(status, 403, `${key} role ${role}`);
    }
  }
});

test('a map never saved reads as empty; saved, it reads back in order with deleted flags; the last save wins', async () => {
  assert.deepEqual((await call(Role.Driver, `/api/maps/${ID}`)).json, {
    data: { id: ID, data: { addresses: [] } },
  });
  assert.equal(await stopOrderOf('maproute1', '2026-11-24'), null);
  const saved = await call(Role.Admin, '/api/maps/update', {
    id: ID,
    data: { addresses: [stop('o1', 2), stop('o2', 0, true), stop('o3', 1)] },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.json));
  const read = await call(Role.Driver, `/api/maps/${ID}`);
  assert.deepEqual(
    read.json.data.data.addresses.map((a: { orderId: string; order: number; deleted: boolean }) => [
      a.orderId,
      a.order,
      a.deleted,
    ]),
    [
      ['o2', 0, true],
      ['o3', 1, false],
      ['o1', 2, false],
    ],
  );
  assert.equal(read.json.data.data.addresses[1].name, 'Dispensary o3');
  assert.ok(read.json.data.lastUpdated);
  assert.deepEqual(await stopOrderOf('maproute1', '2026-11-24'), ['o3', 'o1']);
  // a driver reorders and restores: their save replaces the list
  const again = await call(Role.Driver, '/api/maps/update', {
    id: ID,
    data: { addresses: [stop('o1', 0), stop('o2', 1), stop('o3', 2)] },
  });
  assert.equal(again.status, 200);
  assert.deepEqual(await stopOrderOf('maproute1', '2026-11-24'), ['o1', 'o2', 'o3']);
  // the spec's four fields alone are a valid stop
  const bare = await call(Role.SuperAdmin, '/api/maps/update', {
    id: mapIdOf('maproute2', '2026-11-24'),
    data: { addresses: [{ address: '1 Main St', name: 'A', deleted: false, order: 0 }] },
  });
  assert.equal(bare.status, 200);
  assert.deepEqual(await stopOrderOf('maproute2', '2026-11-24'), []);
});

test('a driver opens and saves only maps of a route and day where they drive an order; staff open every map', async () => {
  const mine = [mapIdOf('maproute1', '2026-11-24'), mapIdOf('maproute4', '2026-11-24')];
  const notMine = [
    mapIdOf('maproute5', '2026-11-24'), // another driver's route
    mapIdOf('maproute1', '2026-11-25'), // their route, another day
    mapIdOf('maproute9', '2026-11-25'), // p1's delivery leg is the other driver's
    mapIdOf('maproute4', '2026-11-25'),
  ];
  for (const id of mine) {
    assert.equal((await call(Role.Driver, `/api/maps/${id}`)).status, 200, id);
    assert.equal(
      (await call(Role.Driver, '/api/maps/update', { id, data: { addresses: [stop('o1', 0)] } })).status,
      200,
    );
  }
  for (const id of notMine) {
    const read = await call(Role.Driver, `/api/maps/${id}`);
    assert.deepEqual([read.status, read.json.message ?? read.json.detail], [403, NOT_YOUR_ROUTE], id);
    const write = await call(Role.Driver, '/api/maps/update', { id, data: { addresses: [stop('o1', 0)] } });
    assert.equal(write.status, 403, id);
    assert.equal(await RouteMap.findById(id), null);
    for (const staff of [Role.Admin, Role.SuperAdmin])
      assert.equal((await call(staff, `/api/maps/${id}`)).status, 200);
  }
  // the schedule's "No route" group (route id '') has a map too
  assert.equal((await call(Role.Admin, `/api/maps/${mapIdOf('', '2026-11-24')}`)).status, 200);
});

test("a driver's save keeps the stops of other drivers where staff put them", async () => {
  const id = mapIdOf('maproute1', '2026-11-24');
  const staff = await call(Role.Admin, '/api/maps/update', {
    id,
    data: { addresses: [stop('q9', 0), stop('o1', 1), stop('q8', 2), stop('o7', 3)] },
  });
  assert.equal(staff.status, 200);
  // the driver sees o1 and o7 only (their orders): they put o7 first and remove o1
  const drv = await call(Role.Driver, '/api/maps/update', {
    id,
    data: { addresses: [stop('o7', 0), stop('o1', 1, true)] },
  });
  assert.equal(drv.status, 200, JSON.stringify(drv.json));
  assert.deepEqual(
    drv.json.data.data.addresses.map((a: { orderId: string; deleted: boolean }) => [a.orderId, a.deleted]),
    [
      ['q9', false],
      ['o7', false],
      ['q8', false],
      ['o1', true],
    ],
  );
  assert.deepEqual(await stopOrderOf('maproute1', '2026-11-24'), ['q9', 'o7', 'q8']);
});

test('bad input: 400 with a clear message, nothing written', async () => {
  const bad = async (body: object, message: RegExp) => {
    const res = await call(Role.Admin, '/api/maps/update', body);
    assert.equal(res.status, 400, JSON.stringify(res.json));
    assert.match(res.json.message ?? res.json.detail, message);
  };
  const id = mapIdOf('maproute3', '2026-11-25');
  await bad({ id: 'nope', data: { addresses: [] } }, /A map id is \{routeId\}_\{YYYY-MM-DD\}\./);
  await bad({ id: mapIdOf('r', '2026-02-30'), data: { addresses: [] } }, /A map id is/);
  await bad({ id, data: { addresses: [stop('a', 0), stop('a', 1)] } }, /Stop a is in the list twice\./);
  await bad({ id, data: { addresses: [{ ...stop('a', 0), order: -1 }] } }, /order must be a whole number/);
  await bad(
    { id, data: { addresses: [{ ...stop('a', 0), deleted: 'yes' }] } },
    /deleted must be true or false/,
  );
  await bad({ id }, /data/);
  assert.equal((await call(Role.Admin, '/api/maps/not-an-id')).status, 400);
  assert.equal(await RouteMap.findById(id), null);
});

test('geocode and directions through the configured services; config names the tiles and zoom', async () => {
  const g = await call(Role.Driver, '/api/maps/geocode', {
    stops: [
      { address: '1 Main St, Trenton, NJ 08608', zip: '08608' },
      { address: '2 Elm St, Newark, NJ 07102', zip: '07102' },
      { address: 'Nowhere', zip: '99999' },
    ],
  });
  assert.equal(g.status, 200, JSON.stringify(g.json));
  const [a, b, c] = g.json.data.points;
  assert.deepEqual(a, { lat: 40.2206, lon: -74.7597, precision: 'address' });
  assert.equal(b.precision, 'zip');
  assert.equal(c, null);
  const d = await call(Role.Admin, '/api/maps/directions', { points: [a, b] });
  assert.deepEqual([d.status, d.json.data.source, d.json.data.distance], [200, 'router', 12346]);
  const one = await call(Role.Admin, '/api/maps/directions', { points: [a] });
  assert.equal(one.status, 400);
  assert.match(one.json.message ?? one.json.detail, /points must be a list of 2 to/);
  const cfg = await call(Role.Admin, '/api/maps/config');
  assert.deepEqual(cfg.json.data, {
    tilesUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    tilesAttribution: '',
    zoom: DISPATCH.mapZoom,
  });
});
