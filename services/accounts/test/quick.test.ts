import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { Messages } from '@portal/contracts';
import { tokenFor } from '@portal/service-kit/testing';
import { buildApp } from '../src/app.js';
import { seed } from '../scripts/seed.js';
import { User } from '../src/models/user.js';
import { TEST_ENV, call, uniqueEmail } from './helpers.js';
// @ts-expect-error plain ESM module without types
import { startAccountingStub } from '../../../deploy/local/accounting-stub/server.mjs';

type Stub = { url: string; close(): Promise<void>; setCustomers(c: unknown[]): void };
let app: FastifyInstance;
let stub: Stub;
let admin: string;
let stopped = false;
const known = uniqueEmail('qb-known');
const unknown = uniqueEmail('qb-unknown');
before(async () => {
  stub = await startAccountingStub({ port: 0 });
  app = await buildApp({ ...TEST_ENV, ACCOUNTING_URL: stub.url });
  await app.ready();
  await seed();
  admin = await tokenFor(1);
  await User.create({
    email: known,
    company: { Licensee: 'Known Co LLC', DBA: 'Known Co' },
    data: { notification: { qbMismatch: true } },
  });
  await User.create({ email: unknown, company: { Licensee: 'Nobody Knows Inc', DBA: 'Ghost' } });
  stub.setCustomers([
    { DisplayName: 'known co', CompanyName: 'Known Co LLC' },
    { DisplayName: 'Other', email: 'x@y.example' },
  ]);
});
after(async () => {
  await User.deleteMany({ email: { $in: [known, unknown] } });
  await app.close();
  if (!stopped) await stub.close();
});

test('comparecustomers marks the companies the accounting system does not know', async () => {
  const res = await call(app, 'GET', '/api/quick/comparecustomers', admin);
  assert.equal(res.status, 200, JSON.stringify(res.json));
  assert.ok(res.json.data.mismatches.includes(unknown));
  assert.ok(!res.json.data.mismatches.includes(known));
  assert.ok(res.json.data.checked >= 2);
  assert.equal((await User.findOne({ email: unknown }).lean())?.data?.notification?.qbMismatch, true);
  assert.equal((await User.findOne({ email: known }).lean())?.data?.notification?.qbMismatch, false);
  const u = await call(app, 'GET', `/api/users/${encodeURIComponent(unknown)}`, admin);
  assert.deepEqual(u.json.user.data, { notification: { qbMismatch: true } });
});

test('the stub speaks the QuickBooks-style query API', async () => {
  const r = await fetch(
    `${stub.url}/v3/company/demo/query?query=${encodeURIComponent('select * from Customer')}`,
  );
  const body = (await r.json()) as { QueryResponse: { Customer: { DisplayName: string }[] } };
  assert.equal(body.QueryResponse.Customer[0]!.DisplayName, 'known co');
  assert.equal(
    (await fetch(`${stub.url}/v3/company/demo/query?query=select%20*%20from%20Invoice`)).status,
    400,
  );
});

test('accounting unreachable → 502 with a message, flags untouched', async () => {
  await stub.close();
  stopped = true;
  const res = await call(app, 'GET', '/api/quick/comparecustomers', admin);
  assert.equal(res.status, 502);
  assert.equal(res.json.message, Messages.accountingUnavailable);
  assert.equal((await User.findOne({ email: unknown }).lean())?.data?.notification?.qbMismatch, true);
});
