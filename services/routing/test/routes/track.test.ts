import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, OrderStatus, type OrderFacts, type RoleNumber } from '@portal/contracts';
import { DISPATCH, DispatchMessages, mapIdOf } from '@portal/contracts/dispatch';
import { DEV_TRACKING_SECRET, signTrackingToken } from '@portal/service-kit';
import { startService, tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { ReadOrderModel, applyOrder } from '../../src/readmodels/orders.js';
import { RouteMap } from '../../src/models/map.js';

/**
 * GET /api/track/:token against the real stack (own database; read-model orders written the way the orders feed
 * writes them): stop k of n, the saved map order, delivered, and one 404 with nothing but the spec's words for an
 * expired, tampered, foreign-secret or revoked link. Public: every role and a visitor see the same one order.
 */
const SECRET = process.env.TRACKING_SECRET || DEV_TRACKING_SECRET;
const LIMIT = 30;
let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, {
    MONGO_DB: 'portal_routing_public_track_test',
    TRACKING_SECRET: SECRET,
    RATE_LIMIT_READ_MAX: LIMIT,
  });
  await ReadOrderModel.deleteMany({});
  await RouteMap.deleteMany({});
});
after(() => app?.close());

const ip = () => `10.${[...randomBytes(3)].join('.')}`;
const track = async (token: string, role: RoleNumber | null = null, remoteAddress = ip()) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/track/${encodeURIComponent(token)}`,
    remoteAddress,
    headers: role === null ? {} : { authorization: `Bearer ${await tokenFor(role)}` },
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
};
const tokenOf = (id: string, exp = Date.now() + DISPATCH.trackingTtlMs, secret = SECRET) =>
  signTrackingToken({ orderId: id, exp }, secret);

const DAY = '2026-11-25';
const ROUTE = `trk-${randomBytes(3).toString('hex')}`;
let version = 0;
const facts = (f: Partial<OrderFacts> = {}): OrderFacts => ({
  version: ++version,
  updatedAt: new Date().toISOString(),
  deleted: 0,
  companyKeys: ['company-a'],
  route: ROUTE,
  pickupRoute: '',
  pickupType: '',
  pickupDriver: '',
  deliveryDriver: '',
  weight: '1',
  notes: 'secret note',
  billingNotes: '',
  checkedin: false,
  checkedout: false,
  hasManifest: false,
  manifestSigned: false,
  pickupAddress: { name: 'V', street: '1 A St', city: 'Trenton', zip: '08601' },
  destAddress: { name: 'D', street: '2 B St', city: 'Trenton', zip: '08601' },
  createdBy: 'u1',
  ...f,
});
const put = (n: number, status: number, f: Partial<OrderFacts> = {}) =>
  applyOrder({
    id: `trkdb${n}`,
    orderId: `T-${1000 + n}`,
    status,
    orderType: 'layover',
    orderDef: 'ext',
    pickupLN: 'P-1',
    destinationLN: 'D-1',
    vendorName: 'Vendor',
    destName: `Receiver ${n}`,
    deliveryDate: `${DAY}T12:00:00.000Z`,
    facts: facts(f),
  });

test('in transit: "stop k of n" among the route’s deliveries that day; a saved map order is followed', async () => {
  for (const n of [1, 2, 3, 4]) await put(n, OrderStatus.inTransit);
  await put(5, OrderStatus.inTransit, { route: 'another-route' });
  const res = await track(tokenOf('trkdb3'));
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.deepEqual(res.json.data, {
    orderId: 'T-1003',
    destName: 'Receiver 3',
    state: 'out-for-delivery',
    stop: { k: 3, n: 4 },
    window: { day: DAY },
  });
  assert.doesNotMatch(
    JSON.stringify(res.json),
    /secret note|company-a|Receiver 1|T-1001/,
    'nothing of other orders',
  );
  await RouteMap.create({
    _id: mapIdOf(ROUTE, DAY),
    lastUpdated: new Date(),
    addresses: ['trkdb3', 'trkdb1', 'trkdb4', 'trkdb2'].map((orderId, order) => ({
      orderId,
      order,
      name: '',
      address: '',
    })),
  });
  assert.deepEqual((await track(tokenOf('trkdb3'))).json.data.stop, { k: 1, n: 4 });
  assert.deepEqual((await track(tokenOf('trkdb2'))).json.data.stop, { k: 4, n: 4 });
});

test('public: every role and a visitor get the same one order (the link is the authority)', async () => {
  const t = tokenOf('trkdb1');
  const visitor = await track(t);
  for (const role of ALL_ROLES) assert.deepEqual((await track(t, role)).json, visitor.json, `role ${role}`);
});

test('delivered: the time and the signer’s name', async () => {
  await put(3, OrderStatus.delivered, { deliveredAt: '2026-11-25T15:04:00.000Z', signedBy: 'Pat Receiver' });
  const res = await track(tokenOf('trkdb3'));
  assert.deepEqual(res.json.data, {
    orderId: 'T-1003',
    destName: 'Receiver 3',
    state: 'delivered',
    window: { day: DAY },
    delivered: { at: '2026-11-25T15:04:00.000Z', name: 'Pat Receiver' },
  });
});

test('expired, tampered, another secret, unknown, deleted or cancelled: 404 with the spec’s words and nothing else', async () => {
  const good = tokenOf('trkdb4');
  const [p, payload, sig] = good.split('.');
  const tampered = `${p}.${Buffer.from(JSON.stringify({ o: 'trkdb1', e: Date.now() + 1e9 })).toString('base64url')}.${sig}`;
  const gone = async (token: string, why: string) => {
    const res = await track(token);
    assert.equal(res.status, 404, why);
    assert.equal(res.json.message, DispatchMessages.trackingGone, why);
    assert.doesNotMatch(JSON.stringify(res.json), /T-10|Receiver|trkdb/, `${why}: nothing about the order`);
  };
  assert.equal((await track(good)).status, 200);
  await gone(tokenOf('trkdb4', Date.now() - 2000), 'expired');
  await gone(tampered, 'payload swapped');
  await gone(`${p}.${payload}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`, 'signature changed');
  await gone(tokenOf('trkdb4', undefined, 'some-other-secret-value'), 'another secret');
  await gone(tokenOf('trkdb999'), 'unknown order');
  await gone('not-a-token', 'junk');
  await put(4, OrderStatus.inTransit, { deleted: 1 });
  await gone(good, 'order deleted');
  await put(2, OrderStatus.cancelled);
  await gone(tokenOf('trkdb2'), 'order cancelled');
});

test(`rate limit: ${LIMIT} lookups a window per client, then 429`, async () => {
  const client = ip();
  for (let i = 0; i < LIMIT; i++) await track('not-a-token', null, client);
  const over = await track('not-a-token', null, client);
  assert.equal(over.status, 429);
  assert.ok(Number(over.headers['retry-after']) > 0);
});
