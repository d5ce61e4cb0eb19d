// The Metrc stub (deploy/local/metrc-stub), the stand-in for the state track-and-trace transfers API that orders'
// Sync Manifests calls: its API contract over HTTP (Basic auth, the 24-hour window, the three transfer calls), its
// control calls and modes (slow, failing, rate-limited with Retry-After), the demo data derived from orders, and the
// stack's own copy answering on METRC_STUB_PORT (stack.sh component `metrc`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startMetrcStub, type MetrcStub } from '../local/metrc-stub/server.mjs';
import { transfersFromOrders } from '../local/metrc-stub/data.mjs';

let stub: MetrcStub;
const AUTH = { authorization: `Basic ${Buffer.from('vendor:user').toString('base64')}` };
const get = (path: string, headers: Record<string, string> = AUTH) =>
  fetch(`${stub.url}${path}`, { headers });
const control = (path: string, method: string, body?: object) =>
  fetch(`${stub.url}/__stub/${path}`, { method, body: body ? JSON.stringify(body) : undefined });

before(async () => {
  stub = await startMetrcStub({
    port: 0,
    mongoUrl: '',
    transfers: [
      {
        manifestNo: 'M-1',
        shipper: 'L-A',
        recipient: 'L-B',
        packages: ['Accepted', 'Rejected'],
        state: 'partial',
        lastModified: '2026-11-20T09:00:00Z',
      },
    ],
  });
});
after(() => stub?.close());

test('the three transfer calls, with Basic auth and the 24-hour window', async () => {
  assert.equal((await get('/transfers/v1/outgoing?licenseNumber=L-A', {})).status, 401);
  const wide = await get(
    '/transfers/v1/outgoing?licenseNumber=L-A&lastModifiedStart=2026-11-19T00:00:00Z&lastModifiedEnd=2026-11-21T00:00:00Z',
  );
  assert.equal(wide.status, 400);
  assert.match(JSON.stringify(await wide.json()), /cannot exceed 24 hours/);
  const out = await get(
    '/transfers/v1/outgoing?licenseNumber=L-A&lastModifiedStart=2026-11-20T00:00:00Z&lastModifiedEnd=2026-11-20T23:59:59Z',
  );
  const [t] = (await out.json()) as {
    Id: number;
    ManifestNumber: string;
    PackageCount: number;
    delivery?: unknown;
  }[];
  assert.equal(t!.ManifestNumber, 'M-1');
  assert.equal(t!.PackageCount, 2);
  assert.equal(t!.delivery, undefined, 'the delivery is its own call');
  const [d] = (await (await get(`/transfers/v1/${t!.Id}/deliveries`)).json()) as {
    Id: number;
    RecipientFacilityLicenseNumber: string;
  }[];
  assert.equal(d!.RecipientFacilityLicenseNumber, 'L-B');
  const p = (await (await get(`/transfers/v1/delivery/${d!.Id}/packages`)).json()) as {
    ShipmentPackageState: string;
  }[];
  assert.deepEqual(
    p.map((x) => x.ShipmentPackageState),
    ['Accepted', 'Rejected'],
  );
  assert.equal((await get('/transfers/v1/999/deliveries')).status, 404);
});

test('modes by the control call: failing (500), rate-limited (429 + Retry-After), slow; stats count them', async () => {
  await control('mode', 'POST', { mode: 'failing', failFirst: 1 });
  assert.equal((await get('/transfers/v1/100000/deliveries')).status, 500);
  assert.equal((await get('/transfers/v1/100000/deliveries')).status, 200, 'only the first failed');
  await control('mode', 'POST', { mode: 'rate-limited', burst: 1, retryAfter: 2 });
  assert.equal((await get('/transfers/v1/100000/deliveries')).status, 200);
  const limited = await get('/transfers/v1/100000/deliveries');
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  await control('mode', 'POST', { mode: 'slow', delayMs: 300 });
  const t0 = Date.now();
  assert.equal((await get('/transfers/v1/100000/deliveries')).status, 200);
  assert.ok(Date.now() - t0 >= 280);
  const calls = (await (await control('calls', 'GET')).json()) as { calls: number; mode: { mode: string } };
  assert.equal(calls.calls, 1);
  assert.equal(calls.mode.mode, 'slow');
  await control('mode', 'POST', { mode: 'normal' });
});

test('PUT /__stub/transfers replaces the data set', async () => {
  const r = await control('transfers', 'PUT', {
    transfers: [{ manifestNo: 'M-9', shipper: 'L-Z', recipient: 'L-Y' }],
  });
  assert.deepEqual(await r.json(), { count: 1 });
  stub.setTransfers([
    { manifestNo: 'M-1', shipper: 'L-A', recipient: 'L-B', lastModified: '2026-11-20T09:00:00Z' },
  ]);
});

test('demo data from orders: one transfer per live order with a manifest number, the differences by hash', () => {
  const order = (n: number, over: object = {}) => ({
    orderId: `D-${n}`,
    deleted: 0,
    createdAt: '2026-11-18T10:00:00Z',
    data: {
      order: {
        status: 3,
        pickupLN: 'L-A',
        destinationLN: 'L-B',
        weight: '2',
        pickupDate: '2026-11-19T12:00:00Z',
      },
      billing: { manifest: `M-${n}` },
    },
    ...over,
  });
  const orders = Array.from({ length: 200 }, (_, n) => order(n));
  const t = transfersFromOrders([
    ...orders,
    order(900, { deleted: 1 }),
    { ...order(901), data: { order: { status: 8 }, billing: { manifest: 'X' } } },
  ]);
  assert.ok(t.length < 200 && t.length > 170, `about 1 in 17 missing: ${t.length}`);
  assert.ok(!t.some((x: { manifestNo: string }) => x.manifestNo === 'M-900' || x.manifestNo === 'X'));
  assert.ok(
    t.some((x: { packages: number }) => x.packages === 3),
    'some with one package more',
  );
  assert.ok(
    t.some((x: { recipient: string }) => x.recipient === 'L-B-X'),
    'some with another recipient',
  );
  assert.ok(
    t.some((x: { state: string }) => x.state === 'in-transit'),
    'some delivered still in transit',
  );
  assert.deepEqual(transfersFromOrders(orders), t.slice(0, t.length), 'deterministic');
});

test("the stack's stub answers on METRC_STUB_PORT", async () => {
  const r = await fetch(`http://127.0.0.1:${process.env.METRC_STUB_PORT ?? 8940}/healthz`);
  assert.equal(r.status, 200);
  assert.equal(((await r.json()) as { ok: boolean }).ok, true);
});
