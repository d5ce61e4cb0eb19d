// The seam between billing's projection and its reconciliation: an order change the projection applies (here a
// print's stamp coming back from orders) shows at the reconciliation's next call, although the call before it kept
// the vendor-month in the month cache (on, as in production: RECON_CACHE_MS default).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Role, Subjects } from '@portal/contracts';
import { startService, tokenFor, waitFor } from '@portal/service-kit/testing';
import { buildApp } from '../../src/app.js';
import { OrderProjection, fromStored } from '../../src/readmodels/order-projection.js';
import { VendorMonthVersion } from '../../src/models/month-versions.js';
import { PROJECTION_ENV, billingFacts, notice, tag } from './helpers.js';

let app: FastifyInstance;
before(async () => {
  app = await startService(buildApp, PROJECTION_ENV);
});
after(() => app?.close());

const applied = (id: string, version: number) =>
  waitFor(async () => {
    const doc = await OrderProjection.findById(id).lean();
    return doc && fromStored(doc).version >= version ? doc : null;
  }, 15_000);
const recon = async (vendorLN: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/reconciliation',
    headers: { authorization: `Bearer ${await tokenFor(Role.Admin)}` },
    payload: { vendorLN, from: '2026-11-02', to: '2026-11-08' },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { orders: { id: string; recon?: { user: string } }[] };
};

test('a stamp the projection applies shows at the next reconciliation call, though the month was just read', async () => {
  const ln = `PJ-S-${tag()}`.toUpperCase();
  const id = `pj-${tag()}`;
  const delivered = { deliveredDay: '2026-11-04', times: { delivered: '2026-11-04T15:00:00.000Z' } };
  const base = { pickupLN: ln, status: 7 };
  await app.bus.publish(
    Subjects.orderCreated,
    notice(id, { version: 1, companyKeys: [ln], billing: billingFacts(delivered) }, base),
  );
  await applied(id, 1);
  const first = await recon(ln);
  assert.deepEqual(
    first.orders.map((o) => [o.id, o.recon?.user ?? '']),
    [[id, '']],
  );
  const v = (await VendorMonthVersion.findById(`${ln}|2026-11`).lean<{ v: number }>())?.v ?? 0;

  const stamp = { recon: { date: '2026-11-09T10:00:00.000Z', user: 'Billing Clerk' } };
  await app.bus.publish(
    Subjects.orderUpdated,
    notice(id, { version: 2, companyKeys: [ln], billing: billingFacts({ ...delivered, ...stamp }) }, base),
  );
  await applied(id, 2);
  // the counter moves after the order is written: wait for it, not for a time
  await waitFor(async () => {
    const now = await VendorMonthVersion.findById(`${ln}|2026-11`).lean<{ v: number }>();
    return (now?.v ?? 0) > v || null;
  }, 5_000);
  const next = await recon(ln);
  assert.equal(next.orders[0]?.recon?.user, 'Billing Clerk', 'the stamp, not the rows the first call kept');
});
