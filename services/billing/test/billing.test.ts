import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { tokenFor } from '@portal/service-kit/testing';
import { assertRoleMatrix, tablePolicy, type Policy } from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

const POLICY: Policy = {
  'POST /api/reports/timestamp': [0, 1],
};

let app: FastifyInstance;
before(async () => {
  app = await startApp();
});
after(() => app.close());

test('health and readiness answer without a token', async () => {
  assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
  assert.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
});

test('the route table matches the written policy', () => assert.deepEqual(tablePolicy(app), POLICY));
test('role × endpoint: allowed callers pass the guard, everyone else gets 401/403', () =>
  assertRoleMatrix(app, POLICY));

test('an admin starts a timestamp report: 202 with the spec message', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/reports/timestamp',
    headers: { authorization: `Bearer ${await tokenFor(1)}` },
    payload: {},
  });
  assert.equal(res.statusCode, 202);
  assert.deepEqual(res.json(), {
    message: 'Your report has started. You will receive an email when it is completed.',
  });
});
