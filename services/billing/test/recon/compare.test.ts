// The accounting compare: available through the local stub (deploy/local/accounting-stub), unavailable when the
// system is down (a closed port) or slow (a server that never answers): 200 with the words, the page still works.
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Role } from '@portal/contracts';
import { BillingMessages } from '@portal/contracts/billing';
import { freePort, startService, tokenFor } from '@portal/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { NameModel } from '../../src/readmodels/order-projection.js';
import { buildApp } from '../../src/app.js';
import { freshLN, projected } from './fixtures.js';
import { RECON_TEST_ENV } from './env.js';
import { seedProjected } from '../helpers/projected.js';

const V = freshLN('CMP');
const MATCHED = freshLN('CMM');
const apps: FastifyInstance[] = [];
let silent: Server;
let silentPort = 0;
let closedPort = 0;

before(async () => {
  closedPort = await freePort();
  silentPort = await freePort();
  silent = createServer(() => {}); // accepts and never answers
  await new Promise<void>((r) => silent.listen(silentPort, '127.0.0.1', r));
  const app = await startService(buildApp, RECON_TEST_ENV);
  apps.push(app);
  await NameModel.create([
    { _id: `vendor:${V}`, kind: 'vendor', name: 'Nobody Known Cannabis', registered: true, updatedAt: '' },
    { _id: `vendor:${MATCHED}`, kind: 'vendor', name: 'Northridge Gardens', registered: true, updatedAt: '' },
  ]);
  await seedProjected([projected(V, '2026-11-03', { billing: { amount: '12.34', amountCents: 1234 } })]);
});
after(async () => {
  for (const a of apps) await a.close();
  silent?.close();
});
const get = async (app: FastifyInstance, url: string, payload?: object) => {
  const res = await app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${await tokenFor(Role.Admin)}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, json: res.json() };
};

test('available: registered vendors that match no customer are listed; a matching name is not', async () => {
  const res = await get(apps[0]!, '/api/billing/compare');
  assert.equal(res.status, 200);
  assert.equal(res.json.data.available, true);
  assert.ok(res.json.data.mismatches.includes(V));
  assert.ok(!res.json.data.mismatches.includes(MATCHED));
  const recon = await get(apps[0]!, '/api/orders/reconciliation', {
    vendorLN: V,
    from: '2026-11-02',
    to: '2026-11-08',
  });
  assert.equal(recon.json.data.vendor.mismatch, true);
});

for (const [what, port, timeout] of [
  ['down (closed port)', () => closedPort, 3000],
  ['slow (never answers)', () => silentPort, 500],
] as const) {
  test(`unavailable when ${what}: 200 with the words; reconciliation and the picker still work`, async () => {
    const app = await startService(buildApp, {
      ...RECON_TEST_ENV,
      ACCOUNTING_URL: `http://127.0.0.1:${port()}`,
      ACCOUNTING_TIMEOUT_MS: timeout,
    });
    apps.push(app);
    const t0 = Date.now();
    const res = await get(app, '/api/billing/compare');
    assert.ok(Date.now() - t0 < timeout + 1500, 'answers within the timeout');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.data, { available: false, message: BillingMessages.compareUnavailable });
    const recon = await get(app, '/api/orders/reconciliation', {
      vendorLN: V,
      from: '2026-11-02',
      to: '2026-11-08',
    });
    assert.equal(recon.status, 200);
    assert.equal(recon.json.data.totals.amountCents, 1234);
    assert.ok(!('mismatch' in recon.json.data.vendor));
    const picker = await get(app, `/api/billing/vendors?q=${V}`);
    assert.equal(picker.json.data.compare, false);
    assert.deepEqual(picker.json.data.vendors, [
      { licenseNumber: V, name: 'Nobody Known Cannabis', registered: true },
    ]);
  });
}
