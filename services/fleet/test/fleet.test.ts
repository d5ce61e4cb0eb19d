import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { tokenFor } from '@portal/service-kit/testing';
import { assertRoleMatrix, tablePolicy, type Policy } from '@portal/service-kit/testing';
import { startApp } from './helpers.js';

const POLICY: Policy = {
  'GET /api/drivers': [0, 1, 2],
  'GET /api/vehicles': [0, 1, 2],
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

test('a driver sees empty driver and vehicle lists; a company user is refused', async () => {
  const driver = { authorization: `Bearer ${await tokenFor(2)}` };
  assert.deepEqual((await app.inject({ url: '/api/drivers', headers: driver })).json(), {
    data: { drivers: [] },
  });
  assert.deepEqual((await app.inject({ url: '/api/vehicles', headers: driver })).json(), {
    data: { vehicles: [] },
  });
  const res = await app.inject({
    url: '/api/drivers',
    headers: { authorization: `Bearer ${await tokenFor(3)}` },
  });
  assert.equal(res.statusCode, 403);
  assert.equal(res.json().message, 'You do not have permission to do this.');
});
