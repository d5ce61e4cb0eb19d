// POST /api/orders/reconciliation and GET /api/billing/vendors against the real stack, in portal_billing_recon_test:
// projection and name docs are inserted directly (the projection part writes them in production).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role, type RoleNumber } from '@portal/contracts';
import { BillingMessages, lastWeek } from '@portal/contracts/billing';
import { assertUsesIndex, serviceBasics, tokenFor, type StatePolicy } from '@portal/service-kit/testing';
import { NameModel, OrderProjection } from '../../src/readmodels/order-projection.js';
import { ReconPrint } from '../../src/models/recon-print.js';
import { buildApp } from '../../src/app.js';
import { POLICY } from '../policy/index.js';
import { freshLN, projected } from './fixtures.js';
import { RECON_TEST_ENV } from './env.js';
import { seedProjected } from '../helpers/projected.js';

// health, readiness, the route table against the joined POLICY and the role × endpoint matrix
// the account-state columns: a user under review may call none of these routes (only accounts' profile ones)
const STATES: StatePolicy = { allowUnverified: [] };
const app = serviceBasics(buildApp, POLICY, RECON_TEST_ENV, STATES);

const call = async (role: RoleNumber, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app().inject({
    method,
    url,
    headers: { authorization: `Bearer ${await tokenFor(role)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, json: res.json() };
};
const recon = (body: object, role: RoleNumber = Role.Admin) =>
  call(role, 'POST', '/api/orders/reconciliation', body);

const V = freshLN('REC');
const OTHER = freshLN('OTH');
const amounts = ['$1,250.50', '0.1', '0.1', '0.1', '', '19.99'];
before(async () => {
  await NameModel.create(
    [
      {
        _id: `vendor:${V}`,
        kind: 'vendor',
        name: 'Harbor Light Dispensary',
        registered: true,
        updatedAt: '',
      },
      { _id: 'route:r1', kind: 'route', name: 'North Loop', updatedAt: '' },
      { _id: 'route:r2', kind: 'route', name: 'South Loop', updatedAt: '' },
      { _id: 'driver:d1', kind: 'driver', name: 'Dana Driver', updatedAt: '' },
    ].map((n) => ({ ...n })),
  ).catch(() => undefined); // routes and drivers may be there from an earlier run
  await NameModel.updateOne({ _id: 'route:r1' }, { name: 'North Loop' });
  const docs = [
    ...amounts.map((amount, i) =>
      projected(V, i < 3 ? '2026-10-30' : '2026-11-02', {
        route: i === 5 ? 'r2' : 'r1',
        billing: {
          amount,
          amountCents: amountCents(amount),
          method: i === 0 ? 'Cash 12' : 'Net Terms',
          invoice: `INV-${i}`,
        },
      }),
    ),
    projected(V, '2026-11-02', { status: 2, billing: { amount: '500', amountCents: 50000 } }), // in transit: listed
    projected(V, '2026-11-02', { deleted: 1, billing: { amount: '700', amountCents: 70000 } }), // deleted: not listed
    projected(V, '2026-11-02', { status: 8, billing: { amount: '800', amountCents: 80000 } }), // cancelled
    projected(V, '2026-11-09', { billing: { amount: '900', amountCents: 90000 } }), // outside the range
    projected(OTHER, '2026-11-02', { billing: { amount: '1000', amountCents: 100000 } }), // another vendor
  ];
  await seedProjected(docs);
});
function amountCents(a: string) {
  return a === '$1,250.50' ? 125050 : a === '0.1' ? 10 : a === '19.99' ? 1999 : 0;
}
const RANGE = { from: '2026-10-26', to: '2026-11-08' };

test('a vendor over two months: rows, totals to the cent by method and by route, names', async () => {
  const res = await recon({ opts: { vendorLN: V, ...RANGE } }); // the spec's {opts}
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const d = res.json.data;
  assert.deepEqual(d.vendor, {
    licenseNumber: V,
    name: 'Harbor Light Dispensary',
    registered: true,
    mismatch: false,
  });
  assert.equal(
    d.listed,
    7,
    'six counted, one in transit; deleted, cancelled, out of range, other vendor absent',
  );
  assert.equal(d.orders.length, 7);
  assert.equal(d.next, null);
  assert.deepEqual(
    d.orders.map((r: { deliveryDay: string }) => r.deliveryDay),
    ['2026-10-30', '2026-10-30', '2026-10-30', '2026-11-02', '2026-11-02', '2026-11-02', '2026-11-02'],
  );
  const transit = d.orders.find((r: { status: number }) => r.status === 2);
  assert.equal(transit.counted, false);
  assert.equal(d.totals.count, 6);
  assert.equal(d.totals.amountCents, 125050 + 30 + 1999);
  assert.deepEqual(d.totals.byMethod, [
    { method: 'Cash 12', count: 1, amountCents: 125050 },
    { method: 'Net Terms', count: 5, amountCents: 30 + 1999 },
  ]);
  assert.deepEqual(d.totals.byRoute, [
    { route: 'r1', routeName: 'North Loop', count: 5, amountCents: 125050 + 30 },
    { route: 'r2', routeName: 'South Loop', count: 1, amountCents: 1999 },
  ]);
  const first = d.orders[0];
  assert.equal(first.driverName, 'Dana Driver');
  assert.equal(first.amount, '$1,250.50');
  assert.equal(first.invoice, 'INV-0');
});

test('keyset pages: the totals stay those of the whole range', async () => {
  const p1 = (await recon({ vendorLN: V, ...RANGE, limit: 3 })).json.data;
  assert.equal(p1.orders.length, 3);
  assert.ok(p1.next);
  const p2 = (await recon({ vendorLN: V, ...RANGE, limit: 3, after: p1.next })).json.data;
  const p3 = (await recon({ vendorLN: V, ...RANGE, limit: 3, after: p2.next })).json.data;
  assert.equal(p3.next, null);
  const ids = [...p1.orders, ...p2.orders, ...p3.orders].map((r: { id: string }) => r.id);
  assert.equal(new Set(ids).size, 7);
  assert.deepEqual(p3.totals, p1.totals);
});

test('the default range is last week', async () => {
  const d = (await recon({ vendorLN: V })).json.data;
  assert.deepEqual({ from: d.from, to: d.to }, lastWeek());
});

test('bad ranges and an unknown vendor: 4xx with the words, nothing written', async () => {
  const prints = await ReconPrint.countDocuments();
  const cases: [object, number, string][] = [
    [{ vendorLN: V, from: '2026-13-01', to: '2026-12-01' }, 400, BillingMessages.badDate],
    [{ vendorLN: V, from: '11/02/2026', to: '2026-11-08' }, 400, BillingMessages.badDate],
    [{ vendorLN: V, from: '2026-11-08', to: '2026-11-01' }, 400, BillingMessages.badRange],
    [{ vendorLN: V, from: '2025-01-01', to: '2026-01-02' }, 400, BillingMessages.rangeTooLong],
    [{ vendorLN: 'NOBODY-LN-1', ...RANGE }, 404, BillingMessages.unknownVendor],
    [{ ...RANGE }, 400, 'vendorLN is required'],
  ];
  for (const [body, status, message] of cases) {
    for (const [url, m] of [
      ['/api/orders/reconciliation', 'POST'],
      ['/api/billing/recon/print', 'POST'],
      [`/api/billing/invoice?${new URLSearchParams(body as Record<string, string>)}&format=csv`, 'GET'],
    ] as const) {
      const res = await call(Role.Admin, m, url, m === 'POST' ? body : undefined);
      assert.equal(res.status, status, `${url} ${JSON.stringify(body)}`);
      assert.equal(res.json.message, message, url);
    }
  }
  assert.equal(await ReconPrint.countDocuments(), prints, 'no print recorded');
});

test('vendors and drivers are refused on every recon route, whatever the tenant, and nothing is written', async () => {
  const prints = await ReconPrint.countDocuments();
  for (const role of [Role.Driver, Role.AccountAdmin, Role.User]) {
    for (const [m, url, body] of [
      ['POST', '/api/orders/reconciliation', { vendorLN: V, ...RANGE }],
      ['GET', '/api/billing/vendors'],
      ['GET', '/api/billing/compare'],
      ['POST', '/api/billing/recon/print', { vendorLN: V, ...RANGE }],
      ['GET', `/api/billing/invoice?vendorLN=${V}&format=csv`],
    ] as const) {
      const res = await call(role, m, url, body);
      assert.equal(res.status, 403, `${role} ${url}`);
      assert.equal(res.json.message, 'You do not have permission to do this.');
    }
  }
  assert.equal(await ReconPrint.countDocuments(), prints);
  // superadmin reads the same figures as admin
  assert.equal(
    (await recon({ vendorLN: V, ...RANGE }, Role.SuperAdmin)).json.data.totals.amountCents,
    127079,
  );
});

test('the vendor picker: registered only, search, sorted by name, mismatch from the accounting stub', async () => {
  const unreg = freshLN('UNR');
  await NameModel.create([
    {
      _id: `vendor:${unreg}`,
      kind: 'vendor',
      name: 'Aardvark Unregistered',
      registered: false,
      updatedAt: '',
    },
    { _id: `vendor:${unreg}X`, kind: 'vendor', name: 'Zeta Nobody Knows', registered: true, updatedAt: '' },
  ]);
  const all = (await call(Role.Admin, 'GET', `/api/billing/vendors?q=${unreg}`)).json.data;
  assert.deepEqual(
    all.vendors.map((v: { name: string; mismatch?: boolean }) => [v.name, v.mismatch]),
    [
      ['Aardvark Unregistered', false],
      ['Zeta Nobody Knows', true],
    ],
  );
  assert.equal(all.compare, true);
  const reg = (await call(Role.Admin, 'GET', `/api/billing/vendors?registeredOnly=true&q=${unreg}`)).json
    .data;
  assert.deepEqual(
    reg.vendors.map((v: { licenseNumber: string }) => v.licenseNumber),
    [`${unreg}X`],
  );
  const byName = (await call(Role.Admin, 'GET', '/api/billing/vendors?q=harbor light')).json.data.vendors;
  assert.ok(
    byName.some((v: { licenseNumber: string; mismatch: boolean }) => v.licenseNumber === V && !v.mismatch),
  );
});

test('every read reaches the database by vendorMonth equality, index-served', async () => {
  await assertUsesIndex(OrderProjection, { vendorMonth: `${V}|2026-11` }, { _id: 1 });
  await assertUsesIndex(ReconPrint, { guard: `${V}|x` });
});
