import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role } from '@portal/contracts';
import { startService } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { MemberModel } from '../../src/readmodels/member.js';
import { clearDashboardCache } from '../../src/domain/dashboards/read.js';
import { LN, TEST_ENV, get, member, nonZero, seed } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, TEST_ENV);
  await seed();
});
after(() => app?.close());
beforeEach(() => clearDashboardCache());

const VENDOR = '/api/billing/dashboard/vendor';
const MARCH = 'from=2031-03-01&to=2031-03-31';
const A = { Delivered: 3, 'Full Rejection': 1, 'Order Approved': 2 }; // A5's Exception reads as Approved (orders §4)
const B = { Delivered: 1, 'Partial Rejection': 1, 'Full Rejection': 1, 'Order Cancelled': 1 };

test("company A's account admin sees A's orders by status, on-time rate and deliveries per week", async () => {
  const res = await get(app, Role.AccountAdmin, `${VENDOR}?${MARCH}`);
  assert.equal(res.statusCode, 200, res.body);
  const d = res.json().data;
  assert.equal(d.licences, 1);
  assert.deepEqual(nonZero(d.ordersByStatus), A);
  assert.ok(!d.ordersByStatus.some((r: { label: string }) => r.label === 'Exception'), 'no Exception row');
  assert.deepEqual(d.onTime, { delivered: 3, measured: 2, onTime: 1, rate: 0.5 });
  assert.deepEqual(d.deliveriesPerWeek, [
    { week: '2031-02-24', delivered: 0 },
    { week: '2031-03-03', delivered: 2 },
    { week: '2031-03-10', delivered: 1 },
    { week: '2031-03-17', delivered: 0 },
    { week: '2031-03-24', delivered: 0 },
    { week: '2031-03-31', delivered: 0 },
  ]);
  assert.deepEqual(d.totals, { orders: 6, delivered: 3 });
});

test("company B's user sees B's only; neither ever sees the other's, whatever vendorLN they send", async () => {
  const b = (await get(app, Role.User, `${VENDOR}?${MARCH}`)).json().data;
  assert.deepEqual(nonZero(b.ordersByStatus), B);
  assert.deepEqual(b.onTime, { delivered: 1, measured: 1, onTime: 1, rate: 1 });
  assert.deepEqual(b.totals, { orders: 4, delivered: 1 });
  for (const ln of [LN.B, LN.B.toLowerCase(), `${LN.A},${LN.B}`, '']) {
    const a = (
      await get(app, Role.AccountAdmin, `${VENDOR}?${MARCH}&vendorLN=${encodeURIComponent(ln)}`)
    ).json();
    assert.deepEqual(nonZero(a.data.ordersByStatus), A, `vendorLN=${ln} is ignored for a company user`);
    const b2 = (await get(app, Role.User, `${VENDOR}?${MARCH}&vendorLN=${encodeURIComponent(LN.A)}`)).json();
    assert.deepEqual(b2.data.totals, { orders: 4, delivered: 1 });
  }
});

test('staff see a vendor by naming its licence, with the Exception row staff always see', async () => {
  const d = (await get(app, Role.Admin, `${VENDOR}?${MARCH}&vendorLN=${LN.B}`)).json().data;
  assert.deepEqual(nonZero(d.ordersByStatus), B);
  assert.ok(d.ordersByStatus.some((r: { label: string }) => r.label === 'Exception'));
  const a = (await get(app, Role.SuperAdmin, `${VENDOR}?${MARCH}&vendorLN=dash-a-1`)).json().data;
  assert.deepEqual(
    nonZero(a.ordersByStatus),
    { ...A, 'Order Approved': 1, Exception: 1 },
    'licence key normalised',
  );
  const none = await get(app, Role.Admin, `${VENDOR}?${MARCH}`);
  assert.equal(none.statusCode, 400);
  assert.equal(none.json().message, 'Please choose a vendor (vendorLN) to see their dashboard.');
});

test('a company user with no company keys (unknown, deleted or keyless) gets zeros, never anyone else’s', async () => {
  try {
    for (const change of [
      () => MemberModel.deleteOne({ _id: 'dash-a' }),
      () => MemberModel.create({ ...member('dash-a', 'accountadmin@demo.portal', 3, [LN.A]), deleted: true }),
      () => MemberModel.updateOne({ _id: 'dash-a' }, { deleted: false, companyKeys: [] }),
    ]) {
      await change();
      clearDashboardCache();
      const d = (await get(app, Role.AccountAdmin, `${VENDOR}?${MARCH}&vendorLN=${LN.B}`)).json().data;
      assert.equal(d.licences, 0);
      assert.deepEqual(d.totals, { orders: 0, delivered: 0 });
      assert.deepEqual(nonZero(d.ordersByStatus), {});
      assert.equal(d.onTime.rate, null);
    }
  } finally {
    await MemberModel.deleteOne({ _id: 'dash-a' });
    await MemberModel.create(member('dash-a', 'accountadmin@demo.portal', 3, [LN.A]));
  }
});

test('a driver is refused the vendor dashboard', async () => {
  const res = await get(app, Role.Driver, `${VENDOR}?${MARCH}`);
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().message, 'You do not have permission to do this.');
});
